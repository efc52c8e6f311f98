import { Injectable } from '@nestjs/common';
import type { FileEntry, FileEntryKind, Prisma } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';
import { courtLevel, type CourtLevel } from '@dcs/house';

/** Open tickets and felonies on a file: entries with no closing entry (served, expunged, cleared). */
export interface CourtStatus {
  openTickets: number;
  felonies: number;
  court: CourtLevel | null;
}

/**
 * The player's file (SPEC 8.4-8.5), part of the platform's ledger every kind of table may use: tickets,
 * felonies, their fines' entries and their closings (served, expunged, cleared), and the court level
 * they make. Appends only (idempotent on each fact's dedupe key); the house kind's own counts of its
 * run-outs (dumbbells, computers' run-outs, expungings in a game) stay with HouseRepository.
 */
@Injectable()
export class PlayerFileRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Court status of players as of now (SPEC 8.5). */
  async court(userIds: readonly string[], db: Pick<Prisma.TransactionClient, '$queryRaw'> = this.prisma): Promise<Map<string, CourtStatus>> {
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

  fileEntry(tx: Tx, id: string): Promise<FileEntry | null> {
    return tx.fileEntry.findUnique({ where: { id } });
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
