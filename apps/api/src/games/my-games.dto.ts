import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import type { GameState } from '@dcs/engine';
import type { MyGameRow } from './my-games.repository';

export class MyGamesQueryDto {
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: 'gameId of the last game of the previous page (`next` of the previous answer)' })
  @IsOptional()
  @IsUUID()
  after?: string;
}

export class MyGameRoundDto {
  @ApiProperty() roundId!: string;
  @ApiProperty({ description: '1-based round number' }) number!: number;
  @ApiProperty({ enum: ['pending', 'running', 'finished'] }) status!: string;
  @ApiProperty({ nullable: true, type: String }) hardStopAt!: string | null;
}

export class MyGameChallengeDto {
  @ApiProperty() challengeId!: string;
  @ApiProperty({ enum: ['weekly', 'special', 'regional', 'ndt'] }) kind!: string;
  @ApiProperty() localDate!: string;
  @ApiProperty() status!: string;
  @ApiProperty() cityId!: string;
  @ApiProperty() cityName!: string;
}

export class MyGameDto {
  @ApiProperty({ description: 'join `game:<gameId>` / GET /games/:id/view' }) gameId!: string;
  @ApiProperty({ enum: ['playing', 'finished'] }) status!: string;
  @ApiProperty({ description: 'my seat, 0-based' }) seat!: number;
  @ApiProperty() tableId!: string;
  @ApiProperty({ description: 'the table\'s index within its round, 0-based (table 0 is "table 1")' }) table!: number;
  @ApiProperty({ enum: ['waiting', 'playing', 'tiebreak', 'finished'] }) tableStatus!: string;
  @ApiProperty({ type: MyGameRoundDto }) round!: MyGameRoundDto;
  @ApiProperty({ type: MyGameChallengeDto }) challenge!: MyGameChallengeDto;
  @ApiProperty({ type: [Number], description: 'scores by seat' }) scores!: number[];
  @ApiProperty({ nullable: true, enum: ['target', 'forfeit', 'hard-stop', 'void'], description: 'how the game ended; null while it is played' }) endedBy!: string | null;
  @ApiProperty() startedAt!: string;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;

  /** Null for a row without a table (not a challenge game: never listed). */
  static from(g: MyGameRow, userId: string): MyGameDto | null {
    const t = g.table;
    const seat = t?.seats.find((s) => s.userId === userId);
    if (!t || !seat) return null;
    const state: Pick<GameState, 'scores' | 'endedBy'> = g.state;
    return {
      gameId: g.id,
      status: g.status,
      seat: seat.seat,
      tableId: t.id,
      table: t.index,
      tableStatus: t.status,
      round: { roundId: t.round.id, number: t.round.number, status: t.round.status, hardStopAt: t.round.hardStopAt?.toISOString() ?? null },
      challenge: { challengeId: t.challenge.id, kind: t.challenge.kind, localDate: t.challenge.localDate, status: t.challenge.status, cityId: t.challenge.city.id, cityName: t.challenge.city.name },
      scores: state.scores,
      endedBy: state.endedBy ?? null,
      startedAt: g.startedAt.toISOString(),
      finishedAt: g.finishedAt?.toISOString() ?? null,
    };
  }
}

export class MyGamesPageDto {
  @ApiProperty({ type: [MyGameDto], description: 'games being played first, then newest first' }) items!: MyGameDto[];
  @ApiProperty({ nullable: true, type: String, description: 'pass as `after` for the next page; null on the last page' }) next!: string | null;
}
