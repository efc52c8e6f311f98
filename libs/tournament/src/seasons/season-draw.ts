import { randomBytes } from 'node:crypto';
import { drawResult, isTiebreakError, runDrawToCompletion, type TiebreakRoundRecord } from '@dcs/engine';
import { sha256 } from '@dcs/common';

/**
 * A 6-4/5-5 draw run by the server (SPEC 2) for a tie at season close, where the tied players
 * are not at a table: every tile is picked by the draw's own seeded generator (the same rule
 * that picks for a player who lets the 5 seconds run out). The record keeps the seed, its
 * SHA-256 and every round, so anyone can re-derive it (`verifyDraw` of libs/engine).
 */
export interface SeasonDrawRecord {
  /** What the draw was for: the 6th-place cut, or the order of seeds tied inside the six. */
  readonly purpose: 'cut' | 'seeds';
  readonly players: readonly string[];
  /** How many top places of the group the draw decided. */
  readonly places: number;
  readonly seedHash: string;
  readonly seed: string;
  /** The whole group in the order the draw placed it (winners first, then the rest in the given order). */
  readonly order: readonly string[];
  readonly rounds: readonly TiebreakRoundRecord[];
  readonly drawnAt: string;
}

export function runSeasonDraw(purpose: SeasonDrawRecord['purpose'], players: readonly string[], places: number, now: Date, seed = randomBytes(16).toString('hex')): SeasonDrawRecord {
  const state = runDrawToCompletion(seed, players, places);
  if (isTiebreakError(state)) throw new Error(`season draw: ${state.code} ${state.message}`);
  const result = drawResult(state);
  if (!result) throw new Error('season draw did not finish');
  const rest = players.filter((p) => !result.winners.includes(p));
  return {
    purpose,
    players: [...players],
    places,
    seedHash: sha256(seed),
    seed,
    order: [...result.winners, ...rest],
    rounds: state.rounds,
    drawnAt: now.toISOString(),
  };
}
