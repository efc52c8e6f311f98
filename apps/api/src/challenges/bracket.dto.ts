import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { ReasonDto } from '../common/acts.dto';
import { SeatDto, SeatResultDto } from '../tables/tables.dto';

export class ByeDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() seed!: number;
}

export class BracketTableDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'the same as id' }) tableId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'the game being played at the table, or its last one (a voided table\'s replay); null before it is dealt' }) gameId!: string | null;
  @ApiProperty({ description: 'the table\'s number in its round, from 0' }) index!: number;
  @ApiProperty({ example: 'playing' }) status!: string;
  @ApiProperty({ nullable: true, type: String, description: 'how the table ended (e.g. target, hard_stop, forfeit)' }) endedBy!: string | null;
  @ApiProperty({ type: [SeatDto] }) seats!: SeatDto[];
  @ApiProperty({ type: [SeatResultDto], nullable: true, description: 'null until the table is decided' }) result!: SeatResultDto[] | null;
  @ApiProperty({ type: [Number], nullable: true, description: "the game being played's scores by seat (public, as the spectator view shows them); null when no game is being played" }) scores!: number[] | null;
  @ApiProperty({ type: [String], format: 'uuid', description: 'the table\'s 6-4/5-5 draws (GET /tiebreaks/:id)' }) tiebreaks!: string[];
}

export class BracketRoundDto {
  @ApiProperty() round!: number;
  @ApiProperty({ example: 'running' }) status!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) startsAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) hardStopAt!: string | null;
  @ApiProperty({ type: [ByeDto] }) byes!: ByeDto[];
  @ApiProperty({ type: [BracketTableDto] }) tables!: BracketTableDto[];
}

export class PlacementDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ example: '1', description: "'1', '2', '3-4', '5-8', '9-16' … or 'participation'" }) placement!: string;
  @ApiProperty() rankingPoints!: number;
  @ApiProperty() prizeCents!: number;
}

export class BracketDto {
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ example: 'running' }) status!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'players seated in the bracket; null before it is drawn' }) players!: number | null;
  @ApiProperty({ type: [BracketRoundDto] }) rounds!: BracketRoundDto[];
  @ApiProperty({ type: [PlacementDto], description: 'once completed' }) placements!: PlacementDto[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'players a director disqualified from this challenge' }) disqualified!: string[];
}

export class DisqualifyDto extends ReasonDto {
  @ApiProperty({ description: 'the player to disqualify' })
  @IsUUID()
  userId!: string;
}
