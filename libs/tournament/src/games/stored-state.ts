import type { Prisma } from '@dcs/db';
import type { GameState } from '@dcs/engine';

/*
 * The one typed path of a game's state between the engine and the database: `games.state` is the
 * engine's GameState stored whole as JSON (GameStore writes it only through `toStoredState`, from a
 * state the engine made), so reading it back is this one cast, not one at every reader.
 */

/** A game row's state (any row or part of one with its `state` column) as the engine's GameState. */
export function stateOf(game: { state: Prisma.JsonValue | GameState }): GameState {
  return game.state as unknown as GameState;
}

/** A state as the `games.state` column stores it. */
export function toStoredState(state: GameState): Prisma.InputJsonValue {
  return state as unknown as Prisma.InputJsonValue;
}
