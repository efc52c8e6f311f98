import { apply, currentHand, type Action, type GameState } from '@dcs/engine';

/**
 * `games.state` is a snapshot of the engine state as of its own `version` (the JSON's `version`
 * field), not necessarily the game's current version (`games.version`). The store writes a full
 * snapshot when a game is dealt, when a move crosses a hand boundary (a hand ended, the next one
 * dealt), when the game ends and at every system change (hard stop, void); any other move writes
 * only the version bump and its append-only action. The current state is the snapshot with the
 * actions after it applied in version order: at most one hand's worth.
 *
 * The snapshot carries its own version instead of a separate column, so the two can never disagree
 * (a writer of the whole state, a test that rigs a position, stays consistent by construction),
 * and the hot path never needs to read it: a move that hits the cache reads nothing at all.
 */

/** Whether the move from `prev` to `next` must write a full snapshot. */
export function needsSnapshot(prev: GameState, next: GameState): boolean {
  return next.finished || next.hands.length !== prev.hands.length || (currentHand(prev) !== null) !== (currentHand(next) !== null);
}

/** The current state: the snapshot with the stored actions after it applied in order. Throws on a log the engine rejects (corrupt storage). */
export function replayTail(snapshot: GameState, tail: readonly { version: number; action: unknown }[], gameId: string): GameState {
  let state = snapshot;
  for (const a of tail) {
    if (a.version <= state.version) continue;
    if (a.version !== state.version + 1) throw new Error(`game ${gameId}: the action log jumps from version ${state.version} to ${a.version}`);
    const r = apply(state, a.action as Action);
    if (!r.ok) throw new Error(`game ${gameId}: stored action ${a.version} does not replay (${r.error.code}: ${r.error.message})`);
    state = r.state;
  }
  return state;
}
