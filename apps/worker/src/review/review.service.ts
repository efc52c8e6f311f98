import { Injectable, Logger } from '@nestjs/common';
import { toRecord } from '@dcs/engine';
import { GameReviewRepository, GameStore, TableHosts } from '@dcs/tournament';
import { AnalysisPool } from './analysis-pool';
import { stateOf } from '@dcs/tournament';

export interface ReviewJobResult {
  gameId: string;
  reviewed: boolean;
  reason?: 'not-finished' | 'unknown' | 'already' | 'not-reviewed-at-this-table';
}

/** How far back the scan looks for finished games without a review. */
export const REVIEW_SCAN_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * Post-game analysis (issue 24): each finished game's decisions judged against the expert, stored once.
 * The judging runs in a thread of its own (AnalysisPool): the worker runs turn clocks, hard stops and
 * house computers beside it, and a Saturday's round ends 128 games at once.
 */
@Injectable()
export class ReviewService {
  private readonly logger = new Logger(ReviewService.name);

  constructor(
    private readonly reviews: GameReviewRepository,
    private readonly store: GameStore,
    private readonly hosts: TableHosts,
    private readonly pool: AnalysisPool,
  ) {}

  async reviewGame(gameId: string): Promise<ReviewJobResult> {
    if (await this.reviews.exists(gameId)) return { gameId, reviewed: false, reason: 'already' };
    const game = await this.store.find(gameId);
    if (!game) return { gameId, reviewed: false, reason: 'unknown' };
    const state = stateOf(game);
    if (!state.finished) return { gameId, reviewed: false, reason: 'not-finished' };
    // Whether its kind of table has its games reviewed is the host's (TableHost.analysis); a game at no table is.
    if (this.hosts.forGame(game)?.host.analysis.review === false) return { gameId, reviewed: false, reason: 'not-reviewed-at-this-table' };
    const analysis = await this.pool.analyze(toRecord(state));
    const seats = await this.hosts.seatsOfGame(game);
    const stored = await this.reviews.store(gameId, game.finishedAt ?? game.updatedAt, analysis, seats);
    return { gameId, reviewed: stored, ...(stored ? {} : { reason: 'already' as const }) };
  }

  /** Finished games of the last week with no review yet (at most `limit`), for the scan to queue. */
  unreviewed(now: Date, limit = 500): Promise<string[]> {
    return this.reviews.unreviewed(new Date(now.getTime() - REVIEW_SCAN_WINDOW_MS), limit);
  }
}
