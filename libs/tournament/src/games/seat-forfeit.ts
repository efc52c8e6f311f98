import { apply as engineApply } from '@dcs/engine';
import { AppError, type Tx } from '@dcs/common';

import type { GameStore, StoredGame } from './game.store';
import { stateOf } from './stored-state';

/**
 * The one forfeit of a seat (SPEC 1.7) by the system or a director, under the caller's lock on the
 * game: a logged `forfeit` action through the game store. A game already over, or a seat already
 * forfeited, is answered as it is (the caller compares versions to see whether anything changed).
 */
export async function forfeitSeat(store: GameStore, tx: Tx, game: StoredGame, seat: number, actorId: string | null = null): Promise<StoredGame> {
  const state = stateOf(game);
  if (state.finished || state.forfeited[seat]) return game;
  const r = engineApply(state, { seat, type: 'forfeit' });
  if (!r.ok) throw new AppError(r.error.code, `forfeit of seat ${seat} in game ${game.id}: ${r.error.message}`);
  return store.saveAction(tx, game, r.state, { seat, userId: actorId, action: { seat, type: 'forfeit' }, decisionMs: null });
}
