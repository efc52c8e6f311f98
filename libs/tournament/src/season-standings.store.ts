import { Injectable } from '@nestjs/common';
import type { Challenge, Prisma, Season, WdcEntry } from '@dcs/db';
import { AppError, notFound, pgBinaryArray, PrismaService, txConnection, type Tx } from '@dcs/common';
import { MAX_TIEBREAK_PLAYERS } from '@dcs/engine';
import { eliteSix, type EliteSixQualifier, SeasonAccumulator, seasonTableFromStandings, type SeasonTableRow, standingsFromFacts, type StandingsEntry } from '@dcs/ranking';
import { runSeasonDraw, type SeasonDrawRecord } from './seasons/season-draw';
import { loadSeasonChallenges, loadSeasonPenalties } from './seasons/season-facts.repository';
import type { Effect } from './effects/effects-queue';
import { lockPendingChallengesOfSeason } from './challenge/challenge-locks.repository';
import { TournamentClock } from './time/tournament-clock';
import { storeNotifications } from './notifications/notifications.repository';
import { eliteSixNotices } from './seasons/season.messages';
import { recordAudit, recordAudits } from './audit/audit-log.repository';
import { cancelNotStartedChallenges } from './challenge/challenge.repository';

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * A season's facts as folded in so far (libs/ranking `SeasonAccumulator`), kept between
 * completions in this process: `folded` names each challenge folded in, in order, as
 * `<id>@<version>@<completedAt>` (a challenge's version rises and its completion time moves each
 * time it is completed, so neither a corrected final nor a completion whose transaction rolled
 * back and was taken again matches), `penalties` the penalties in force it was built with.
 */
interface FoldedSeason {
  acc: SeasonAccumulator;
  folded: string[];
  penalties: string;
}

/** Seasons whose folded facts one process keeps (the most recently used; a city's season at 50,000 players is ~100 MB). */
const FOLDED_SEASONS = 4;

/*
 * Season rows (seasons, season_standings, elite_six_entries, wdc_entries) are written only in this file
 * (docs/scaling.md, "Who writes which table"): by SeasonStandingsStore for completions and the close,
 * and by the two functions below for a director's new season and an admin's WDC entrant.
 */

/** A city's next season (the caller numbers it under the city's row lock). */
export function insertSeason(tx: Tx, s: { cityId: string; startDate: string; number: number }): Promise<Season> {
  return tx.season.create({ data: { cityId: s.cityId, startDate: s.startDate, number: s.number } });
}

/** An entrant an admin adds to a WDC edition (the NDT Finals' champion is written by the completion). */
export function insertWdcEntry(tx: Tx, e: { year: number; name: string; country: string; userId: string | null; createdById: string }): Promise<WdcEntry> {
  return tx.wdcEntry.create({ data: { year: e.year, name: e.name, country: e.country, userId: e.userId, source: 'admin', createdById: e.createdById } });
}

export interface CloseResult {
  seasonId: string;
  /** False when the season was already closed (the call changed nothing). */
  closed: boolean;
  eliteSix: EliteSixQualifier[];
  draws: SeasonDrawRecord[];
}

/**
 * The stored season standings (`season_standings`) and the season's close (SPEC 4).
 *
 * The rows are always a pure function of the facts (the season's completed challenges and the
 * penalties in force, libs/ranking `seasonTable`): they are rewritten in the transaction that
 * completes a challenge of the season and in the one that writes or revokes a penalty
 * (`recompute`), so reads are a page of an index and never drift from the facts. A completion
 * folds only its own challenge into the facts kept from the earlier ones (`standings`).
 *
 * Close: final standings, the Elite Six with benefits (ties across the cut settled by a server
 * 6-4/5-5 draw, see docs/rules.md), season status `closed`, audited. After the close a penalty
 * change re-derives the Elite Six: a player who lost the place keeps the row (removedAt) and the
 * next eligible player gets one, audited.
 */
@Injectable()
export class SeasonStandingsStore {
  /**
   * A cache in front of PostgreSQL, never the truth: used only when what it folded in is, under the
   * season's lock, exactly the season's first completed challenges as stored now (ids and versions)
   * with the same penalties; anything else (a restart, another instance's completions, a corrected
   * final, a penalty, a rolled-back completion) is folded in from the stored results or rebuilt.
   */
  private readonly foldedSeasons = new Map<string, FoldedSeason>();

  constructor(
    private readonly prisma: PrismaService,
    /** When standings are written and a season closes (tests move it instead of waiting). */
    private readonly time: TournamentClock,
  ) {}

  /** Rewrites the season's stored standings from its facts; on a closed season, also re-derives the Elite Six. */
  async recompute(tx: Tx, seasonId: string, actorId: string | null = null, now = this.time.now()): Promise<void> {
    const season = await this.lockSeason(tx, seasonId);
    if (!season) throw notFound('Season', seasonId);
    const standings = await this.standings(tx, seasonId);
    if (season.status === 'closed') {
      const six = await this.settleEliteSix(tx, season, standings.rows, now);
      await this.writeRows(tx, season, standings.rows, standings.played, new Set(six.qualifiers.map((q) => q.playerId)), now);
      await this.reconcileEliteSix(tx, season, six.qualifiers, six.draws, actorId, now);
      return;
    }
    await this.writeRows(tx, season, standings.rows, standings.played, null, now);
  }

  /** Every season the player has a result, a stored row or a penalty in: recomputed (a user-wide penalty). */
  async recomputeSeasonsOfUser(tx: Tx, userId: string, actorId: string | null = null): Promise<string[]> {
    const seasons = await tx.season.findMany({
      where: {
        OR: [
          { weeklyChallenges: { some: { placements: { some: { userId } } } } },
          { standings: { some: { userId } } },
          { penalties: { some: { userId } } },
        ],
      },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    for (const s of seasons) await this.recompute(tx, s.id, actorId);
    return seasons.map((s) => s.id);
  }

  /**
   * Called by ChallengeFlowService in the transaction that completes a challenge: a weekly
   * challenge's season standings are rewritten (and the close is queued after the season's
   * last challenge); an NDT Finals champion is entered for the WDC.
   */
  async afterChallengeCompleted(tx: Tx, challenge: Challenge, effects: Effect[]): Promise<void> {
    if (challenge.kind === 'weekly' && challenge.seasonId) {
      await this.recompute(tx, challenge.seasonId);
      const season = await tx.season.findUniqueOrThrow({ where: { id: challenge.seasonId } });
      const completed = await tx.challenge.count({ where: { seasonId: season.id, status: 'completed' } });
      // The last week (or the season's count of completed challenges) is reached: queue the close.
      if (season.status !== 'closed' && (completed >= season.challenges || challenge.week === season.challenges)) effects.push({ kind: 'season-close', seasonId: season.id });
      return;
    }
    if (challenge.kind === 'ndt') {
      const champion = await tx.placement.findFirst({ where: { challengeId: challenge.id, placement: '1' }, include: { user: { select: { displayName: true } } } });
      if (!champion) return;
      const wdcYear = (challenge.event as { wdcYear?: number } | null)?.wdcYear ?? challenge.year ?? this.time.now().getUTCFullYear();
      const entry = await tx.wdcEntry.upsert({
        where: { challengeId: challenge.id },
        create: { year: wdcYear, userId: champion.userId, name: champion.user.displayName, country: 'US', source: 'ndt', challengeId: challenge.id },
        update: { userId: champion.userId, name: champion.user.displayName },
      });
      await recordAudit(tx, { action: 'wdc.qualified', entityType: 'wdc_entry', entityId: entry.id, data: json({ userId: champion.userId, ndtChallengeId: challenge.id, wdcYear }) });
    }
  }

  /**
   * Closes the season (the worker's job after the last challenge, or a director): final
   * standings, the Elite Six with benefits, status closed. Idempotent: closing a closed season
   * returns its Elite Six and changes nothing. Refused while a challenge of the season runs.
   *
   * A challenge starting at the same time (ChallengeFlowService.start, under its challenge's row
   * lock) is either seen running, and the close is refused, or cancelled here first, and the start
   * then finds it cancelled and does nothing: the season's challenges that have not started are
   * locked before anything is decided, and the cancel only takes a row still not started.
   *
   * Lock order, the same on every path that takes a challenge row and a season row: challenge rows
   * first (several: in id order), then the season row. A challenge's completion holds its row and
   * then takes the season (recompute); a penalty takes the player, then the player's challenges not
   * started (PenaltyEffects.lockUser), then seasons. So here: the season's challenges not started,
   * then the season. Running challenges are not locked, and need not be: a challenge becomes
   * running only from a status locked here, and leaves it for completed only under the season's
   * lock, held here when they are counted (a director's cancel of a running one meanwhile at worst
   * refuses a close that could have gone ahead).
   */
  async close(seasonId: string, actorId: string | null, reason: string | null, now = this.time.now()): Promise<CloseResult> {
    return this.prisma.$transaction(async (tx) => {
      await this.lockNotStarted(tx, seasonId);
      const season = await this.lockSeason(tx, seasonId);
      if (!season) throw notFound('Season', seasonId);
      if (season.status === 'closed') {
        const entries = await tx.eliteSixEntry.findMany({ where: { seasonId, removedAt: null }, orderBy: { seed: 'asc' } });
        return {
          seasonId,
          closed: false,
          eliteSix: entries.map((e) => ({ seed: e.seed, playerId: e.userId, rank: e.rank, points: e.points, benefit: e.benefit as EliteSixQualifier['benefit'] })),
          draws: (season.eliteSixDraws as unknown as SeasonDrawRecord[] | null) ?? [],
        };
      }
      // Again, now under the season's lock: the rows locked above are held (the same rows, as they
      // are now), plus any challenge the schedule inserted into the season meanwhile (an insert
      // holds the season's key-share lock until it commits, so it committed before the season's
      // lock was granted, and none can be inserted now). Such a row, just created, is the only one
      // locked after the season; nothing that waits for this season can hold it yet.
      const future = await this.lockNotStarted(tx, seasonId);
      const running = await tx.challenge.count({ where: { seasonId, status: 'running' } });
      if (running > 0) {
        throw new AppError('SEASON_CHALLENGE_RUNNING', 'A challenge of this season is still running; close the season once it has completed', { running });
      }
      // Challenges of the season that have not started will not count any more. Only rows still not
      // started are cancelled (as read under the lock, so all of them; a mismatch is a bug: roll back).
      if (future.length) {
        const ids = future.map((c) => c.id);
        const cancelled = await cancelNotStartedChallenges(tx, ids, 'the season is closed');
        if (cancelled !== ids.length) throw new Error(`season ${seasonId}: a challenge not started changed under the close's lock`);
        await recordAudits(tx, ids.map((id) => ({ actorId, action: 'challenge.cancelled', entityType: 'challenge', entityId: id, reason: 'the season is closed' })));
      }
      const standings = await this.standings(tx, seasonId);
      const closedSeason = await tx.season.update({ where: { id: seasonId }, data: { status: 'closed', closedAt: now } });
      const six = await this.settleEliteSix(tx, closedSeason, standings.rows, now);
      await this.writeRows(tx, closedSeason, standings.rows, standings.played, new Set(six.qualifiers.map((q) => q.playerId)), now);
      await tx.eliteSixEntry.createMany({
        data: six.qualifiers.map((q) => ({ seasonId, userId: q.playerId, seed: q.seed, rank: q.rank, points: q.points, benefit: q.benefit })),
      });
      await storeNotifications(tx, eliteSixNotices(seasonId, six.qualifiers));
      await recordAudit(tx, {
        actorId,
        action: 'season.closed',
        entityType: 'season',
        entityId: seasonId,
        reason: reason ?? (actorId ? null : 'the season\'s last challenge completed'),
        data: json({ challengesPlayed: standings.played, eliteSix: six.qualifiers, draws: six.draws.map((d) => ({ purpose: d.purpose, players: d.players, seedHash: d.seedHash, seed: d.seed, order: d.order })) }),
      });
      return { seasonId, closed: true, eliteSix: six.qualifiers, draws: six.draws };
    });
  }

  // ------------------------------------------------------------------ helpers

  /** Locks the season's challenges that have not started, in id order (the lock order: see `close`); returns them as they are under the lock. */
  private lockNotStarted(tx: Tx, seasonId: string): Promise<{ id: string; status: string }[]> {
    return lockPendingChallengesOfSeason(tx, seasonId);
  }

  private async lockSeason(tx: Tx, id: string): Promise<Season | null> {
    await tx.$queryRaw`SELECT id FROM seasons WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.season.findUnique({ where: { id } });
  }

  /**
   * The season's standings, under the season's lock. The facts of the challenges already folded in
   * (this process's `foldedSeasons`) are kept; only the completed challenges not folded in yet are
   * read and folded in (a completion reads its own challenge only), then the whole season is
   * ranked. Ranking from folded facts is what `seasonStandings` does from all the challenges at
   * once (libs/ranking holds the two equal; test/season-standings-incremental.e2e-spec.ts holds
   * the stored rows equal to a recompute from scratch).
   */
  private async standings(tx: Tx, seasonId: string): Promise<{ rows: StandingsEntry[]; played: number }> {
    const completed = await tx.challenge.findMany({ where: { seasonId, status: 'completed' }, orderBy: { localDate: 'asc' }, select: { id: true, version: true, completedAt: true } });
    const keys = completed.map((c) => `${c.id}@${c.version}@${c.completedAt?.getTime() ?? ''}`);
    const penalties = await loadSeasonPenalties(tx, seasonId);
    const penaltiesKey = JSON.stringify(penalties);
    let season = this.foldedSeasons.get(seasonId);
    this.foldedSeasons.delete(seasonId);
    if (!season || season.penalties !== penaltiesKey || season.folded.length > keys.length || season.folded.some((k, i) => keys[i] !== k)) {
      season = { acc: new SeasonAccumulator(penalties), folded: [], penalties: penaltiesKey };
    }
    const offset = season.folded.length;
    if (offset < keys.length) {
      const fresh = await loadSeasonChallenges(tx, seasonId, offset === 0 ? undefined : { ids: completed.slice(offset).map((c) => c.id), offset });
      for (const challenge of fresh) {
        const error = season.acc.add(challenge);
        if (error) throw new Error(`standings of ${seasonId}: ${error.code} ${error.message}`);
        season.folded.push(keys[season.folded.length]);
      }
    }
    if (season.folded.length !== keys.length || season.folded.some((k, i) => keys[i] !== k)) throw new Error(`standings of ${seasonId}: the folded challenges do not match the completed ones`);
    this.foldedSeasons.set(seasonId, season);
    while (this.foldedSeasons.size > FOLDED_SEASONS) this.foldedSeasons.delete(this.foldedSeasons.keys().next().value!);
    return { rows: standingsFromFacts(season.acc.facts()), played: completed.length };
  }

  /**
   * The Elite Six from final standings. Earlier draws of the season still decide the groups they
   * ordered; any tie across the cut (or among seeds inside the six) left is settled by a new
   * server draw, recorded on the season.
   */
  private async settleEliteSix(tx: Tx, season: Season, standings: StandingsEntry[], now: Date): Promise<{ qualifiers: EliteSixQualifier[]; draws: SeasonDrawRecord[] }> {
    const draws = [...((season.eliteSixDraws as unknown as SeasonDrawRecord[] | null) ?? [])];
    const before = draws.length;
    for (let guard = 0; guard < 20; guard++) {
      // Each draw orders exactly the group it was run for; together they are one order.
      const result = eliteSix(standings, { drawOrder: draws.flatMap((d) => d.order) });
      const open = result.needsDraw
        ? { purpose: 'cut' as const, players: result.needsDraw.players, places: result.needsDraw.places }
        : result.seedTies.length
          ? { purpose: 'seeds' as const, players: result.seedTies[0].players, places: result.seedTies[0].players.length - 1 }
          : null;
      if (!open) {
        if (draws.length > before) await tx.season.update({ where: { id: season.id }, data: { eliteSixDraws: json(draws) } });
        return { qualifiers: [...result.qualifiers], draws: draws.slice(before) };
      }
      if (open.players.length > MAX_TIEBREAK_PLAYERS) {
        throw new AppError('ELITE_SIX_TIE_TOO_LARGE', `${open.players.length} players are tied across the Elite Six cut; a draw takes at most ${MAX_TIEBREAK_PLAYERS}`);
      }
      draws.push(runSeasonDraw(open.purpose, [...open.players].sort(), open.places, now));
    }
    throw new Error(`the Elite Six of ${season.id} did not settle`);
  }

  /** Stored entries follow the qualifiers: removed players keep their row (removedAt), new ones get one; audited. */
  private async reconcileEliteSix(tx: Tx, season: Season, qualifiers: EliteSixQualifier[], draws: SeasonDrawRecord[], actorId: string | null, now: Date): Promise<void> {
    const current = await tx.eliteSixEntry.findMany({ where: { seasonId: season.id } });
    const wanted = new Map(qualifiers.map((q) => [q.playerId, q]));
    const removed: string[] = [];
    const added: string[] = [];
    const penalties = await tx.seasonPenalty.findMany({ where: { seasonId: season.id, revokedAt: null }, orderBy: { createdAt: 'desc' } });
    for (const e of current) {
      const q = wanted.get(e.userId);
      if (!q && e.removedAt === null) {
        const why = penalties.find((p) => p.userId === e.userId && p.kind !== 'rank_reset') ?? penalties.find((p) => p.userId === e.userId);
        await tx.eliteSixEntry.update({ where: { id: e.id }, data: { removedAt: now, removedReason: why ? `${why.kind}: ${why.reason}` : 'no longer among the qualifiers' } });
        removed.push(e.userId);
      } else if (q && (e.removedAt !== null || e.seed !== q.seed || e.benefit !== q.benefit || e.rank !== q.rank || e.points !== q.points)) {
        if (e.removedAt !== null) added.push(e.userId);
        await tx.eliteSixEntry.update({ where: { id: e.id }, data: { seed: q.seed, benefit: q.benefit, rank: q.rank, points: q.points, removedAt: null, removedReason: null } });
      }
    }
    const known = new Set(current.map((e) => e.userId));
    for (const q of qualifiers) {
      if (known.has(q.playerId)) continue;
      await tx.eliteSixEntry.create({ data: { seasonId: season.id, userId: q.playerId, seed: q.seed, rank: q.rank, points: q.points, benefit: q.benefit } });
      added.push(q.playerId);
    }
    if (removed.length || added.length || draws.length) {
      await recordAudit(tx, {
        actorId,
        action: 'season.elite-six-updated',
        entityType: 'season',
        entityId: season.id,
        reason: 'penalties in force changed after the close',
        data: json({ removed, added, eliteSix: qualifiers, draws: draws.map((d) => ({ purpose: d.purpose, players: d.players, seedHash: d.seedHash, seed: d.seed, order: d.order })) }),
      });
    }
  }

  private async writeRows(tx: Tx, season: Season, standings: StandingsEntry[], played: number, finalSix: ReadonlySet<string> | null, now: Date): Promise<void> {
    const rows = seasonTableFromStandings(standings, Math.max(0, season.challenges - played), finalSix ? { finalEliteSix: finalSix } : {});
    await writeStandingRows(tx, season.id, rows);
    await tx.season.update({ where: { id: season.id }, data: { standingsAt: now } });
  }
}

/** Players per block of `season_standing_order` (see the model in prisma/schema.prisma). */
export const ORDER_BLOCK = 100;

/**
 * Makes the season's stored rows and their order equal to `rows` (in standings order; `position` =
 * index + 1), in the caller's transaction, writing only what differs: one statement whose rows come
 * from one array literal per column (unnest) updates in place the rows whose values changed, inserts the
 * players new to the table, deletes those no longer in it, and writes the order blocks that changed.
 * A row whose values are all the same is not written: PostgreSQL compares each with IS DISTINCT
 * FROM. A changed row is a heap-only update (no index holds a column it changes, and its page has room: fillfactor
 * 50), so it costs neither index entries nor what a delete and insert cost (the foreign-key checks
 * of every new row). docs/scaling.md has the figures.
 */
export async function writeStandingRows(tx: Tx, seasonId: string, rows: readonly SeasonTableRow[]): Promise<void> {
  // Each column as one binary array (pgBinaryArray), sent by node-postgres on the transaction's own connection
  // (txConnection): PostgreSQL copies the elements instead of parsing 50,000 uuids and numbers as text, and the
  // ~2 MB do not go through Prisma's raw-query path (which copied and re-encoded them: ~80 ms at 50,000 rows).
  const col = <T>(f: (r: SeasonTableRow, i: number) => T): T[] => rows.map(f);
  // The resets as JSON text, NULL for none (nearly every row): turned into jsonb per row.
  const params = [
    pgBinaryArray.uuid(col((r) => r.playerId)),
    pgBinaryArray.int4(col((r) => r.rank)),
    pgBinaryArray.int4(col((_, i) => i + 1)),
    pgBinaryArray.int4(col((r) => r.points)),
    pgBinaryArray.int4(col((r) => r.tournamentWins)),
    pgBinaryArray.int4(col((r) => r.gamesPlayed)),
    pgBinaryArray.float8(col((r) => r.avgScoreDiff)),
    pgBinaryArray.text(col((r) => r.tiebreak)),
    pgBinaryArray.text(col((r) => r.status)),
    pgBinaryArray.int4(col((r) => r.pointsStillPossible)),
    pgBinaryArray.bool(col((r) => r.eliteSixEligible)),
    pgBinaryArray.text(col((r) => (r.resets.length ? JSON.stringify(r.resets) : null))),
    seasonId,
  ];
  const db = await txConnection(tx);
  // One full join of the new rows with the stored ones tells each row's fate (new, gone, changed, the same); the
  // parts then touch disjoint rows by their place in the heap, and all see the rows as they were before the statement.
  // Planned generically: a plan for these parameter values would first fold every array at planning, and execution
  // reads them again; a full join is a hash or merge join whatever the planner guesses of the arrays' sizes.
  await db.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
  await db.query(
    `WITH x AS (
      SELECT u, r, n, p, w, g, d, t, s, sp, e, coalesce(zt::jsonb, '[]'::jsonb) AS z
      FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::text[], $9::text[], $10::int[], $11::boolean[], $12::text[])
        AS x(u, r, n, p, w, g, d, t, s, sp, e, zt)
    ),
    j AS MATERIALIZED (
      SELECT x.*, st.tid, st.user_id AS stored,
        (st.rank, st.position, st.points, st.tournament_wins, st.games_played, st.avg_score_diff, st.tiebreak, st.status, st.points_still_possible, st.elite_six_eligible, st.resets)
          IS DISTINCT FROM (x.r, x.n, x.p, x.w, x.g, x.d, x.t, x.s, x.sp, x.e, x.z) AS changed
      FROM x FULL JOIN (SELECT ctid AS tid, * FROM season_standings WHERE season_id = $13::uuid) st ON st.user_id = x.u
    ),
    gone AS (
      DELETE FROM season_standings st USING j WHERE st.ctid = j.tid AND j.u IS NULL
    ),
    changed AS (
      UPDATE season_standings st
      SET rank = j.r, position = j.n, points = j.p, tournament_wins = j.w, games_played = j.g, avg_score_diff = j.d, tiebreak = j.t, status = j.s,
          points_still_possible = j.sp, elite_six_eligible = j.e, resets = j.z, updated_at = now()
      FROM j
      WHERE st.ctid = j.tid AND j.u IS NOT NULL AND j.changed
    ),
    blocks AS (
      SELECT (x.n - 1) / ${ORDER_BLOCK}::int AS b, array_agg(x.u ORDER BY x.n) AS ids FROM x GROUP BY 1
    ),
    order_gone AS (
      DELETE FROM season_standing_order o WHERE o.season_id = $13::uuid AND o.block >= (SELECT count(*) FROM blocks)
    ),
    order_changed AS (
      INSERT INTO season_standing_order (season_id, block, user_ids)
      SELECT $13::uuid, blocks.b, blocks.ids FROM blocks
      ON CONFLICT (season_id, block) DO UPDATE SET user_ids = excluded.user_ids WHERE season_standing_order.user_ids IS DISTINCT FROM excluded.user_ids
    )
    INSERT INTO season_standings (season_id, user_id, rank, position, points, tournament_wins, games_played, avg_score_diff, tiebreak, status, points_still_possible, elite_six_eligible, resets, updated_at)
    SELECT $13::uuid, j.u, j.r, j.n, j.p, j.w, j.g, j.d, j.t, j.s, j.sp, j.e, j.z, now()
    FROM j WHERE j.stored IS NULL`,
    params,
  );
  await db.query(`SET LOCAL plan_cache_mode = DEFAULT`);
}
