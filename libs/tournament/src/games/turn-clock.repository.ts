import { Injectable } from '@nestjs/common';
import type { GameTimeout } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';

/** The turn clock's rows: the clock run-outs (game_timeouts) of every game, whatever its table. */
@Injectable()
export class TurnClockRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  lastRunOut(gameId: string, version: number): Promise<GameTimeout | null> {
    return this.prisma.gameTimeout.findFirst({ where: { gameId, version }, orderBy: { attempt: 'desc' } });
  }

  /** Run-outs per seat over the whole game. */
  async runOutsBySeat(gameId: string): Promise<{ seat: number; count: number }[]> {
    const rows = await this.prisma.gameTimeout.groupBy({ by: ['seat'], where: { gameId }, _count: { _all: true } });
    return rows.map((r) => ({ seat: r.seat, count: r._count._all }));
  }

  runOutsAt(tx: Tx, gameId: string, version: number): Promise<GameTimeout[]> {
    return tx.gameTimeout.findMany({ where: { gameId, version }, orderBy: { attempt: 'asc' } });
  }

  recordRunOut(tx: Tx, data: { gameId: string; seat: number; version: number; attempt: number }): Promise<GameTimeout> {
    return tx.gameTimeout.create({ data });
  }

  runOutsOfSeat(tx: Tx, gameId: string, seat: number): Promise<number> {
    return tx.gameTimeout.count({ where: { gameId, seat } });
  }
}
