import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { ReasonDto } from '../common/acts.dto';
import { GameViewResponseDto } from '../games/games.dto';

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

/** What anyone may see of a table: who sits where, the public board, scores, clocks — never a hand. */
export class TableViewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ description: 'the table\'s number in its round, from 0' }) index!: number;
  @ApiProperty({ example: 'playing' }) status!: string;
  @ApiProperty({ nullable: true, type: String }) endedBy!: string | null;
  @ApiProperty({ type: [SeatDto] }) seats!: SeatDto[];
  @ApiProperty({ type: [SeatResultDto], nullable: true, description: 'null until the table is decided' }) result!: SeatResultDto[] | null;
  @ApiProperty({ type: GameViewResponseDto, nullable: true, description: 'the latest game\'s public view' }) game!: GameViewResponseDto | null;
}

export class CorrectResultDto extends ReasonDto {
  @ApiProperty({ type: [String], description: 'the table\'s players from 1st to last' })
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(4)
  @IsUUID('all', { each: true })
  order!: string[];
}

export class VoidedTableDto {
  @ApiProperty({ format: 'uuid', description: 'the replay\'s game' }) gameId!: string;
}
