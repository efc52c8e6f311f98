import type { GameState } from '@dcs/engine';

/**
 * How long the first turn of a new hand waits before its clock starts (issue 42): the move that ends a
 * hand deals the next one at once, and the players read the ended hand's summary (its points, every
 * seat's tiles revealed: PlayerView.lastHand) meanwhile. The clocks are paused for it, server-side, and a
 * computer seat on turn waits as long before it plays.
 */
export const HAND_END_GRACE_MS = 4_000;

/**
 * The grace the turn on turn now gets before its clock counts: HAND_END_GRACE_MS while the hand in
 * progress is a later hand (one ended before it) on which nothing has been done yet, else 0. A pure
 * function of the state, so the clock's start, its deadline read back on a join and its run-out agree.
 */
export function handStartGraceMs(state: GameState): number {
  if (state.finished) return 0;
  const h = state.hands[state.hands.length - 1];
  if (!h || h.index === 0 || h.endedBy !== null || h.log.length > 0) return 0;
  return state.hands[state.hands.length - 2]?.endedBy ? HAND_END_GRACE_MS : 0;
}
