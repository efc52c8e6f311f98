import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';

const MY_GAME = {
  id: true,
  status: true,
  startedAt: true,
  finishedAt: true,
  state: true,
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
} satisfies Prisma.GameSelect;

export type MyGameRow = Prisma.GameGetPayload<{ select: typeof MY_GAME }>;

/** The games a player sat at, for "where is my game?". Reads only. */
@Injectable()
export class MyGamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The player's challenge games, games still being played first, then newest first (ties by id);
   * `after` is the last id of the previous page. A game the player does not sit at is no cursor (null).
   */
  async page(userId: string, limit: number, after?: string): Promise<MyGameRow[] | null> {
    const mine: Prisma.GameWhereInput = { table: { seats: { some: { userId } } } };
    if (after && !(await this.prisma.game.count({ where: { id: after, ...mine } }))) return null;
    return this.prisma.game.findMany({
      where: mine,
      orderBy: [{ status: 'asc' }, { startedAt: 'desc' }, { id: 'desc' }],
      take: limit,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      select: MY_GAME,
    });
  }
}
