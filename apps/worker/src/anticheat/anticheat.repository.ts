import { Injectable } from '@nestjs/common';
import { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { atTablesOfSql, caseOpenedNotices, GameStore, markCaseHighStakes, openOrJoinCase, recordAudit, storeNotifications, TableHosts } from '@dcs/tournament';
import type { GameAnalysis, LedgerLine, SeatFeatures, SessionObservation, Signal } from '@dcs/anticheat';
import type { GameState } from '@dcs/engine';
import { stateOf } from '@dcs/tournament';

const json = (v: unknown): Prisma.InputJsonValue => v as Prisma.InputJsonValue;

export interface FinishedGame {
  id: string;
  state: GameState;
  finishedAt: Date;
  seats: { seat: number; userId: string }[];
  /** decision ms of each accepted action, in version order, with the action's seat and type */
  actions: { seat: number; type: string; decisionMs: number | null }[];
  /** final tables and T3 challenges: cases are marked for video review */
  highStakes: boolean;
}

export interface SignalRecord {
  signal: Signal;
  gameIds: string[];
  dedupeKey: string;
  summary: string;
  highStakes: boolean;
}

export type RecordOutcome = 'recorded' | 'duplicate' | 'under-review';

@Injectable()
export class AnticheatRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly games: GameStore,
    private readonly hosts: TableHosts,
  ) {}

  /**
   * A finished game at a table of any kind whose host has it analysed (TableHost.analysis), with what the
   * analysis needs (its people's seats: a computer seat has no user); null otherwise (a game at no table).
   */
  async finishedGame(gameId: string): Promise<FinishedGame | null> {
    const stored = await this.games.find(gameId);
    const at = stored && stored.status === 'finished' ? this.hosts.forGame(stored) : null;
    if (!stored || !at || !at.host.analysis.anticheat) return null;
    // the people who played it (at a house table, who sat at the deal: the table's seats may have changed since)
    const [seats, actions, highStakes] = await Promise.all([this.hosts.seatsOfGame(stored), this.games.actionLog(gameId), at.host.highStakes(at.table.id)]);
    return {
      id: stored.id,
      state: stateOf(stored),
      finishedAt: stored.finishedAt ?? stored.updatedAt,
      seats: seats.map((s) => ({ seat: s.seat, userId: s.userId })),
      actions: actions.map((a) => ({ seat: a.seat, type: a.action.type ?? '', decisionMs: a.decisionMs })),
      highStakes,
    };
  }

  /** Stores a game's analysis and its seats' features once (a retried job finds them and changes nothing). */
  async storeAnalysis(game: FinishedGame, a: GameAnalysis): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const done = await tx.anticheatGameAnalysis.findUnique({ where: { gameId: game.id }, select: { gameId: true } });
      if (done) return false;
      await tx.anticheatGameAnalysis.create({ data: { gameId: game.id, version: a.version, complete: a.complete, analysis: json(a), finishedAt: game.finishedAt } });
      await tx.anticheatSeatFeature.createMany({
        data: a.seats.filter((s) => s.userId).map((s) => ({ gameId: game.id, seat: s.seat, userId: s.userId!, features: json(s), finishedAt: game.finishedAt })),
      });
      await recordAudit(tx, { action: 'anticheat.game.analysed', entityType: 'game', entityId: game.id, data: json({ version: a.version, complete: a.complete, actions: a.actions }) });
      return true;
    });
  }

  /**
   * Each player's per-game features since `since`, oldest first, with the game ids: one read for the
   * players of a game (a finished game evaluates its four players and six pairs).
   */
  async seatFeatures(userIds: readonly string[], since: Date): Promise<Map<string, { gameId: string; features: SeatFeatures }[]>> {
    const rows = await this.prisma.anticheatSeatFeature.findMany({
      where: { userId: { in: [...userIds] }, finishedAt: { gte: since } },
      orderBy: { finishedAt: 'asc' },
      select: { userId: true, gameId: true, features: true },
    });
    const out = new Map(userIds.map((u) => [u, [] as { gameId: string; features: SeatFeatures }[]]));
    for (const r of rows) out.get(r.userId)!.push({ gameId: r.gameId, features: r.features as unknown as SeatFeatures });
    return out;
  }

  /** Analyses of the games at least two of these players played together since `since`, oldest first, with who of them sat there. */
  async analysesAmong(userIds: readonly string[], since: Date): Promise<{ gameId: string; users: string[]; analysis: GameAnalysis }[]> {
    const rows = await this.prisma.$queryRaw<{ game_id: string; users: string[]; analysis: unknown }[]>`
      SELECT g.game_id, array_agg(x.user_id::text) AS users, g.analysis
      FROM anticheat_game_analyses g
      JOIN anticheat_seat_features x ON x.game_id = g.game_id AND x.user_id = ANY(${[...userIds]}::uuid[])
      WHERE g.finished_at >= ${since}
      GROUP BY g.game_id
      HAVING count(DISTINCT x.user_id) >= 2
      ORDER BY g.finished_at`;
    return rows.map((r) => ({ gameId: r.game_id, users: r.users, analysis: r.analysis as GameAnalysis }));
  }

  /** Fingerprint hashes and IPs each two of these accounts both used since `since`, keyed `a b` (both orders). */
  async sharedIdentifiers(userIds: readonly string[], since: Date): Promise<Map<string, { fingerprints: number; ips: number }>> {
    const ids = [...userIds];
    const rows = await this.prisma.$queryRaw<{ a: string; b: string; fingerprints: bigint; ips: bigint }[]>`
      SELECT x.user_id::text AS a, y.user_id::text AS b,
        count(DISTINCT x.fingerprint_hash) FILTER (WHERE x.fingerprint_hash = y.fingerprint_hash) AS fingerprints,
        count(DISTINCT x.ip) FILTER (WHERE x.ip = y.ip) AS ips
      FROM user_sessions x JOIN user_sessions y ON y.user_id <> x.user_id AND (y.fingerprint_hash = x.fingerprint_hash OR y.ip = x.ip)
      WHERE x.user_id = ANY(${ids}::uuid[]) AND y.user_id = ANY(${ids}::uuid[]) AND x.created_at >= ${since} AND y.created_at >= ${since}
      GROUP BY 1, 2`;
    return new Map(rows.map((r) => [`${r.a} ${r.b}`, { fingerprints: Number(r.fingerprints), ips: Number(r.ips) }]));
  }

  /**
   * Each game's window (from `leadMs` before its start to its end) with the sessions these accounts
   * opened in it (sign-ins and socket connections: user_sessions), oldest first.
   */
  async sessionsInGames(userIds: readonly string[], gameIds: readonly string[], leadMs: number): Promise<{ gameId: string; finishedAt: Date; sessions: SessionObservation[] }[]> {
    if (gameIds.length === 0) return [];
    const games = await this.prisma.game.findMany({ where: { id: { in: [...gameIds] } }, select: { id: true, startedAt: true, finishedAt: true, updatedAt: true }, orderBy: { startedAt: 'asc' } });
    const rows = await this.prisma.$queryRaw<{ game_id: string; user_id: string; ip: string | null; fingerprint_hash: string | null; created_at: Date }[]>`
      SELECT g.id AS game_id, s.user_id, s.ip, s.fingerprint_hash, s.created_at
      FROM games g
      JOIN user_sessions s ON s.user_id = ANY(${[...userIds]}::uuid[])
        AND s.created_at >= g.started_at - make_interval(secs => ${leadMs / 1000})
        AND s.created_at <= COALESCE(g.finished_at, g.updated_at)
      WHERE g.id = ANY(${[...gameIds]}::uuid[])
      ORDER BY s.created_at`;
    return games.map((g) => ({
      gameId: g.id,
      finishedAt: g.finishedAt ?? g.updatedAt,
      sessions: rows.filter((r) => r.game_id === g.id).map((r) => ({ userId: r.user_id, at: r.created_at.getTime(), ip: r.ip, fingerprintHash: r.fingerprint_hash })),
    }));
  }

  /**
   * Finished games since `since` with no analysis yet, at tables of the kinds whose host has them analysed (chosen in
   * the query, so a kind left out never fills the batch). A game at a kind whose seats change between games counts only
   * with its people recorded at the deal (games.seat_users): one dealt before that was kept is not attributed to
   * whoever sits at its table now.
   */
  async unanalysedGames(since: Date, limit: number): Promise<string[]> {
    const analysed = atTablesOfSql(this.hosts.where((h) => h.analysis.anticheat));
    const fixed = atTablesOfSql(this.hosts.where((h) => h.fixedSeats));
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT g.id FROM games g
      WHERE g.status = 'finished' AND ${analysed} AND (g.seat_users IS NOT NULL OR ${fixed}) AND g.finished_at >= $1
        AND NOT EXISTS (SELECT 1 FROM anticheat_game_analyses a WHERE a.game_id = g.id)
      ORDER BY g.finished_at LIMIT $2`,
      since,
      limit,
    );
    return rows.map((r) => r.id);
  }

  /** Pairs of accounts that sat at one table since `since` and share a device fingerprint (shared IPs are co-location's: co_location). */
  async linkedPairsAtTables(since: Date): Promise<{ a: string; b: string; games: number; gameIds: string[] }[]> {
    const rows = await this.prisma.$queryRaw<{ a: string; b: string; games: bigint; game_ids: string[] }[]>`
      WITH together AS (
        SELECT LEAST(x.user_id, y.user_id) AS a, GREATEST(x.user_id, y.user_id) AS b, g.id AS game_id
        FROM games g
        JOIN table_seats x ON x.table_id = g.table_id
        JOIN table_seats y ON y.table_id = g.table_id AND y.user_id <> x.user_id
        WHERE g.status = 'finished' AND g.finished_at >= ${since}
      ), linked AS (
        SELECT DISTINCT LEAST(s.user_id, t.user_id) AS a, GREATEST(s.user_id, t.user_id) AS b
        FROM user_sessions s JOIN user_sessions t
          ON t.user_id <> s.user_id AND t.fingerprint_hash = s.fingerprint_hash
        WHERE s.created_at >= ${since} AND t.created_at >= ${since}
      )
      SELECT t.a, t.b, count(DISTINCT t.game_id) AS games, array_agg(DISTINCT t.game_id) AS game_ids
      FROM together t JOIN linked l ON l.a = t.a AND l.b = t.b
      GROUP BY t.a, t.b`;
    return rows.map((r) => ({ a: r.a, b: r.b, games: Number(r.games), gameIds: r.game_ids }));
  }

  /**
   * The ledger lines of stake games settled since `since` (wallet settlement entries: what each
   * person paid or won), oldest first, at most `limit` (chip dumping reads them; only the wallet
   * repository writes them).
   */
  async stakeLedgerLines(since: Date, limit: number): Promise<LedgerLine[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; user_id: string; game_id: string; currency: string; amount: number; created_at: Date }[]>`
      SELECT e.id, e.user_id::text, e.game_id::text, e.currency::text, e.amount, e.created_at
      FROM wallet_entries e
      WHERE e.kind = 'settlement' AND e.game_id IS NOT NULL AND e.created_at >= ${since}
      ORDER BY e.created_at, e.id LIMIT ${limit}`;
    return rows.map((r) => ({ entryId: r.id, userId: r.user_id, gameId: r.game_id, currency: r.currency, amount: r.amount, at: r.created_at.getTime() }));
  }

  /** When each of these accounts was created (epoch ms). */
  async accountsCreatedAt(userIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.prisma.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, createdAt: true } });
    return new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
  }

  /**
   * Records a fired signal and opens a case for its subjects — or attaches it to their open
   * (or in-review) case — in one transaction, audited as the system's act. A signal already
   * recorded (same dedupe key), or of the same kind on the same subjects already under review,
   * changes nothing.
   * Two writers at once (two workers, the scan and a game job) share one case (openOrJoinCase).
   */
  async recordSignal(r: SignalRecord): Promise<RecordOutcome> {
    const users = [...r.signal.userIds].sort();
    return this.prisma.$transaction(async (tx) => {
      if (await tx.anticheatSignal.findUnique({ where: { dedupeKey: r.dedupeKey }, select: { id: true } })) return 'duplicate';
      const { case: c, opened } = await openOrJoinCase(tx, { source: 'detection', subjectIds: users, summary: r.summary, highStakes: r.highStakes, openedById: null });
      if (opened) {
        await recordAudit(tx, { action: 'integrity.case.opened', entityType: 'integrity_case', entityId: c.id, reason: r.summary, data: json({ source: 'detection', subjectIds: users, kind: r.signal.kind, highStakes: r.highStakes }) });
        await storeNotifications(tx, caseOpenedNotices(c, users));
      } else {
        const same = await tx.anticheatSignal.findFirst({ where: { caseId: c.id, kind: r.signal.kind, userIds: { hasEvery: users } }, select: { id: true } });
        if (same) return 'under-review';
        if (r.highStakes && !c.highStakes) await markCaseHighStakes(tx, c.id);
      }
      const caseId = c.id;
      const s = await tx.anticheatSignal.create({
        data: {
          caseId,
          kind: r.signal.kind,
          userIds: users,
          value: r.signal.value,
          threshold: r.signal.threshold,
          baseline: json(r.signal.baseline),
          sampleSize: r.signal.sampleSize,
          gameIds: r.gameIds,
          details: json(r.signal.details),
          dedupeKey: r.dedupeKey,
        },
      });
      await recordAudit(tx, {
        action: 'anticheat.signal.recorded',
        entityType: 'anticheat_signal',
        entityId: s.id,
        data: json({ caseId, kind: s.kind, userIds: users, value: s.value, threshold: s.threshold, sampleSize: s.sampleSize }),
      });
      return 'recorded';
    });
  }
}
