import { Injectable } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import { ANALYSIS_THRESHOLDS } from '@dcs/engine/analysis';
import { GameReviewRepository, GamesRepository, GameStore, TableHosts } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import type { GameReviewDto } from './game-review.dto';

const isStaff = (user: AuthUser) => user.roles.some((r) => r === 'reviewer' || r === 'admin');

/**
 * A finished game's post-game analysis (issue 24, docs/rules.md), to whom its table's host says
 * (`TableHost.audience`): at a challenge table a player's own once the table is decided, every seat's
 * to anyone once the challenge is complete and to staff once the game ended (audited as a read of the
 * hidden tiles); at a house table its players' own and staff's only, to anyone else no game at all.
 */
@Injectable()
export class GameReviewService {
  constructor(
    private readonly reviews: GameReviewRepository,
    private readonly store: GameStore,
    private readonly hosts: TableHosts,
    private readonly games: GamesRepository,
  ) {}

  async review(user: AuthUser | undefined, gameId: string): Promise<GameReviewDto> {
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const seats = await this.hosts.seatsOfGame(game);
    const seat = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    const audience = await this.hosts.audience(game, { seat, staff: !!user && isStaff(user) });
    if (!audience.sees) throw notFound('Game', gameId);
    if (game.status !== 'finished') throw new AppError('GAME_NOT_FINISHED', 'A game is analysed once it has ended');
    if (audience.review instanceof AppError) throw audience.review;
    const scope = audience.review;
    if (audience.auditsReview) await this.games.auditHiddenTilesRead(gameId, user!.id, { roles: user!.roles.filter((r) => r === 'reviewer' || r === 'admin'), seat });

    const stored = await this.reviews.find(gameId);
    if (!stored) return { gameId, status: 'pending', scope, seat };
    const a = stored.analysis;
    if (!a.analysable) return { gameId, status: 'not-analysable', scope, seat, reason: a.message, version: a.version };
    const mine = <T extends { seat: number }>(xs: readonly T[]): T[] => (scope === 'all' ? [...xs] : xs.filter((x) => x.seat === seat));
    return {
      gameId,
      status: 'ready',
      scope,
      seat,
      version: a.version,
      thresholds: { ...ANALYSIS_THRESHOLDS },
      seats: mine(a.seats),
      decisions: mine(a.decisions) as unknown as GameReviewDto['decisions'],
    };
  }
}
