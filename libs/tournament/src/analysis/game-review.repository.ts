import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import type { GameAnalysis } from '@dcs/engine/analysis';

/** A stored review (post-game analysis) of one game. */
export interface StoredReview {
  gameId: string;
  version: number;
  analysable: boolean;
  analysis: GameAnalysis;
  createdAt: Date;
}

export interface SeasonAccuracy {
  games: number;
  decisions: number;
  /** 0-100 over every decision of the player's reviewed games in the window; null with none */
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/**
 * The writer of game_reviews and game_review_seats (issue 24's post-game analysis), and their reads.
 * A review is written once (the worker's job is idempotent: a retried or doubled job changes nothing).
 */
@Injectable()
export class GameReviewRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Finished games since `since` with no review yet, oldest first (the worker's scan). */
  async unreviewed(since: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g
      WHERE g.status = 'finished' AND g.finished_at >= ${since}
        AND NOT EXISTS (SELECT 1 FROM game_reviews r WHERE r.game_id = g.id)
      ORDER BY g.finished_at ASC LIMIT ${limit}`;
    return rows.map((r) => r.id);
  }

  async exists(gameId: string): Promise<boolean> {
    return (await this.prisma.gameReview.count({ where: { gameId } })) > 0;
  }

  /** Stores a game's review and its seats' figures once; false when it was there already. */
  async store(gameId: string, finishedAt: Date, analysis: GameAnalysis, seats: readonly { seat: number; userId: string }[]): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT INTO game_reviews (game_id, version, analysable, analysis, finished_at)
        VALUES (${gameId}::uuid, ${analysis.version}, ${analysis.analysable}, ${JSON.stringify(analysis)}::jsonb, ${finishedAt})
        ON CONFLICT (game_id) DO NOTHING`;
      if (inserted === 0) return false;
      if (analysis.analysable) {
        const bySeat = new Map(seats.map((s) => [s.seat, s.userId]));
        const data: Prisma.GameReviewSeatCreateManyInput[] = analysis.seats.flatMap((s) => {
          const userId = bySeat.get(s.seat);
          if (!userId) return []; // a computer seat
          return [{ gameId, seat: s.seat, userId, decisions: s.decisions, accuracy: s.accuracy, lossSum: s.meanLoss * s.decisions, inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders, finishedAt }];
        });
        if (data.length) await tx.gameReviewSeat.createMany({ data });
      }
      return true;
    });
  }

  async find(gameId: string): Promise<StoredReview | null> {
    const r = await this.prisma.gameReview.findUnique({ where: { gameId } });
    return r ? { gameId: r.gameId, version: r.version, analysable: r.analysable, analysis: r.analysis as unknown as GameAnalysis, createdAt: r.createdAt } : null;
  }

  /** A player's accuracy per season over their reviewed challenge games (weighted by decisions). */
  async seasonAccuracy(userId: string, seasonIds: readonly string[]): Promise<Map<string, SeasonAccuracy>> {
    if (!seasonIds.length) return new Map();
    const rows = await this.prisma.$queryRaw<{ season_id: string; games: bigint; decisions: bigint; weighted: number | null; inaccuracies: bigint; mistakes: bigint; blunders: bigint }[]>`
      SELECT c.season_id, count(*) AS games, sum(s.decisions) AS decisions, sum(s.accuracy * s.decisions) AS weighted,
             sum(s.inaccuracies) AS inaccuracies, sum(s.mistakes) AS mistakes, sum(s.blunders) AS blunders
      FROM game_review_seats s
      JOIN games g ON g.id = s.game_id
      JOIN challenge_tables t ON t.id = g.table_id
      JOIN challenges c ON c.id = t.challenge_id
      WHERE s.user_id = ${userId}::uuid AND s.decisions > 0 AND c.season_id = ANY(${[...seasonIds]}::uuid[])
      GROUP BY c.season_id`;
    return new Map(
      rows.map((r) => {
        const decisions = Number(r.decisions);
        return [
          r.season_id,
          {
            games: Number(r.games),
            decisions,
            accuracy: decisions > 0 && r.weighted != null ? Math.round((r.weighted / decisions) * 10) / 10 : null,
            inaccuracies: Number(r.inaccuracies),
            mistakes: Number(r.mistakes),
            blunders: Number(r.blunders),
          },
        ];
      }),
    );
  }
}
