import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';

export class ExportQueryDto {
  @ApiPropertyOptional({ enum: ['csv', 'json'], description: 'csv (RFC 4180, UTF-8, header row) or json (an array of the same rows); without it, `Accept: text/csv` gives CSV and anything else JSON. Another value: 400 EXPORT_FORMAT_UNSUPPORTED' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  format?: string;
}

export class AuditExportQueryDto extends ExportQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'entries at or after this instant' }) @IsOptional() @IsISO8601({ strict: true }) from?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'entries before this instant' }) @IsOptional() @IsISO8601({ strict: true }) to?: string;
}

const PLACEMENTS = ['1', '2', '3-4', '5-8', '9-16', 'participation'];

/** A row of `GET /api/exports/challenges/:id/results` (the CSV columns, in this order). */
export class ChallengeResultExportRowDto {
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ example: '2027-03-20', description: "the Saturday's local date" }) date!: string;
  @ApiProperty({ enum: PLACEMENTS }) placement!: string;
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty({ description: 'as typed by the player (in CSV a leading =, +, -, @, tab or CR gets a quote before it)' }) displayName!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'the seed in the bracket (1 = best)' }) seed!: number | null;
  @ApiProperty({ description: 'tables the player sat at' }) roundsPlayed!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'the last round they played' }) lastRound!: number | null;
  @ApiProperty({ description: 'tables they advanced from' }) tablesAdvanced!: number;
  @ApiProperty() rankingPoints!: number;
  @ApiProperty({ description: 'US cents' }) prizeCents!: number;
  @ApiProperty({ description: 'disqualified by a director: the placement stands, points and prize are withheld' }) disqualified!: boolean;
}

/** A row of `GET /api/exports/cities/:cityId/seasons/:seasonId/standings` (the CSV columns, in this order). */
export class StandingExportRowDto {
  @ApiProperty({ description: '1-based place in the standings order (rank, then player id)' }) position!: number;
  @ApiProperty({ description: 'equal for players still level after the whole tiebreaker chain' }) rank!: number;
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty({ description: 'as typed by the player (in CSV a leading =, +, -, @, tab or CR gets a quote before it)' }) displayName!: string;
  @ApiProperty() points!: number;
  @ApiProperty({ description: 'tiebreaker: challenges won' }) tournamentWins!: number;
  @ApiProperty({ description: 'tiebreaker: games played' }) gamesPlayed!: number;
  @ApiProperty({ description: 'tiebreaker: average score differential' }) avgScoreDiff!: number;
  @ApiProperty({ nullable: true, type: String, enum: ['points', 'head-to-head', 'tournament-wins', 'score-differential', 'games-played', 'recent-performance'], description: 'what separated the player from the one directly above' }) tiebreak!: string | null;
  @ApiProperty() eliteSixEligible!: boolean;
  @ApiProperty({ enum: ['clinched', 'in-contention', 'eliminated'] }) status!: string;
  @ApiProperty() pointsStillPossible!: number;
  @ApiProperty({ description: 'reasons of the rank resets applied, separated by "; " (empty: none)' }) resets!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'the Elite Six seed (1-6) the player holds: final once the season is closed, provisional before' }) eliteSixSeed!: number | null;
  @ApiProperty({ nullable: true, type: String, enum: ['seed-1-travel', 'seed-2-3', 'qualification'] }) eliteSixBenefit!: string | null;
}

/** A row of `GET /api/exports/cities/:cityId/audit-log` (the CSV columns, in this order). */
export class AuditExportRowDto {
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null: the system (a worker job)' }) actorId!: string | null;
  @ApiProperty({ nullable: true, type: String }) actorName!: string | null;
  @ApiProperty() action!: string;
  @ApiProperty() entityType!: string;
  @ApiProperty({ nullable: true, type: String }) entityId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'as typed by the actor' }) reason!: string | null;
  @ApiProperty({ description: 'what changed, as JSON text' }) data!: string;
}
