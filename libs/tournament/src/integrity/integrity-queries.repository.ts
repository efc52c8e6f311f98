import { Injectable } from '@nestjs/common';
import type { IntegrityAppeal, IntegrityDecision, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { assertIndependent, notTheirCase } from './case-independence.repository';
import { recentGamesOf, searchPlayers, type PlayerMatch, type RecentGame } from './case-opening.repository';
import type { CasesQuery, ReportsQuery } from './integrity.inputs';

type Tx = Prisma.TransactionClient;

export type DecisionWithAppeal = IntegrityDecision & { appeal: IntegrityAppeal | null };

/** Each game with its table, challenge, tier and whether it is high-stakes (a final table or a T3 challenge). */
export async function gamesInfo(db: Tx | PrismaService, gameIds: string[]) {
  if (!gameIds.length) return [];
  const games = await db.game.findMany({
    where: { id: { in: gameIds } },
    select: {
      id: true,
      status: true,
      ruleset: true,
      startedAt: true,
      finishedAt: true,
      table: { select: { id: true, index: true, round: { select: { number: true, _count: { select: { tables: true } } } }, challenge: { select: { id: true, localDate: true, city: { select: { name: true, tier: true } } } } } },
    },
  });
  return games.map((g) => {
    const finalTable = g.table ? g.table.round._count.tables === 1 : false;
    const t3 = g.table?.challenge.city.tier === 'T3';
    return {
      id: g.id,
      status: g.status,
      ruleset: g.ruleset,
      startedAt: g.startedAt.toISOString(),
      finishedAt: g.finishedAt?.toISOString() ?? null,
      recordUrl: `/api/games/${g.id}/record`,
      tableId: g.table?.id ?? null,
      round: g.table?.round.number ?? null,
      challengeId: g.table?.challenge.id ?? null,
      challengeDate: g.table?.challenge.localDate ?? null,
      city: g.table?.challenge.city.name ?? null,
      tier: g.table?.challenge.city.tier ?? null,
      finalTable,
      highStakes: finalTable || t3,
    };
  });
}

/** What the review board and a player read of the board's records: the case queue and a case's evidence, decisions, appeals and reports. */
@Injectable()
export class IntegrityQueriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The case queue; never the viewer's own cases (SPEC 7: a subject sees them only as a player, under /me/cases). */
  listCases(viewerId: string, q: CasesQuery) {
    return this.prisma.integrityCase.findMany({
      where: {
        ...notTheirCase(viewerId),
        status: q.status,
        source: q.source,
        highStakes: q.highStakes,
        assignedToId: q.assignedToId,
        ...(q.playerId ? { subjectIds: { has: q.playerId } } : {}),
        ...(q.signal ? { signals: { some: { kind: q.signal } } } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit ?? 50,
      skip: q.offset ?? 0,
      include: { _count: { select: { signals: true, reports: true, notes: true } }, decisions: { select: { userId: true, finding: true, step: true, status: true } } },
    });
  }

  /** A case with its evidence, for a reviewer independent of it (SPEC 7); NOT_INDEPENDENT otherwise. */
  async caseDetail(viewerId: string, id: string) {
    const head = await this.prisma.integrityCase.findUnique({ where: { id } });
    if (!head) return null;
    await assertIndependent(this.prisma, head, viewerId, 'read');
    const c = await this.prisma.integrityCase.findUnique({
      where: { id },
      include: {
        signals: { orderBy: { createdAt: 'asc' } },
        notes: { orderBy: { createdAt: 'asc' } },
        evidence: { orderBy: { createdAt: 'asc' } },
        reports: { orderBy: { createdAt: 'asc' } },
        decisions: { include: { appeal: true }, orderBy: { createdAt: 'asc' } },
        participants: { orderBy: { createdAt: 'asc' } },
        games: true,
      },
    });
    if (!c) return null;
    const gameIds = [...new Set([...c.signals.flatMap((s) => s.gameIds), ...c.games.map((g) => g.gameId), ...c.reports.flatMap((r) => (r.gameId ? [r.gameId] : []))])];
    const [games, subjects, linked] = await Promise.all([
      gamesInfo(this.prisma, gameIds),
      this.prisma.user.findMany({ where: { id: { in: c.subjectIds } }, select: { id: true, displayName: true, status: true, suspendedUntil: true } }),
      this.linkedAccounts(c.subjectIds),
    ]);
    return { ...c, gameInfo: games, subjects, linked };
  }

  /** Accounts that shared a device fingerprint or an IP address with a subject in any recorded session (user_sessions). */
  async linkedAccounts(subjectIds: string[]) {
    const out: { userId: string; linkedUserId: string; displayName: string; via: ('fingerprint' | 'ip')[]; sharedSessions: number }[] = [];
    for (const userId of subjectIds) {
      const own = await this.prisma.userSession.findMany({ where: { userId }, select: { fingerprintHash: true, ip: true }, take: 1000, orderBy: { createdAt: 'desc' } });
      const fps = [...new Set(own.flatMap((x) => (x.fingerprintHash ? [x.fingerprintHash] : [])))];
      const ips = [...new Set(own.flatMap((x) => (x.ip ? [x.ip] : [])))];
      if (!fps.length && !ips.length) continue;
      const others = await this.prisma.userSession.findMany({
        where: { userId: { not: userId }, OR: [{ fingerprintHash: { in: fps } }, { ip: { in: ips } }] },
        select: { userId: true, fingerprintHash: true, ip: true, user: { select: { displayName: true } } },
        take: 1000,
      });
      const byUser = new Map<string, { displayName: string; via: Set<'fingerprint' | 'ip'>; n: number }>();
      for (const o of others) {
        const e = byUser.get(o.userId) ?? { displayName: o.user.displayName, via: new Set<'fingerprint' | 'ip'>(), n: 0 };
        if (o.fingerprintHash && fps.includes(o.fingerprintHash)) e.via.add('fingerprint');
        if (o.ip && ips.includes(o.ip)) e.via.add('ip');
        e.n += 1;
        byUser.set(o.userId, e);
      }
      for (const [linkedUserId, e] of byUser) out.push({ userId, linkedUserId, displayName: e.displayName, via: [...e.via].sort(), sharedSessions: e.n });
    }
    return out;
  }

  /** Players by a part of their name, for a reviewer opening a case (at most `limit`). */
  searchPlayers(q: string, limit = 20): Promise<PlayerMatch[]> {
    return searchPlayers(this.prisma, q, limit);
  }

  /** A player's latest challenge games, for a reviewer choosing a case's games. */
  recentGames(userId: string, limit = 20): Promise<RecentGame[]> {
    return recentGamesOf(this.prisma, userId, limit);
  }

  myDecisions(userId: string): Promise<DecisionWithAppeal[]> {
    return this.prisma.integrityDecision.findMany({ where: { userId, step: { not: 'none' } }, include: { appeal: true }, orderBy: { createdAt: 'desc' } });
  }

  myCases(userId: string) {
    return this.prisma.integrityCase.findMany({
      where: { subjectIds: { has: userId } },
      orderBy: { createdAt: 'desc' },
      select: { id: true, status: true, source: true, highStakes: true, createdAt: true, reports: { select: { category: true } }, decisions: { where: { userId }, include: { appeal: true } } },
    });
  }

  forfeituresOf(userId: string) {
    return this.prisma.prizeForfeiture.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  }

  /** The appeals by due date; never those of the viewer's own cases (SPEC 7, `notTheirCase`: as the appellant or a subject). */
  listAppeals(viewerId: string, status?: string, overdue?: boolean) {
    return this.prisma.integrityAppeal.findMany({
      where: {
        status: status as IntegrityAppeal['status'] | undefined,
        ...(overdue === undefined ? {} : { overdueAt: overdue ? { not: null } : null }),
        userId: { not: viewerId },
        decision: { case: notTheirCase(viewerId) },
      },
      orderBy: { dueAt: 'asc' },
      include: {
        decision: {
          select: {
            caseId: true,
            userId: true,
            finding: true,
            step: true,
            currentStep: true,
            reason: true,
            user: { select: { displayName: true } },
            case: { select: { summary: true, source: true, createdAt: true } },
          },
        },
      },
    });
  }

  /**
   * Community reports; never those about the viewer (who reported them is the board's to know), nor
   * those in a case about the viewer (a report about another player of it: `notTheirCase`).
   */
  listReports(viewerId: string, q: ReportsQuery) {
    return this.prisma.integrityReport.findMany({
      where: { AND: [{ subjectId: q.subjectId, caseId: q.caseId }, { subjectId: { not: viewerId } }, { OR: [{ caseId: null }, { case: { is: notTheirCase(viewerId) } }] }] },
      orderBy: { updatedAt: 'desc' },
      take: 200,
    });
  }
}
