import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';

/** The reads of a challenge's live health (apps/api/src/director-calls/live-health.ts). */
@Injectable()
export class LiveHealthRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  async challengeExists(id: string): Promise<boolean> {
    return !!(await this.prisma.challenge.findUnique({ where: { id }, select: { id: true } }));
  }

  /** The tables of the running round not decided yet, with their seats' players. */
  playingTables(challengeId: string) {
    return this.prisma.challengeTable.findMany({
      where: { challengeId, status: { not: 'finished' }, round: { status: 'running' } },
      orderBy: { index: 'asc' },
      select: { id: true, index: true, round: { select: { number: true } }, seats: { orderBy: { seat: 'asc' }, select: { seat: true, userId: true, user: { select: { displayName: true } } } } },
    });
  }

  /** Their games still playing, with the time of their last change (every move sets it). */
  playingGames(tableIds: string[]) {
    return this.prisma.game.findMany({ where: { tableId: { in: tableIds }, status: 'playing' }, select: { id: true, tableId: true, updatedAt: true } });
  }
}
