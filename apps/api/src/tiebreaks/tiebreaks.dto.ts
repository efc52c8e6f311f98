import { ApiProperty } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { IsInt, Max, Min } from 'class-validator';

export class TiebreakPickDto {
  @ApiProperty({ minimum: 0, maximum: 27, description: 'which of the 28 face-down tiles to take' })
  @IsInt()
  @Min(0)
  @Max(27)
  position!: number;
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
