import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import { eliteSix, type EliteSixResult, isStandingsError, seasonStandings, seasonStatus, type StandingsEntry, type PlayerStatus } from '@dcs/ranking';
import { RankingsRepository } from './rankings.repository';
import { StandingsQueryDto } from './rankings.dto';

export interface StandingRow extends StandingsEntry {
  displayName: string;
  status: PlayerStatus['status'];
  pointsStillPossible: number;
}

export interface PlayerRanking {
  playerId: string;
  seasons: { seasonId: string; city: { id: string; name: string }; number: number; rank: number | null; points: number; status: PlayerStatus['status'] | null }[];
  history: { challengeId: string; date: string; city: { id: string; name: string }; seasonId: string | null; week: number | null; placement: string; rankingPoints: number; prizeCents: number }[];
  headToHead: { opponentId: string; wins: number; losses: number; meetings: { tableId: string; challengeId: string; round: number; myPlace: number; theirPlace: number; outcome: string }[] } | null;
}

export interface StandingsPage {
  seasonId: string;
  challengesPlayed: number;
  challengesRemaining: number;
  total: number;
  page: number;
  pageSize: number;
  items: StandingRow[];
}

/** Season standings, always recomputed from the season's facts (SPEC 4), with each player's race status. */
@Injectable()
export class RankingsService {
  constructor(private readonly repo: RankingsRepository) {}

  async standings(cityId: string, seasonId: string, q: StandingsQueryDto): Promise<StandingsPage> {
    const { rows, played, remaining } = await this.compute(cityId, seasonId);
    const needle = q.search?.trim().toLowerCase();
    const filtered = needle ? rows.filter((r) => r.playerId === needle || r.displayName.toLowerCase().includes(needle)) : rows;
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    return {
      seasonId,
      challengesPlayed: played,
      challengesRemaining: remaining,
      total: filtered.length,
      page,
      pageSize,
      items: filtered.slice((page - 1) * pageSize, page * pageSize),
    };
  }

  async eliteSix(cityId: string, seasonId: string): Promise<EliteSixResult & { final: boolean }> {
    const { standings, remaining } = await this.compute(cityId, seasonId);
    return { ...eliteSix(standings), final: remaining === 0 };
  }

  /** A player's season totals and ranks, every result, and (with `vs`) their head-to-head record against that player. */
  async player(userId: string, vs?: string): Promise<PlayerRanking> {
    if (!(await this.repo.userExists(userId))) throw notFound('Player', userId);
    if (vs && !(await this.repo.userExists(vs))) throw notFound('Player', vs);
    const seasons = [];
    for (const season of await this.repo.seasonsOf(userId)) {
      const { rows } = await this.compute(season.city.id, season.id);
      const mine = rows.find((r) => r.playerId === userId);
      seasons.push({ seasonId: season.id, city: season.city, number: season.number, rank: mine?.rank ?? null, points: mine?.points ?? 0, status: mine?.status ?? null });
    }
    const history = (await this.repo.history(userId)).map((p) => ({
      challengeId: p.challenge.id,
      date: p.challenge.localDate,
      city: p.challenge.city,
      seasonId: p.challenge.seasonId,
      week: p.challenge.week,
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
      headToHead = { opponentId: vs, wins, losses, meetings };
    }
    return { playerId: userId, seasons, history, headToHead };
  }

  private async compute(cityId: string, seasonId: string) {
    const season = await this.repo.season(cityId, seasonId);
    if (!season) throw notFound('Season', seasonId);
    const [challenges, penalties] = await Promise.all([this.repo.challenges(seasonId), this.repo.penalties(seasonId)]);
    const standings = seasonStandings(challenges, penalties);
    if (isStandingsError(standings)) throw new AppError('STANDINGS_UNAVAILABLE', standings.message, HttpStatus.INTERNAL_SERVER_ERROR);
    const remaining = Math.max(0, season.challenges - challenges.length);
    const statuses = new Map(seasonStatus(standings.map((s) => ({ playerId: s.playerId, points: s.points, eliteSixEligible: s.eliteSixEligible })), remaining).map((s) => [s.playerId, s]));
    const names = await this.repo.names(standings.map((s) => s.playerId));
    const rows: StandingRow[] = standings.map((s) => ({
      ...s,
      displayName: names.get(s.playerId) ?? '',
      status: statuses.get(s.playerId)!.status,
      pointsStillPossible: statuses.get(s.playerId)!.pointsStillPossible,
    }));
    return { standings, rows, played: challenges.length, remaining };
  }
}
