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

  private async compute(cityId: string, seasonId: string) {
    const season = await this.repo.season(cityId, seasonId);
    if (!season) throw notFound('Season', seasonId);
    const challenges = await this.repo.challenges(seasonId);
    const standings = seasonStandings(challenges);
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
