import { Injectable, Logger } from '@nestjs/common';
import type { Game } from '@dcs/db';
import type { GameState } from '@dcs/engine';
import type { SeatRow } from '@dcs/tournament';

/** A move that has been committed: the game's new state and who sits where. Never sent to a client as it is. */
export interface GameMoved {
  game: Pick<Game, 'id' | 'tableId' | 'seedHash' | 'seed'>;
  state: GameState;
  seats: SeatRow[];
  /** the next turn's clock deadline (null when the game is over or the clock is unknown) */
  deadline?: Date | null;
}

export type GameMovedListener = (event: GameMoved) => void;

/**
 * The seam between the one move service and whoever pushes moves to clients (the live
 * gateway). GamesService calls `moved` after the transaction commits; a listener's failure
 * is logged and never reaches the caller, so a broadcast cannot fail or undo a move.
 */
@Injectable()
export class GameEventsPublisher {
  private readonly logger = new Logger(GameEventsPublisher.name);
  private readonly listeners = new Set<GameMovedListener>();

  subscribe(listener: GameMovedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  moved(event: GameMoved): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.logger.error(`broadcasting game ${event.game.id} v${event.state.version}: ${(err as Error).message}`);
      }
    }
  }
}
