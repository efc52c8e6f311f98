import { ApiProperty } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

export class TiebreakPickDto {
  @ApiProperty({ minimum: 0, maximum: 27, description: 'which of the 28 face-down tiles to take' })
  @IsInt()
  @Min(0)
  @Max(27)
  position!: number;
}

export class ReasonDto {
  @ApiProperty({ minLength: 3, maxLength: 500, description: 'why (kept in the audit log)' })
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason!: string;
}

export class DisqualifyDto extends ReasonDto {
  @ApiProperty({ description: 'the player to disqualify' })
  @IsUUID()
  userId!: string;
}

export class CorrectResultDto extends ReasonDto {
  @ApiProperty({ type: [String], description: 'the table\'s players from 1st to last' })
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(4)
  @IsUUID('all', { each: true })
  order!: string[];
}

export class SeatDto {
  @ApiProperty({ minimum: 0, maximum: 3 }) seat!: number;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ description: 'the player\'s seed in the bracket (1 = best)' }) seed!: number;
}

export class SeatResultDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ minimum: 0, maximum: 3 }) seat!: number;
  @ApiProperty() score!: number;
  @ApiProperty({ description: '1-based; at the final table 3rd and 4th both show 3' }) place!: number;
  @ApiProperty() advanced!: boolean;
  @ApiProperty() forfeited!: boolean;
}

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

export class TiebreakTakenDto {
  @ApiProperty({ format: 'uuid' }) playerId!: string;
  @ApiProperty({ minimum: 0, maximum: 27 }) position!: number;
}

/** The public view of a 6-4/5-5 draw (libs/engine tiebreakPublicView): positions taken, tiles only once a round is closed. */
export class TiebreakPublicViewDto implements TiebreakPublicView {
  @ApiProperty({ nullable: true, type: String, description: 'null while the draw is open (a round\'s seed is derived from it); filled in once decided' }) drawId!: string | null;
  @ApiProperty({ type: [String], format: 'uuid' }) players!: string[];
  @ApiProperty({ description: 'how many top places the draw decides' }) places!: number;
  @ApiProperty({ enum: ['picking', 'decided'] }) status!: 'picking' | 'decided';
  @ApiProperty() version!: number;
  @ApiProperty() round!: number;
  @ApiProperty({ type: [String], format: 'uuid' }) contenders!: string[];
  @ApiProperty({ type: [String], format: 'uuid' }) winners!: string[];
  @ApiProperty() handSize!: number;
  @ApiProperty({ type: [TiebreakTakenDto] }) taken!: TiebreakTakenDto[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'closed rounds in full (seed — null while the draw is open —, order, picks, hands, outcome): the audit record' }) rounds!: TiebreakPublicView['rounds'];
}

export class TiebreakViewDto extends TiebreakPublicViewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) tableId!: string | null;
  @ApiProperty({ format: 'date-time', description: 'when the current picking window closes' }) closesAt!: string;
  @ApiProperty() decided!: boolean;
}

export class OkDto {
  @ApiProperty({ enum: [true] }) ok!: true;
}

export class VoidedTableDto {
  @ApiProperty({ format: 'uuid', description: 'the replay\'s game' }) gameId!: string;
}
