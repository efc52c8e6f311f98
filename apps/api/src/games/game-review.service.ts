import { Injectable } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import { ANALYSIS_THRESHOLDS } from '@dcs/engine/analysis';
import { GameReviewRepository, GamesRepository, GameStore, TableHosts } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import type { GameReviewDto } from './game-review.dto';

const isStaff = (user: AuthUser) => user.roles.some((r) => r === 'reviewer' || r === 'admin');

/**
 * Who sees a finished game's post-game analysis (issue 24, docs/rules.md): a player their own decisions
 * as soon as their game is over (a challenge game: once its table is decided, so nothing helps anyone
 * still playing); everyone every seat's once the challenge is complete (a public game record); staff
 * (reviewers, admins) every seat's once the game has ended, the read audited as a read of the hidden
 * tiles is. A house game is its players' and staff's only: to anyone else it is no game at all.
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
    const access = await this.reviews.access(gameId);
    const game = access ? await this.store.find(gameId) : null;
    if (!access || !game) throw notFound('Game', gameId);
    const seats = await this.hosts.seatsOfGame(game);
    const seat = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    const staff = !!user && isStaff(user);
    if (access.houseTableId && seat === null && !staff) throw notFound('Game', gameId);
    if (!access.finished) throw new AppError('GAME_NOT_FINISHED', 'A game is analysed once it has ended');
    let scope: 'all' | 'own';
    if (access.challengeStatus === 'completed' || staff) scope = 'all';
    else if (seat !== null && (access.houseTableId || access.tableStatus === 'finished')) scope = 'own';
    else if (seat !== null) throw new AppError('TABLE_NOT_FINISHED', 'Your analysis opens once your table is decided (its 6-4/5-5 draw too)');
    else throw new AppError('FORBIDDEN', "A challenge's analyses are public once the challenge is complete; its players see their own once their table is decided");
    if (staff && access.challengeStatus !== 'completed') await this.games.auditHiddenTilesRead(gameId, user!.id, { roles: user!.roles.filter((r) => r === 'reviewer' || r === 'admin'), seat });

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
