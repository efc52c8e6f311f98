import { Injectable } from '@nestjs/common';
import type { DirectorCall, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';

type Db = Prisma.TransactionClient;

export interface CallTable {
  id: string;
  index: number;
  status: string;
  challengeId: string;
  challengeStatus: string;
  cityId: string;
  round: number;
  seats: string[];
  game: { id: string; version: number } | null;
}

/**
 * The reads of the director calls and their transactions (every write is a function of
 * libs/tournament/src/director-calls/director-calls.repository.ts, called with the transaction given here).
 */
@Injectable()
export class DirectorCallsQueries {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Db) => Promise<T>, opts?: { timeout?: number }): Promise<T> {
    return this.prisma.$transaction(fn, opts);
  }

  find(db: Db, id: string): Promise<DirectorCall | null> {
    return db.directorCall.findUnique({ where: { id } });
  }

  async table(db: Db, tableId: string): Promise<CallTable | null> {
    const t = await db.challengeTable.findUnique({
      where: { id: tableId },
      select: { id: true, index: true, status: true, challengeId: true, challenge: { select: { status: true, cityId: true } }, round: { select: { number: true } }, seats: { select: { userId: true } } },
    });
    if (!t) return null;
    const game = await db.game.findFirst({ where: { tableId }, orderBy: { startedAt: 'desc' }, select: { id: true, version: true } });
    return { id: t.id, index: t.index, status: t.status, challengeId: t.challengeId, challengeStatus: t.challenge.status, cityId: t.challenge.cityId, round: t.round.number, seats: t.seats.map((s) => s.userId), game };
  }

  /** Serialises one caller's calls (rate limit and the one-pending rule): their users row, locked. */
  async lockCaller(db: Db, userId: string): Promise<void> {
    await db.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  }

  callsSince(db: Db, callerId: string, since: Date): Promise<{ createdAt: Date }[]> {
    return db.directorCall.findMany({ where: { callerId, createdAt: { gte: since } }, select: { createdAt: true }, orderBy: { createdAt: 'asc' } });
  }

  pendingAt(db: Db, callerId: string, tableId: string): Promise<DirectorCall | null> {
    return db.directorCall.findFirst({ where: { callerId, tableId, status: { not: 'resolved' } } });
  }

  mineAt(callerId: string, tableId: string): Promise<DirectorCall[]> {
    return this.prisma.directorCall.findMany({ where: { callerId, tableId }, orderBy: { createdAt: 'desc' }, take: 20 });
  }

  async ofChallenge(challengeId: string): Promise<DirectorCall[]> {
    const [waiting, resolved] = await Promise.all([
      this.prisma.directorCall.findMany({ where: { challengeId, status: { not: 'resolved' } }, orderBy: { createdAt: 'asc' } }),
      this.prisma.directorCall.findMany({ where: { challengeId, status: 'resolved' }, orderBy: { resolvedAt: 'desc' }, take: 20 }),
    ]);
    return [...waiting, ...resolved];
  }

  challengeCity(challengeId: string): Promise<{ cityId: string } | null> {
    return this.prisma.challenge.findUnique({ where: { id: challengeId }, select: { cityId: true } });
  }

  /** The directors assigned to the city (the live notice goes to each of them). */
  async directorsOf(cityId: string): Promise<string[]> {
    return (await this.prisma.directorCity.findMany({ where: { cityId }, select: { userId: true } })).map((d) => d.userId);
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, displayName: true } });
    return new Map(rows.map((r) => [r.id, r.displayName]));
  }

  async tables(ids: string[]): Promise<Map<string, { index: number; round: number }>> {
    const rows = await this.prisma.challengeTable.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, index: true, round: { select: { number: true } } } });
    return new Map(rows.map((r) => [r.id, { index: r.index, round: r.round.number }]));
  }
}
