import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class StandingsQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 10_000 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10_000) page?: number;
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) pageSize?: number;
  @ApiPropertyOptional({ description: 'part of a display name, or a player id' }) @IsOptional() @IsString() @MaxLength(60) search?: string;
}

export class PlayerRankingQueryDto {
  @ApiPropertyOptional({ description: 'another player: adds the head-to-head record against them' }) @IsOptional() @IsUUID() vs?: string;
}

const RANK_REASONS = ['points', 'head-to-head', 'tournament-wins', 'score-differential', 'games-played', 'recent-performance'];
const RACE_STATUSES = ['clinched', 'in-contention', 'eliminated'];

const NEED_LEVELS = ['1', '2', '3-4', '5-8', '9-16', 'participation'];

export class ClinchResultDto {
  @ApiProperty({ enum: NEED_LEVELS, description: "finish at this placement or better ('1': win the challenge; '2': top 2; '3-4': top 4; '5-8': top 8; '9-16': top 16; 'participation': simply play) …" }) level!: string;
  @ApiProperty({ minimum: 1, description: '… in this many of the remaining challenges' }) challenges!: number;
  @ApiProperty({ description: 'the points it brings at the least (the placement\'s points × challenges)' }) points!: number;
}

/** "What I need" for a player in contention (docs/rules.md): recomputed with each completion, from the stored standings. */
export class RaceNeedDto {
  @ApiProperty({ type: ClinchResultDto, nullable: true, description: 'the smallest result of their own that clinches the Elite Six whatever everyone else does; null when no result of theirs alone clinches (they also need others to falter)' })
  clinch!: ClinchResultDto | null;
  @ApiProperty({ minimum: 0, description: 'they are eliminated if they gain fewer than this many more points over the remaining challenges (0: nothing more is needed in the best case)' })
  outBelow!: number;
}

export class StandingRowDto {
  @ApiProperty({ description: '1-based; equal for players still level after the whole tiebreaker chain' }) rank!: number;
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() points!: number;
  @ApiProperty() tournamentWins!: number;
  @ApiProperty() gamesPlayed!: number;
  @ApiProperty() avgScoreDiff!: number;
  @ApiProperty({ enum: RANK_REASONS, nullable: true, type: String, description: 'what separated the player from the one directly above' }) tiebreak!: string | null;
  @ApiProperty() eliteSixEligible!: boolean;
  @ApiProperty({ type: [String], description: 'reasons of rank resets applied' }) resets!: string[];
  @ApiProperty({ enum: RACE_STATUSES }) status!: string;
  @ApiProperty() pointsStillPossible!: number;
  @ApiProperty({ type: RaceNeedDto, nullable: true, description: '"What I need" while in contention; null when clinched or eliminated' }) need!: RaceNeedDto | null;
}

export class StandingsPageDto {
  @ApiProperty({ format: 'uuid' }) seasonId!: string;
  @ApiProperty({ enum: ['upcoming', 'active', 'closed'] }) seasonStatus!: string;
  @ApiProperty() challengesPlayed!: number;
  @ApiProperty() challengesRemaining!: number;
  @ApiProperty({ description: 'rows matching (all pages)' }) total!: number;
  @ApiProperty({ minimum: 1 }) page!: number;
  @ApiProperty({ minimum: 1, maximum: 200 }) pageSize!: number;
  @ApiProperty({ type: [StandingRowDto] }) items!: StandingRowDto[];
}

/** An Elite Six place as the season's close decides it (the close answers these). */
export class EliteSixPlaceDto {
  @ApiProperty({ minimum: 1, maximum: 6 }) seed!: number;
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty() rank!: number;
  @ApiProperty() points!: number;
  @ApiProperty({ enum: ['seed-1-travel', 'seed-2-3', 'qualification'] }) benefit!: string;
}

/** An Elite Six place with the player's name, as the standings and the Elite Six page show it. */
export class EliteSixQualifierDto extends EliteSixPlaceDto {
  @ApiProperty() displayName!: string;
}

export class CutDrawDto {
  @ApiProperty({ type: [String], format: 'uuid' }) players!: string[];
  @ApiProperty() places!: number;
}

export class SeedTieDto {
  @ApiProperty({ type: [String], format: 'uuid' }) players!: string[];
  @ApiProperty({ type: [Number] }) seeds!: number[];
}

export class EliteSixRemovedDto {
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty() seed!: number;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty({ format: 'date-time' }) removedAt!: string;
}

export class SeasonDrawDto {
  @ApiProperty({ enum: ['cut', 'seeds'] }) purpose!: 'cut' | 'seeds';
  @ApiProperty({ type: [String], format: 'uuid' }) players!: string[];
  @ApiProperty() places!: number;
  @ApiProperty() seedHash!: string;
  @ApiProperty() seed!: string;
  @ApiProperty({ type: [String], format: 'uuid' }) order!: string[];
}

export class EliteSixDto {
  @ApiProperty({ type: [EliteSixQualifierDto] }) qualifiers!: EliteSixQualifierDto[];
  @ApiProperty({ type: CutDrawDto, nullable: true, description: 'players tied across the cut and the places they contest' }) needsDraw!: CutDrawDto | null;
  @ApiProperty({ type: [SeedTieDto] }) seedTies!: SeedTieDto[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'eligible players skipped (lost Elite Six qualification)' }) skipped!: string[];
  @ApiProperty({ description: 'true once the season is closed' }) final!: boolean;
  @ApiProperty({ type: [EliteSixRemovedDto] }) removed!: EliteSixRemovedDto[];
  @ApiProperty({ type: [SeasonDrawDto] }) draws!: SeasonDrawDto[];
}

export class CityRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

/** A player's post-game analysis over a season's challenge games (issue 24; docs/rules.md "Post-game analysis"). */
export class SeasonAccuracyDto {
  @ApiProperty({ description: 'reviewed games' }) games!: number;
  @ApiProperty({ description: 'decisions judged' }) decisions!: number;
  @ApiProperty({ nullable: true, type: Number, description: '0-100, weighted by decisions; null with none' }) accuracy!: number | null;
  @ApiProperty() inaccuracies!: number;
  @ApiProperty() mistakes!: number;
  @ApiProperty() blunders!: number;
}

export class PlayerSeasonDto {
  @ApiProperty({ format: 'uuid' }) seasonId!: string;
  @ApiProperty({ type: CityRefDto }) city!: CityRefDto;
  @ApiProperty() number!: number;
  @ApiProperty({ nullable: true, type: Number }) rank!: number | null;
  @ApiProperty() points!: number;
  @ApiProperty({ enum: RACE_STATUSES, nullable: true, type: String }) status!: string | null;
  @ApiProperty({ description: 'challenges of the season still to play (0 once closed)' }) challengesRemaining!: number;
  @ApiProperty({ type: RaceNeedDto, nullable: true, description: '"What I need" while in contention; null when clinched or eliminated' }) need!: RaceNeedDto | null;
  @ApiProperty({ type: SeasonAccuracyDto, nullable: true, description: 'the post-game analysis of their games this season; null before any was reviewed' }) accuracy!: SeasonAccuracyDto | null;
}

export class PlayerResultDto {
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ example: '2027-03-20' }) date!: string;
  @ApiProperty({ type: CityRefDto }) city!: CityRefDto;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) seasonId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) week!: number | null;
  @ApiProperty({ example: 'weekly' }) kind!: string;
  @ApiProperty({ example: '1' }) placement!: string;
  @ApiProperty() rankingPoints!: number;
  @ApiProperty() prizeCents!: number;
}

export class MeetingDto {
  @ApiProperty({ format: 'uuid' }) tableId!: string;
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty() round!: number;
  @ApiProperty() myPlace!: number;
  @ApiProperty() theirPlace!: number;
  @ApiProperty({ example: 'win' }) outcome!: string;
}

export class HeadToHeadDto {
  @ApiProperty({ format: 'uuid' }) opponentId!: string;
  @ApiProperty() opponentName!: string;
  @ApiProperty() wins!: number;
  @ApiProperty() losses!: number;
  @ApiProperty({ type: [MeetingDto] }) meetings!: MeetingDto[];
}

export class PlayerRankingDto {
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: [PlayerSeasonDto] }) seasons!: PlayerSeasonDto[];
  @ApiProperty({ type: [PlayerResultDto] }) history!: PlayerResultDto[];
  @ApiProperty({ type: HeadToHeadDto, nullable: true, description: 'with ?vs=' }) headToHead!: HeadToHeadDto | null;
}
