import { ApiProperty } from '@nestjs/swagger';
import { GameViewResponseDto } from '../games/games.dto';
import { SeatDto, SeatResultDto } from '../tournament/tournament.dto';

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
