import { Injectable } from '@nestjs/common';
import type { Game } from '@dcs/db';
import { Action, apply, GameEvent, GameState } from '@dcs/engine';
import { AppError, notFound } from '@dcs/common';
import { GameStore, StoredAction } from './game.store';
import type { SeatRow } from './games.repository';
import { type TableColumns, TableHost, TableHosts, TableRef } from './table-host';
import { GameMoved, MovePublisher } from './move-publisher';
import { GameViewBody, renderGameView } from '../live/live-emitter';
import { TurnClockService } from './turn-clock.service';

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
export interface CommittedMove extends GameMoved {
  game: Pick<Game, 'id' | 'seedHash' | 'seed'> & TableColumns;
  /** for a chaining mover: the computer turn (version, attempt) due at once, for it to play next */
  next?: { version: number; attempt: number } | null;
}

function sameAction(a: StoredAction['action'], seat: number, req: MoveRequest): boolean {
  const norm = (t?: string) => (t ? t.split('-').map(Number).sort((x, y) => y - x).join('-') : undefined);
  return a.seat === seat && a.type === req.type && norm(a.tile) === norm(req.tile) && (a.end ?? undefined) === (req.end ?? undefined);
}

/**
 * The one move path of every game, whatever its table, for people (HTTP and socket.io, through
 * GamesService) and for the system (computer seats and forfeits, in the worker): the mover's seat, a
 * version check, idempotent retries, the state change plus its append-only log entry (GameStore),
 * then after the commit the next turn's clock, and the table's follow-up (its TableHost, resolved
 * once from the game row): after a move, and when the move ended the game.
 */
@Injectable()
export class GameMoveService {
  private readonly seatCache = new Map<string, SeatRow[]>();

  constructor(
    private readonly moves: GameStore,
    private readonly clock: TurnClockService,
    private readonly hosts: TableHosts,
    private readonly publisher: MovePublisher,
  ) {}

  /** The move and, when it was applied, the committed change (its views already published: MovePublisher). */
  async move(gameId: string, mover: Mover, req: MoveRequest): Promise<{ response: MoveResult; committed: CommittedMove | null }> {
    let committed: CommittedMove | null = null;
    let at: { table: TableRef; host: TableHost } | null = null;
    const response = await this.moves.withGame(
      gameId,
      async (tx) => {
        const { game } = tx;
        at = this.hosts.forGame(game);
        const seats = await this.seatsOf(at);
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
        // The contribution window is open: nothing is dealt yet (issue 24).
        if (game.dealClosesAt) throw new AppError('GAME_NOT_DEALT', 'The game is being dealt: the players\' contributions are still coming in', { dealClosesAt: game.dealClosesAt.toISOString() });
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
    if (!done) return { response, committed: null };
    const host = at as { table: TableRef; host: TableHost } | null;
    // After the commit, in this order: the next turn's clock starts; the move's views are published (the one push
    // path, whichever process moved); then the table follows up, so what it emits comes after the move's views.
    if (response.status === 'playing') {
      const deadline = await this.clock.start(done.game, done.state);
      response.turnDeadline = deadline ? deadline.toISOString() : null;
      done.deadline = deadline;
    }
    this.publisher.published(done);
    // A computer seat on turn is queued to play (or handed back to a chaining mover).
    if (response.status === 'playing' && host) done.next = await host.host.moved(host.table.id, gameId, done.state, 'system' in mover && mover.chain === true);
    // The move ended the game: the table decides (a challenge table) or settles (a house table) now. If that fails, the
    // worker's job takes it; if the process dies here, the recovery sweep queues that job.
    if (response.status === 'finished' && host) await host.host.ended(host.table.id, gameId);
    return { response, committed: done };
  }

  /** The people seated at the game's table, cached per table where they never change (TableHost.fixedSeats). */
  private async seatsOf(at: { table: TableRef; host: TableHost } | null): Promise<SeatRow[]> {
    if (!at) return [];
    const key = `${at.table.kind}:${at.table.id}`;
    const cached = this.seatCache.get(key);
    if (cached) return cached;
    const seats = await at.host.seats(at.table.id);
    if (this.seatCache.size >= 10_000) this.seatCache.clear();
    if (seats.length && at.host.fixedSeats) this.seatCache.set(key, seats);
    return seats;
  }

  private seatOf(seats: SeatRow[], userId: string): number {
    const mine = seats.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'You are not seated at this game');
    return mine.seat;
  }
}
