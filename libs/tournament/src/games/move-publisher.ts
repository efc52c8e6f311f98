import { Injectable, Logger } from '@nestjs/common';
import type { GameState } from '@dcs/engine';
import type { SeatRow } from './games.repository';
import { gameViewEmits, LiveEmitter, type ViewableGame } from '../live/live-emitter';

/** A move that has been committed: the game's new state and who sits where (people only). Never sent to a client as it is. */
export interface GameMoved {
  game: ViewableGame;
  state: GameState;
  seats: SeatRow[];
  /** the next turn's clock deadline (null when the game is over or the clock is unknown) */
  deadline?: Date | null;
}

/** How a process with sockets of its own (an API instance's LiveHub) publishes a move's views instead: narrowed to who can see them. */
export type MoveViews = (move: GameMoved) => void;

/**
 * The one push path of a committed move's views, in every process that moves games (the API for
 * people, the worker for computer seats and forfeits). GameMoveService publishes here right after the
 * commit and the clock's start, and only then lets the table follow up (a decided table's
 * `table:result`, a settled house game's `house:settled`), so every client sees a move's `game:view`
 * before what the move caused (docs/realtime.md, "Order"). By default each seat's view and the public
 * view go to LiveEmitter; an API instance's LiveHub registers itself (`publishVia`) to send them only
 * where someone can see them. A failure is logged and never reaches the mover: a broadcast cannot
 * fail or undo a move.
 */
@Injectable()
export class MovePublisher {
  private readonly logger = new Logger(MovePublisher.name);
  private via: MoveViews | null = null;

  constructor(private readonly live: LiveEmitter) {}

  /** Registered by the API's LiveHub (null at its shutdown: back to the plain emits). */
  publishVia(via: MoveViews | null): void {
    this.via = via;
  }

  published(move: GameMoved): void {
    try {
      if (this.via) this.via(move);
      else for (const e of gameViewEmits(move.game, move.state, move.seats, move.deadline ?? null)) this.live.emit(e);
    } catch (err) {
      this.logger.error(`broadcasting game ${move.game.id} v${move.state.version}: ${(err as Error).message}`);
    }
  }
}
