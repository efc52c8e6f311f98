import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, AppError } from '@dcs/common';
import { createBot, currentHand, seedRng, type Bot } from '@dcs/engine';
import { BOT_OF_LEVEL } from '@dcs/house';
import type { BotLevel } from '@dcs/db';
import { EffectsQueue } from '../effects/effects-queue';
import { GameStore } from '../games/game.store';
import { GameMoveService } from '../games/game-move.service';
import { HouseRepository } from './house.repository';
import { HouseService } from './house.service';
import { stateOf } from '../games/stored-state';

/**
 * Computer seats at house tables (SPEC 8.1, 8.6), played by the worker: the job for (game, version,
 * attempt) decides on the seat's own view with the level's bot, seeded per turn, and plays through
 * the one move service (as the system mover, so events — published by the move itself, MovePublisher —, clocks and the log are those of any move).
 * While the next seat on turn is a computer whose turn is due at once (no person at the table to
 * watch it think, or no pace: HouseTurns.botPlan) the same job plays it too, up to HOUSE_BOT_CHAIN_MAX
 * turns (then the rest goes to a new job at the back of the queue, so many tables share the slots); a person's turn, a computer's seeded run-out or a paced turn ends the job (their clock,
 * or a delayed job, takes over). A job for a turn that has moved on does nothing. A worker killed
 * mid-chain leaves the turn on the clock: the recovery sweep (at start-up and every minute)
 * re-queues the computer's turn, and a turn clock that runs out re-queues it too.
 */
@Injectable()
export class HouseBotService {
  private readonly logger = new Logger(HouseBotService.name);
  private readonly bots = new Map<string, Bot>();

  constructor(
    private readonly repo: HouseRepository,
    private readonly mover: GameMoveService,
    private readonly queue: EffectsQueue,
    private readonly config: AppConfig,
    private readonly games: GameStore,
    private readonly house: HouseService,
  ) {}

  async play(gameId: string, version: number, attempt: number): Promise<'played' | 'noop'> {
    const game = await this.games.find(gameId);
    if (!game || !game.houseTableId || game.status !== 'playing' || game.version !== version) return 'noop';
    const table = await this.repo.botSeats(game.houseTableId);
    if (!table) return 'noop';
    const levels = new Map<number, BotLevel>(table.seatsTaken.map((s) => [s.seat, s.botLevel!]));
    let state = stateOf(game);
    let turn = { version, attempt };
    let played = 0;
    for (;;) {
      const seat = currentHand(state)?.turn ?? null;
      const level = seat === null ? undefined : levels.get(seat);
      if (seat === null || !level) break;
      // The seed decides this turn is a run-out: the clock records it at the deadline (HouseTurns.turnEffects); never played over.
      if (this.house.botRunsOut(table.botSeed, gameId, turn.version, turn.attempt, level)) break;
      const action = this.bot(BOT_OF_LEVEL[level]).choose(state, seat, seedRng(`${table.botSeed}/${gameId}/${turn.version}/${turn.attempt}/move`));
      const body = { version: turn.version, type: action.type, ...('tile' in action ? { tile: action.tile } : {}), ...('end' in action && action.end ? { end: action.end } : {}) };
      let next: { version: number; attempt: number } | null | undefined;
      try {
        const { committed } = await this.mover.move(gameId, { system: true, seat, chain: true }, body);
        if (!committed) break;
        played++;
        state = committed.state;
        next = committed.next;
      } catch (err) {
        // The turn moved on between the read and the move (a run-out forfeit, another job): nothing to do.
        if (err instanceof AppError && (err.code === 'STALE_VERSION' || err.code === 'GAME_OVER')) break;
        // Anything else after a chained move: the turn due now goes back to the queue (its own job and retries).
        if (played) {
          this.logger.warn(`house game ${gameId}: computer turn at version ${turn.version} failed (${(err as Error).message}); queued again`);
          await this.queue.run([{ kind: 'house-bot', gameId, version: turn.version, attempt: turn.attempt, at: new Date() }]);
          break;
        }
        throw err;
      }
      if (!next) break;
      if (played >= this.config.HOUSE_BOT_CHAIN_MAX) {
        await this.queue.run([{ kind: 'house-bot', gameId, version: next.version, attempt: next.attempt, at: new Date() }]);
        break;
      }
      turn = next;
    }
    return played ? 'played' : 'noop';
  }

  private bot(name: 'random' | 'greedy' | 'expert'): Bot {
    let b = this.bots.get(name);
    if (!b) {
      b = createBot(name === 'expert' ? { name, options: { rollouts: 40 } } : name);
      this.bots.set(name, b);
    }
    return b;
  }
}
