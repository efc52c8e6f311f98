import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import type { GameState } from '@dcs/engine';
import { PrismaService } from '@dcs/common';
import { GameStore } from '@dcs/tournament';
import { stateOf } from '@dcs/tournament';

const MY_GAME = {
  id: true,
  status: true,
  startedAt: true,
  finishedAt: true,
  table: {
    select: {
      id: true,
      index: true,
      status: true,
      seats: { select: { seat: true, userId: true } },
      round: { select: { id: true, number: true, status: true, hardStopAt: true } },
      challenge: { select: { id: true, kind: true, localDate: true, status: true, city: { select: { id: true, name: true } } } },
    },
  },
  // issue 43: a house game is a game of the player's too ("My games" said "No games yet" after one)
  houseTable: { select: { id: true, ruleset: true, purpose: true, seatsTaken: { select: { seat: true, userId: true, botLevel: true } } } },
} satisfies Prisma.GameSelect;

/** A game row and its current state (the store's to compute: the row holds a snapshot). */
export type MyGameRow = Prisma.GameGetPayload<{ select: typeof MY_GAME }> & { state: GameState };

/** The games a player sat at, for "where is my game?". Reads only. */
@Injectable()
export class MyGamesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly games: GameStore,
  ) {}

  /**
   * The player's challenge and house games, games still being played first, then newest first (ties by id);
   * `after` is the last id of the previous page. A game the player does not sit at is no cursor (null).
   */
  async page(userId: string, limit: number, after?: string): Promise<MyGameRow[] | null> {
    const mine: Prisma.GameWhereInput = { OR: [{ table: { seats: { some: { userId } } } }, { houseTable: { seatsTaken: { some: { userId } } } }] };
    if (after && !(await this.prisma.game.count({ where: { id: after, ...mine } }))) return null;
    const rows = await this.prisma.game.findMany({
      where: mine,
      orderBy: [{ status: 'asc' }, { startedAt: 'desc' }, { id: 'desc' }],
      take: limit,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      select: MY_GAME,
    });
    const states = new Map((await this.games.findMany(rows.map((r) => r.id))).map((g) => [g.id, stateOf(g)]));
    return rows.map((r) => ({ ...r, state: states.get(r.id)! }));
  }
}
