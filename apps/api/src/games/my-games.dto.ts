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

export class MyGameHouseSeatDto {
  @ApiProperty({ description: '0-based' }) seat!: number;
  @ApiProperty({ nullable: true, enum: ['easy', 'medium', 'hard'], description: 'a computer seat\'s level; null for a person' }) computer!: string | null;
}

export class MyGameHouseDto {
  @ApiProperty({ description: 'the house table (GET /house/tables/:id)' }) houseTableId!: string;
  @ApiProperty({ example: 'citizen' }) ruleset!: string;
  @ApiProperty({ enum: ['friendly', 'workout', 'stake'] }) purpose!: string;
  @ApiProperty({ type: [MyGameHouseSeatDto] }) seats!: MyGameHouseSeatDto[];
}

export class MyGameDto {
  @ApiProperty({ description: 'join `game:<gameId>` / GET /games/:id/view' }) gameId!: string;
  @ApiProperty({ enum: ['challenge', 'house'], description: 'a challenge table\'s game (`challenge`, `round`) or a house table\'s (`house`)' }) kind!: 'challenge' | 'house';
  @ApiProperty({ enum: ['playing', 'finished'] }) status!: string;
  @ApiProperty({ description: 'my seat, 0-based' }) seat!: number;
  @ApiProperty({ description: 'the challenge table, or the house table' }) tableId!: string;
  @ApiProperty({ description: 'the table\'s index within its round, 0-based (table 0 is "table 1"); 0 at a house table' }) table!: number;
  @ApiProperty({ enum: ['waiting', 'playing', 'tiebreak', 'finished', 'open', 'closed'] }) tableStatus!: string;
  @ApiProperty({ type: MyGameRoundDto, nullable: true, description: 'null for a house game' }) round!: MyGameRoundDto | null;
  @ApiProperty({ type: MyGameChallengeDto, nullable: true, description: 'null for a house game' }) challenge!: MyGameChallengeDto | null;
  @ApiProperty({ type: MyGameHouseDto, nullable: true, description: 'null for a challenge game' }) house!: MyGameHouseDto | null;
  @ApiProperty({ type: [Number], description: 'scores by seat' }) scores!: number[];
  @ApiProperty({ nullable: true, enum: ['target', 'forfeit', 'hard-stop', 'void'], description: 'how the game ended; null while it is played' }) endedBy!: string | null;
  @ApiProperty() startedAt!: string;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;

  /** Null for a row the player has no seat in. */
  static from(g: MyGameRow, userId: string): MyGameDto | null {
    const state: Pick<GameState, 'scores' | 'endedBy'> = g.state;
    const t = g.table;
    const h = g.houseTable;
    if (!t && h) {
      const mine = h.seatsTaken.find((s) => s.userId === userId);
      if (!mine) return null;
      return {
        gameId: g.id,
        kind: 'house',
        status: g.status,
        seat: mine.seat,
        tableId: h.id,
        table: 0,
        tableStatus: g.status === 'playing' ? 'playing' : 'finished',
        round: null,
        challenge: null,
        house: { houseTableId: h.id, ruleset: h.ruleset, purpose: h.purpose, seats: [...h.seatsTaken].sort((a, b) => a.seat - b.seat).map((s) => ({ seat: s.seat, computer: s.userId ? null : (s.botLevel ?? null) })) },
        scores: state.scores,
        endedBy: state.endedBy ?? null,
        startedAt: g.startedAt.toISOString(),
        finishedAt: g.finishedAt?.toISOString() ?? null,
      };
    }
    const seat = t?.seats.find((s) => s.userId === userId);
    if (!t || !seat) return null;
    return {
      gameId: g.id,
      kind: 'challenge',
      house: null,
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
