import { Injectable } from '@nestjs/common';
import { notFound } from '@dcs/common';
import type { Season } from '@dcs/db';
import { eliteSix, type EliteSixResult, type Placement, type PlayerStatus, type RankReason, type StandingsEntry, WHAT_I_NEED_LEADERS, whatINeedAmong } from '@dcs/ranking';
import { GameReviewRepository, type SeasonAccuracy, type SeasonDrawRecord } from '@dcs/tournament';
import { RankingsRepository, type SeasonLeader } from './rankings.repository';
import { StandingsQueryDto } from './rankings.dto';

export interface StandingRow extends StandingsEntry {
  displayName: string;
  status: PlayerStatus['status'];
  pointsStillPossible: number;
  /** In contention: what the player needs (null when clinched or eliminated). */
  need: RaceNeed | null;
}

/** "What I need" (docs/rules.md): the smallest result of the player's own that clinches, and the gain below which they are out. */
export interface RaceNeed {
  /** finish at `level` or better in `challenges` of the remaining challenges (bringing `points` at the least); null: no result of theirs clinches alone */
  clinch: { level: Placement; challenges: number; points: number } | null;
  /** they are out if they gain fewer than this many more points (0: nothing more is needed in the best case) */
  outBelow: number;
}

/**
 * Answers already computed, by what they depend on: the challenges remaining, the points of the
 * best eligible others and the player's points (a page of the standings is sorted by points, so
 * its rows share few answers; players below the leaders share the same others). The most recently
 * used are kept.
 */
const NEEDS_KEPT = 20_000;
const needs = new Map<string, RaceNeed | null>();

/** What an in-contention player needs, from the season's leaders (anyone else: null). */
export function raceNeed(player: { playerId: string; points: number; status: string }, leaders: readonly SeasonLeader[], remaining: number): RaceNeed | null {
  if (player.status !== 'in-contention' || remaining <= 0) return null;
  const others = leaders.filter((l) => l.playerId !== player.playerId).slice(0, WHAT_I_NEED_LEADERS - 1);
  const key = `${remaining}|${others.map((o) => o.points).join(',')}|${player.points}`;
  if (needs.has(key)) {
    const kept = needs.get(key)!;
    needs.delete(key);
    needs.set(key, kept);
    return kept;
  }
  const w = whatINeedAmong({ playerId: player.playerId, points: player.points }, others, remaining);
  const need = w.status !== 'in-contention' ? null : { clinch: w.clinch && w.clinch.level ? { level: w.clinch.level, challenges: w.clinch.challenges, points: w.clinch.points } : null, outBelow: w.outBelow ?? 0 };
  needs.set(key, need);
  if (needs.size > NEEDS_KEPT) needs.delete(needs.keys().next().value!);
  return need;
}

export interface PlayerRanking {
  playerId: string;
  displayName: string;
  seasons: {
    seasonId: string;
    city: { id: string; name: string };
    number: number;
    rank: number | null;
    points: number;
    status: PlayerStatus['status'] | null;
    challengesRemaining: number;
    need: RaceNeed | null;
    accuracy: SeasonAccuracy | null;
  }[];
  history: { challengeId: string; date: string; city: { id: string; name: string }; seasonId: string | null; week: number | null; kind: string; placement: string; rankingPoints: number; prizeCents: number }[];
  headToHead: { opponentId: string; opponentName: string; wins: number; losses: number; meetings: { tableId: string; challengeId: string; round: number; myPlace: number; theirPlace: number; outcome: string }[] } | null;
}

export interface StandingsPage {
  seasonId: string;
  seasonStatus: Season['status'];
  challengesPlayed: number;
  challengesRemaining: number;
  total: number;
  page: number;
  pageSize: number;
  items: StandingRow[];
}

export interface EliteSixView extends Omit<EliteSixResult, 'qualifiers'> {
  /** Settled qualifiers, best first, with their display names. */
  qualifiers: (EliteSixResult['qualifiers'][number] & { displayName: string })[];
  /** True once the season is closed: the stored Elite Six. Before that, provisional (from the current standings). */
  final: boolean;
  /** Players who lost their place after the close (loss of qualification, ban), with why. */
  removed: { playerId: string; seed: number; reason: string | null; removedAt: string }[];
  /** The server 6-4/5-5 draws of the close: seed, its SHA-256 and the order they gave (re-derivable). */
  draws: Pick<SeasonDrawRecord, 'purpose' | 'players' | 'places' | 'seedHash' | 'seed' | 'order'>[];
}

type StoredRow = Awaited<ReturnType<RankingsRepository['topRows']>>[number];

function toEntry(r: StoredRow): StandingsEntry {
  return {
    rank: r.rank,
    playerId: r.userId,
    points: r.points,
    tournamentWins: r.tournamentWins,
    gamesPlayed: r.gamesPlayed,
    avgScoreDiff: r.avgScoreDiff,
    tiebreak: r.tiebreak as RankReason,
    eliteSixEligible: r.eliteSixEligible,
    resets: r.resets as string[],
  };
}

/**
 * Season standings as stored (season_standings, rewritten from the facts whenever a challenge of
 * the season completes or a penalty changes), with each player's race status. A season with no
 * stored rows yet is computed and stored on first read.
 */
@Injectable()
export class RankingsService {
  constructor(
    private readonly repo: RankingsRepository,
    private readonly reviews: GameReviewRepository,
  ) {}

  /** One round trip to the database for a page of a season whose standings are stored (the usual case). */
  async standings(cityId: string, seasonId: string, q: StandingsQueryDto): Promise<StandingsPage> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const search = q.search?.trim() || undefined;
    let found = await this.repo.standingsPage(cityId, seasonId, search, (page - 1) * pageSize, pageSize);
    if (!found) throw notFound('Season', seasonId);
    if (!found.standingsAt) {
      await this.season(cityId, seasonId);
      found = (await this.repo.standingsPage(cityId, seasonId, search, (page - 1) * pageSize, pageSize))!;
    }
    const remaining = found.seasonStatus === 'closed' ? 0 : Math.max(0, found.challenges - found.played);
    return {
      seasonId,
      seasonStatus: found.seasonStatus,
      challengesPlayed: found.played,
      challengesRemaining: remaining,
      total: found.total,
      page,
      pageSize,
      items: found.rows.map((r) => ({
        rank: r.rank,
        playerId: r.user_id,
        points: r.points,
        tournamentWins: r.tournament_wins,
        gamesPlayed: r.games_played,
        avgScoreDiff: r.avg_score_diff,
        tiebreak: r.tiebreak as RankReason,
        eliteSixEligible: r.elite_six_eligible,
        resets: r.resets,
        displayName: r.display_name,
        status: r.status as PlayerStatus['status'],
        pointsStillPossible: r.points_still_possible,
        need: raceNeed({ playerId: r.user_id, points: r.points, status: r.status }, found.leaders, remaining),
      })),
    };
  }

  async eliteSix(cityId: string, seasonId: string): Promise<EliteSixView> {
    const season = await this.season(cityId, seasonId);
    const draws = ((season.eliteSixDraws as unknown as SeasonDrawRecord[] | null) ?? []).map(({ purpose, players, places, seedHash, seed, order }) => ({ purpose, players, places, seedHash, seed, order }));
    if (season.status === 'closed') {
      const entries = await this.repo.eliteSixEntries(seasonId);
      const active = entries.filter((e) => e.removedAt === null).sort((a, b) => a.seed - b.seed);
      return {
        final: true,
        qualifiers: active.map((e) => ({ seed: e.seed, playerId: e.userId, displayName: e.user.displayName, rank: e.rank, points: e.points, benefit: e.benefit as EliteSixResult['qualifiers'][number]['benefit'] })),
        needsDraw: null,
        seedTies: [],
        skipped: [],
        removed: entries.filter((e) => e.removedAt !== null).map((e) => ({ playerId: e.userId, seed: e.seed, reason: e.removedReason, removedAt: e.removedAt!.toISOString() })),
        draws,
      };
    }
    // Provisional: the top of the stored standings (ties at the cut are reported, not drawn, until the close).
    const rows = await this.repo.topRows(seasonId, 500);
    const names = new Map(rows.map((r) => [r.userId, r.user.displayName]));
    const six = eliteSix(rows.map(toEntry));
    return { ...six, qualifiers: six.qualifiers.map((q) => ({ ...q, displayName: names.get(q.playerId) ?? '' })), final: false, removed: [], draws };
  }

  /** A player's season totals and ranks, every result, and (with `vs`) their head-to-head record against that player. */
  async player(userId: string, vs?: string): Promise<PlayerRanking> {
    const displayName = await this.repo.displayName(userId);
    if (displayName === null) throw notFound('Player', userId);
    const opponentName = vs ? await this.repo.displayName(vs) : null;
    if (vs && opponentName === null) throw notFound('Player', vs);
    const seasons = [];
    for (const s0 of await this.repo.seasonsOf(userId)) {
      let season = s0;
      if (!season.standingsAt) {
        await this.repo.ensureStored(season);
        season = (await this.repo.seasonsOf(userId)).find((x) => x.id === s0.id) ?? s0;
      }
      const mine = season.standings[0];
      const status = (mine?.status as PlayerStatus['status'] | undefined) ?? null;
      const remaining = season.status === 'closed' ? 0 : Math.max(0, season.challenges - (await this.repo.challengesPlayed(season.id)));
      const need = mine && status === 'in-contention' ? raceNeed({ playerId: userId, points: mine.points, status }, await this.repo.leaders(season.id), remaining) : null;
      seasons.push({ seasonId: season.id, city: season.city, number: season.number, rank: mine?.rank ?? null, points: mine?.points ?? 0, status, challengesRemaining: remaining, need, accuracy: null as SeasonAccuracy | null });
    }
    const accuracy = await this.reviews.seasonAccuracy(userId, seasons.map((s) => s.seasonId));
    for (const s of seasons) s.accuracy = accuracy.get(s.seasonId) ?? null;
    const history = (await this.repo.history(userId)).map((p) => ({
      challengeId: p.challenge.id,
      date: p.challenge.localDate,
      city: p.challenge.city,
      seasonId: p.challenge.seasonId,
      week: p.challenge.week,
      kind: p.challenge.kind,
      placement: p.placement,
      rankingPoints: p.rankingPoints,
      prizeCents: p.prizeCents,
    }));
    let headToHead: PlayerRanking['headToHead'] = null;
    if (vs) {
      let wins = 0;
      let losses = 0;
      const meetings = [];
      for (const t of await this.repo.sharedTables(userId, vs)) {
        const result = (t.result as { userId: string; place: number }[] | null) ?? [];
        const me = result.find((r) => r.userId === userId);
        const them = result.find((r) => r.userId === vs);
        if (!me || !them) continue;
        const outcome = me.place < them.place ? 'win' : me.place > them.place ? 'loss' : 'level';
        if (outcome === 'win') wins++;
        if (outcome === 'loss') losses++;
        meetings.push({ tableId: t.id, challengeId: t.challengeId, round: t.round.number, myPlace: me.place, theirPlace: them.place, outcome });
      }
      headToHead = { opponentId: vs, opponentName: opponentName!, wins, losses, meetings };
    }
    return { playerId: userId, displayName, seasons, history, headToHead };
  }

  private async season(cityId: string, seasonId: string): Promise<Season> {
    const season = await this.repo.season(cityId, seasonId);
    if (!season) throw notFound('Season', seasonId);
    if (!season.standingsAt) {
      await this.repo.ensureStored(season);
      return (await this.repo.season(cityId, seasonId))!;
    }
    return season;
  }
}
