import { Injectable, Logger } from '@nestjs/common';
import type { Game } from '@dcs/db';
import { Action, apply, GameEvent, GameState } from '@dcs/engine';
import { AppError, notFound } from '@dcs/common';
import { ChallengeFlowService } from './challenge/challenge-flow.service';
import { ChallengeQueue } from './challenge-queue';
import { GameStore, StoredAction } from './games/game.store';
import { GamesRepository, SeatRow } from './games.repository';
import { GameViewBody, renderGameView } from './live-emitter';
import { TurnClockService } from './turn-clock.service';
import { HouseService } from './house/house.service';

export interface MoveRequest {
  version: number;
  type: Action['type'];
  tile?: string;
  end?: string;
  requestId?: string;
}

/**
 * Who moves: a signed-in player (their own seat) or the system for a seat (a computer player, a
 * forfeit). `chain`: the worker playing computer seats, which plays the next computer turn due at
 * once itself (CommittedMove.next) instead of queuing it.
 */
export type Mover = { userId: string } | { system: true; seat: number; chain?: true };

export interface MoveResult extends GameViewBody {
  applied: boolean;
  events: GameEvent[];
}

/** A move that has been committed: the game's new state and who sits where (people only). */
export interface CommittedMove {
  game: Pick<Game, 'id' | 'tableId' | 'houseTableId' | 'seedHash' | 'seed'>;
  state: GameState;
  seats: SeatRow[];
  deadline?: Date | null;
  /** for a chaining mover: the computer turn (version, attempt) due at once, for it to play next */
  next?: { version: number; attempt: number } | null;
}

function sameAction(a: StoredAction['action'], seat: number, req: MoveRequest): boolean {
  const norm = (t?: string) => (t ? t.split('-').map(Number).sort((x, y) => y - x).join('-') : undefined);
  return a.seat === seat && a.type === req.type && norm(a.tile) === norm(req.tile) && (a.end ?? undefined) === (req.end ?? undefined);
}

/**
 * The one move path of every game, challenge or house table, for people (HTTP and socket.io,
 * through GamesService) and for the system (computer seats and forfeits, in the worker): the
 * mover's seat, a version check, idempotent retries, the state change plus its append-only log
 * entry (GameStore), then after the commit the next turn's clock, and the table's follow-up
 * when the move ended the game (a challenge table is decided, a house table settled) or handed the
 * turn to a computer seat.
 */
@Injectable()
export class GameMoveService {
  private readonly logger = new Logger(GameMoveService.name);
  private readonly seatCache = new Map<string, SeatRow[]>();

  constructor(
    private readonly repo: GamesRepository,
    private readonly moves: GameStore,
    private readonly flow: ChallengeFlowService,
    private readonly clock: TurnClockService,
    private readonly house: HouseService,
    private readonly queue: ChallengeQueue,
  ) {}

  /** The move and, when it was applied, the committed change for the caller to broadcast. */
  async move(gameId: string, mover: Mover, req: MoveRequest): Promise<{ response: MoveResult; committed: CommittedMove | null }> {
    let committed: CommittedMove | null = null;
    let ref: { tableId: string | null; houseTableId: string | null } = { tableId: null, houseTableId: null };
    const response = await this.moves.withGame(
      gameId,
      async (tx) => {
        const { game } = tx;
        ref = { tableId: game.tableId, houseTableId: game.houseTableId };
        const seats = await this.seatsOf(ref);
        const seat = 'system' in mover ? mover.seat : this.seatOf(seats, mover.userId);
        const state = game.state;
        const view = (s: GameState) => renderGameView(game, s, 'system' in mover ? null : seat);

        // A retry of a request already applied (the same seat, version and move): answer it again,
        // apply nothing. The same requestId with another body is refused, naming the stored move.
        if (req.requestId) {
          const done = await tx.actionByRequest(req.requestId);
          if (done) {
            if (done.seat !== seat) throw new AppError('REQUEST_ID_REUSED', 'This requestId belongs to another move');
            if (done.version !== req.version + 1 || !sameAction(done.action, seat, req)) {
              throw new AppError('REQUEST_ID_REUSED', 'This requestId was used for another move: nothing was applied. Use a new requestId for a new move.', {
                requestId: req.requestId,
                stored: { version: done.version - 1, type: done.action.type, ...(done.action.tile ? { tile: done.action.tile } : {}), ...(done.action.end ? { end: done.action.end } : {}) },
              });
            }
            return { ...view(state), applied: false, events: [] };
          }
        }
        if (game.version !== req.version) {
          // The same move resent without a key after it was applied (a lost response).
          const next = game.version === req.version + 1 && !req.requestId ? await tx.actionAt(req.version + 1) : null;
          if (next && next.requestId === null && sameAction(next.action, seat, req)) return { ...view(state), applied: false, events: [] };
          throw new AppError('STALE_VERSION', `The game is at version ${game.version}; you played on version ${req.version}. Refresh and try again.`, {
            currentVersion: game.version,
          });
        }
        const action = { seat, type: req.type, ...(req.tile ? { tile: req.tile } : {}), ...(req.end ? { end: req.end } : {}) } as Action;
        const result = apply(state, action, { expectedVersion: req.version });
        if (!result.ok) throw new AppError(result.error.code, result.error.message);
        // The game row changes with every accepted move, so its updatedAt is when this turn began.
        const decisionMs = 'system' in mover ? null : Date.now() - game.updatedAt.getTime();
        await tx.save(result.state, { seat, userId: 'system' in mover ? null : mover.userId, action, requestId: req.requestId, decisionMs });
        committed = { game, state: result.state, seats };
        return { ...view(result.state), applied: true, events: result.events as GameEvent[] };
      },
      req.requestId,
    );
    if (!response) throw notFound('Game', gameId);
    const done = committed as CommittedMove | null;
    // After the commit: the next turn's clock starts (and a computer seat on turn is queued to play).
    if (done && response.status === 'playing') {
      const deadline = await this.clock.start(gameId, done.state.version, ref.tableId, undefined, ref.houseTableId ? { houseTableId: ref.houseTableId, state: done.state } : undefined);
      response.turnDeadline = deadline ? deadline.toISOString() : null;
      done.deadline = deadline;
      if (ref.houseTableId) done.next = await this.house.afterMove(ref.houseTableId, gameId, done.state, 'system' in mover && mover.chain === true);
    }
    // The move ended the game: decide the table (or settle the house table) now. If the decide fails, the
    // worker's decide job takes the table; if the process dies here, the recovery sweep queues that job.
    if (done && response.status === 'finished') {
      const { tableId, houseTableId } = ref;
      // A decide that fails here (a busy moment: 128 tables of a round ending together wait on one round's lock and the
      // connection pool) goes to the worker's decide job at once (job id = table: queued once, retried), not to the sweep.
      if (tableId) {
        await this.flow.decideTable(tableId).catch(async (err: Error) => {
          this.logger.warn(`deciding table ${tableId}: ${err.message}; the worker's decide job takes it`);
          // The move is committed: a failed queueing must not fail its answer (the recovery sweep still finds the table).
          await this.queue.run([{ kind: 'table-decide', tableId }]).catch((e: Error) => this.logger.error(`queueing the decide of table ${tableId}: ${e.message}`));
        });
      }
      if (houseTableId) await this.house.settle(gameId).catch((err: Error) => this.logger.error(`settling house game ${gameId}: ${err.message}`));
    }
    return { response, committed: done };
  }

  /** Seats never change once a game is dealt, so they are cached per table. */
  async seatsOf(ref: { tableId: string | null; houseTableId?: string | null }): Promise<SeatRow[]> {
    const key = ref.tableId ?? (ref.houseTableId ? `house:${ref.houseTableId}` : null);
    if (!key) return [];
    const cached = this.seatCache.get(key);
    if (cached) return cached;
    const seats = await this.repo.seatsOfGame(ref);
    if (this.seatCache.size >= 10_000) this.seatCache.clear();
    // A house table's seats change between games (rematch): cache only challenge tables.
    if (seats.length && ref.tableId) this.seatCache.set(key, seats);
    return seats;
  }

  private seatOf(seats: SeatRow[], userId: string): number {
    const mine = seats.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'You are not seated at this game');
    return mine.seat;
  }
}
