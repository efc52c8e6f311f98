import { Injectable, Logger } from '@nestjs/common';
import { isContribution } from '@dcs/engine';
import { AppConfig, AppError, notFound } from '@dcs/common';
import { Effect, EffectsQueue } from '../effects/effects-queue';
import { fairnessOf, liveEmit, LiveEmitter, liveRooms } from '../live/live-emitter';
import { TournamentClock } from '../time/tournament-clock';
import { ContributionWindow, GameStore } from './game.store';
import { MovePublisher } from './move-publisher';
import { TableHosts } from './table-host';
import { stateOf } from './stored-state';

export interface ContributionInput {
  contribution: unknown;
  /** the seat the page believes it holds (optional): another seat than the caller's is refused */
  seat?: unknown;
}

export interface Contributed {
  gameId: string;
  seat: number;
  seedHash: string;
  contributions: (string | null)[];
  dealClosesAt: string | null;
}

/**
 * Deals no one can steer (issue 24, docs/rules.md "Deals no one can steer"). A game seated with
 * people at it is created with the server's seed committed (its hash public) and a contribution
 * window of CONTRIBUTION_WINDOW_MS: each person's page sends 32 random bytes (`contribute`), and
 * when the window closes (a delayed job whose id is the game's: queued once, however many API
 * instances and workers) the game is dealt from dealSeed(seed, contributions) — '' for a computer
 * seat or a person who sent none — and its first turn's clock starts (TableHost.dealt). The window
 * closes early when the last person's contribution arrives. Until then nothing is dealt that anyone
 * sees and no clock runs.
 */
@Injectable()
export class FairDeal {
  private readonly logger = new Logger(FairDeal.name);

  constructor(
    private readonly store: GameStore,
    private readonly hosts: TableHosts,
    private readonly queue: EffectsQueue,
    private readonly live: LiveEmitter,
    private readonly publisher: MovePublisher,
    private readonly config: AppConfig,
    private readonly time: TournamentClock,
  ) {}

  /** The window of a game seated now (undefined: none — the window is off, or nobody but computers sits). */
  window(people: boolean[], now = this.time.now()): ContributionWindow | undefined {
    const ms = this.config.CONTRIBUTION_WINDOW_MS;
    if (ms <= 0 || !people.some(Boolean)) return undefined;
    return { people, closesAt: new Date(now.getTime() + ms) };
  }

  /** The delayed job that closes a game's window. */
  closeEffect(game: { id: string; dealClosesAt: Date | null }): Effect {
    return { kind: 'deal-close', gameId: game.id, at: game.dealClosesAt ?? this.time.now() };
  }

  /** A seated person's contribution: 64 lower-case hex characters, once, while the window is open. */
  async contribute(userId: string, gameId: string, input: ContributionInput): Promise<Contributed> {
    const c = input?.contribution;
    if (typeof c !== 'string' || c === '' || !isContribution(c)) {
      throw new AppError('CONTRIBUTION_INVALID', 'A contribution is 64 lower-case hexadecimal characters (32 random bytes)', { field: 'contribution' });
    }
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const seats = await this.hosts.seatsOfGame(game);
    const mine = seats.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'You are not seated at this game');
    if (input.seat !== undefined && input.seat !== mine.seat) {
      throw new AppError('NOT_YOUR_SEAT', `You sit at seat ${mine.seat}: a contribution is for your own seat`, { seat: mine.seat });
    }
    const stored = await this.store.contribute(gameId, mine.seat, c, this.time.now());
    if (stored === null) throw notFound('Game', gameId);
    if (stored === 'dealt') throw new AppError('CONTRIBUTION_CLOSED', 'The contribution window has closed: the game is dealt');
    if (stored === 'sent') throw new AppError('CONTRIBUTION_ALREADY_SENT', 'Your seat has sent its contribution already');
    const out: Contributed = { gameId, seat: mine.seat, seedHash: game.seedHash, contributions: stored, dealClosesAt: game.dealClosesAt?.toISOString() ?? null };
    // Everyone at the table and watching sees the contributions as they come in.
    this.live.emit(liveEmit([liveRooms.game(gameId), ...seats.map((s) => liveRooms.user(s.userId))], 'game:fairness', { gameId, seedHash: game.seedHash, ...fairnessOf({ ...game, contributions: stored }) }));
    // The last person in closes the window at once: nobody waits out the 5 s for nothing. The deal
    // is the window's own (idempotent, under the row lock), so the delayed job finds it dealt; if it
    // fails here, that job still deals at the window's end.
    if (stored.every((s) => s !== null)) {
      await this.close(gameId).catch((err: unknown) => this.logger.warn(`early deal of ${gameId} left to the window's job: ${String(err)}`));
    }
    return out;
  }

  /** The window's job: deals the game and starts its first turn (idempotent: nothing when dealt already or over). */
  async close(gameId: string): Promise<'dealt' | 'noop'> {
    const effects: Effect[] = [];
    const dealt = await this.store.dealNow(gameId, async (tx, game) => {
      await this.hosts.forGame(game)?.host.dealt(tx, game, effects);
    });
    if (!dealt) return 'noop';
    await this.queue.run(effects);
    const state = stateOf(dealt);
    const clock = effects.find((e): e is Extract<Effect, { kind: 'turn-clock' }> => e.kind === 'turn-clock');
    this.publisher.published({ game: dealt, state, seats: await this.hosts.seatsOfGame(dealt), deadline: clock?.at ?? null });
    this.logger.debug(`game ${gameId} dealt from ${(dealt.contributions as string[]).filter(Boolean).length} contribution(s)`);
    return 'dealt';
  }
}
