import { Injectable } from '@nestjs/common';
import type { GameTimeout } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import type { SeatRow, Tx } from './games.repository';
import { recordAudit } from './audit/audit-log.repository';
import { recordViolationOnce } from './conduct/conduct-violations.repository';

/**
 * The turn clock's rows: the clock run-outs (game_timeouts), a challenge's clock length, and the
 * stalling violation a 5th run-out records (its audit entry and the conduct ledger's row, through
 * their owners).
 */
@Injectable()
export class TurnClockRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** A challenge table's clock (its challenge's `turnMs`); null when there is no such table. */
  async turnMsOfTable(tableId: string, db: Tx | PrismaService = this.prisma): Promise<number | null> {
    const t = await db.challengeTable.findUnique({ where: { id: tableId }, select: { challenge: { select: { turnMs: true } } } });
    return t?.challenge.turnMs ?? null;
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

  tableSeats(tx: Tx, tableId: string): Promise<SeatRow[]> {
    return tx.tableSeat.findMany({ where: { tableId }, select: { seat: true, userId: true } });
  }

  /** The major stalling violation of a forfeit by the clock: its audit entry, and the conduct ledger's row (one per game and seat). */
  async recordStalling(tx: Tx, game: { id: string; tableId: string | null }, seat: number, tickets: number): Promise<void> {
    const seatRow = game.tableId ? await tx.tableSeat.findFirst({ where: { tableId: game.tableId, seat } }) : null;
    const reason = `${tickets} turn-clock run-outs in one game: the game is forfeited (major stalling violation)`;
    await recordAudit(tx, { action: 'conduct.stalling', entityType: 'game', entityId: game.id, reason, data: { seat, userId: seatRow?.userId ?? null, severity: 'major', tickets } });
    if (seatRow) {
      await recordViolationOnce(tx, { userId: seatRow.userId, kind: 'stalling', gameId: game.id, reason, details: { seat, severity: 'major', tickets }, dedupeKey: `stalling:${game.id}:${seat}` });
    }
  }
}
