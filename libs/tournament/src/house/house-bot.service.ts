import { Injectable } from '@nestjs/common';
import { AppError, PrismaService } from '@dcs/common';
import { createBot, currentHand, seedRng, type Bot, type GameState } from '@dcs/engine';
import { BOT_OF_LEVEL } from '@dcs/house';
import { ChallengeQueue } from '../challenge-queue';
import { GameStore } from '../games/game.store';
import { GameMoveService } from '../game-move.service';
import { gameViewEmits } from '../live-emitter';

/**
 * Computer seats at house tables (SPEC 8.1, 8.6), played by the worker: the job for (game, version,
 * attempt) decides on the seat's own view with the level's bot, seeded per turn, and plays through
 * the one move service. A job for a turn that has moved on does nothing.
 */
@Injectable()
export class HouseBotService {
  private readonly bots = new Map<string, Bot>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly mover: GameMoveService,
    private readonly queue: ChallengeQueue,
    private readonly games: GameStore,
  ) {}

  async play(gameId: string, version: number, attempt: number): Promise<'played' | 'noop'> {
    const game = await this.games.find(gameId);
    if (!game || !game.houseTableId || game.status !== 'playing' || game.version !== version) return 'noop';
    const state = game.state as unknown as GameState;
    const seat = currentHand(state)?.turn ?? null;
    if (seat === null) return 'noop';
    const table = await this.prisma.houseTable.findUnique({ where: { id: game.houseTableId }, select: { botSeed: true, seatsTaken: { where: { seat }, select: { botLevel: true } } } });
    const level = table?.seatsTaken[0]?.botLevel;
    if (!table || !level) return 'noop';
    const bot = this.bot(BOT_OF_LEVEL[level]);
    const action = bot.choose(state, seat, seedRng(`${table.botSeed}/${gameId}/${version}/${attempt}/move`));
    try {
      const { committed } = await this.mover.move(gameId, { system: true, seat }, { version, type: action.type, ...('tile' in action ? { tile: action.tile } : {}), ...('end' in action && action.end ? { end: action.end } : {}) });
      if (committed) await this.queue.run(gameViewEmits(committed.game, committed.state, committed.seats, committed.deadline ?? null));
      return committed ? 'played' : 'noop';
    } catch (err) {
      // The turn moved on between the read and the move (a run-out forfeit, another job): nothing to do.
      if (err instanceof AppError && (err.code === 'STALE_VERSION' || err.code === 'GAME_OVER')) return 'noop';
      throw err;
    }
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
