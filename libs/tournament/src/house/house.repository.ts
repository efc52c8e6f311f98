import { Injectable } from '@nestjs/common';
import type { Currency, FileEntry, FileEntryKind, HouseSeat, HouseTable, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { courtLevel, type CourtLevel } from '@dcs/house';
import type { Tx } from '../games.repository';

export type TableWithSeats = HouseTable & { seatsTaken: (HouseSeat & { user: { displayName: string } | null })[] };

/** What HouseService.settle booked for a game (`result`), with the game's ticket fines and computer run-outs. */
export interface SettledGame {
  gameId: string;
  result: {
    winner: number | null;
    scores: number[];
    forfeited: boolean[];
    payments?: { from: number; to: number; amount: number; skunk: boolean }[];
    house?: number;
    workouts?: { userId: string; amount: number; kind: string; dumbbells: number }[];
    jar?: { userId: string; kind: 'fines' | 'excuse'; amount?: number }[];
  };
  settledAt: Date;
  fines: { seat: number | null; userId: string | null; fine: number; currency: Currency | null }[];
  computerRunOuts: number;
}

/** Open tickets and felonies on a file: entries with no closing entry (served, expunged, cleared). */
export interface CourtStatus {
  openTickets: number;
  felonies: number;
  court: CourtLevel | null;
}

/**
 * The house-table aggregate (tables, seats, the player's file, workouts, excuses, settlements):
 * the only code reading or writing those rows. Lock order inside a transaction: the house table
 * row (`lockTable`), then its game (GameStore.lock), then wallets (WalletRepository.lockAll).
 */
@Injectable()
export class HouseRepository {
  constructor(readonly prisma: PrismaService) {}

  table(db: Pick<Prisma.TransactionClient, 'houseTable'>, id: string): Promise<TableWithSeats | null> {
    return db.houseTable.findUnique({ where: { id }, include: { seatsTaken: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } } } });
  }

  async lockTable(tx: Tx, id: string): Promise<TableWithSeats | null> {
    await tx.$queryRaw`SELECT id FROM house_tables WHERE id = ${id}::uuid FOR UPDATE`;
    return this.table(tx, id);
  }

  byCode(code: string): Promise<HouseTable | null> {
    return this.prisma.houseTable.findUnique({ where: { inviteCode: code } });
  }

  /** The open lobby, newest first, keyset-paged on (createdAt, id). */
  lobby(limit: number, before?: { createdAt: Date; id: string }): Promise<TableWithSeats[]> {
    return this.prisma.houseTable.findMany({
      where: {
        status: 'open',
        listed: true,
        ...(before ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: { seatsTaken: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } } },
    });
  }

  /** A settled game's settlement as booked, with the ticket fines and computer run-outs of that game (the file's entries). */
  async settlement(gameId: string): Promise<SettledGame | null> {
    const row = await this.prisma.houseSettlement.findUnique({ where: { gameId } });
    if (!row) return null;
    const [fines, computerRunOuts] = await Promise.all([
      this.prisma.fileEntry.findMany({ where: { gameId, kind: 'ticket', fine: { gt: 0 } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { seat: true, userId: true, fine: true, currency: true } }),
      this.prisma.fileEntry.count({ where: { gameId, kind: 'computer_timeout' } }),
    ]);
    return { gameId, result: row.result as SettledGame['result'], settledAt: row.createdAt, fines, computerRunOuts };
  }

  seatOf(tableId: string, seat: number): Promise<HouseSeat | null> {
    return this.prisma.houseSeat.findUnique({ where: { tableId_seat: { tableId, seat } } });
  }

  /** Court status of players as of now (SPEC 8.5). */
  async court(db: Pick<Prisma.TransactionClient, '$queryRaw'>, userIds: readonly string[]): Promise<Map<string, CourtStatus>> {
    const out = new Map<string, CourtStatus>();
    for (const id of userIds) out.set(id, { openTickets: 0, felonies: 0, court: null });
    if (!userIds.length) return out;
    const rows = await db.$queryRaw<{ user_id: string; kind: FileEntryKind; n: number }[]>`
      SELECT f.user_id, f.kind, count(*)::int AS n FROM file_entries f
      WHERE f.user_id = ANY(${[...userIds]}::uuid[]) AND ((f.kind = 'ticket' AND f.tournament = false) OR f.kind = 'felony')
        AND NOT EXISTS (SELECT 1 FROM file_entries c WHERE c.closes_id = f.id)
      GROUP BY f.user_id, f.kind`;
    for (const r of rows) {
      const s = out.get(r.user_id)!;
      if (r.kind === 'ticket') s.openTickets = r.n;
      else s.felonies = r.n;
    }
    for (const s of out.values()) s.court = courtLevel(s.openTickets, s.felonies);
    return out;
  }

  /** Appends to a file; null when the fact is already there (idempotent on its dedupe key). */
  async fileAdd(tx: Tx, data: Prisma.FileEntryUncheckedCreateInput): Promise<FileEntry | null> {
    const done = await tx.fileEntry.findUnique({ where: { dedupeKey: data.dedupeKey } });
    if (done) return null;
    return tx.fileEntry.create({ data });
  }

  /** The oldest open Community Service ticket with its fine (a house ticket at a citizens' table) of a player. */
  async oldestOpenTicket(tx: Tx, userId: string): Promise<FileEntry | null> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT f.id FROM file_entries f WHERE f.user_id = ${userId}::uuid AND f.kind = 'ticket' AND f.tournament = false
        AND NOT EXISTS (SELECT 1 FROM file_entries c WHERE c.closes_id = f.id)
      ORDER BY f.created_at, f.id LIMIT 1`;
    return rows.length ? tx.fileEntry.findUnique({ where: { id: rows[0].id } }) : null;
  }

  file(userId: string, limit: number, before?: Date): Promise<FileEntry[]> {
    return this.prisma.fileEntry.findMany({ where: { userId, ...(before ? { createdAt: { lt: before } } : {}) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  }

  /** Tickets and felonies still open whose time has come (the recovery sweep re-queues their expiry). */
  async openExpiring(): Promise<{ id: string; expiresAt: Date }[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; expires_at: Date }[]>`
      SELECT f.id, f.expires_at FROM file_entries f WHERE f.kind IN ('ticket', 'felony') AND f.expires_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM file_entries c WHERE c.closes_id = f.id)`;
    return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
  }
}
