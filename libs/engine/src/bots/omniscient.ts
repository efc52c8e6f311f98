/**
 * The omniscient evaluator (for anti-cheat): it sees every hand and ranks a
 * seat's moves by their value with perfect information — a max^n search (each
 * seat picks the move best for itself) of the next plies, greedy rollouts
 * below, and an exact search to the end of the hand once few tiles remain.
 * The value of a move is the seat's outcome at the end of the hand: its
 * points minus the other seats' mean, plus the worth of turning Yellow and of
 * winning the game (as for the expert). A false knock is ranked as a move too.
 *
 * dcs-tournament tables of 3 or 4 seats without forfeits (the fast path's rules).
 */
import { FastGame, MOVE_KNOCK } from '../fast/fast-game';
import { fastPositionFromState } from '../fast/readable-bridge';
import { currentHand } from '../game';
import { RULESETS } from '../rulesets';
import type { Action, GameState } from '../types';
import { EXPERT_DEFAULTS } from './expert';
import { MiniBoard } from './mini-board';
import { moveToPlay } from './moves';
import { greedyPlayout, type OutcomeWeights } from './rollout';

export interface OmniscientOptions {
  /** plies searched after the move before greedy rollouts take over (default 4) */
  depth?: number;
  /** search to the end of the hand once at most this many tiles are left in the hands (default 9) */
  exactTiles?: number;
  /** most search nodes per ranked move; beyond it, leaves are rolled out (default 20,000) */
  nodeBudget?: number;
  onBoardValue?: number;
  winValue?: number;
}

export interface RankedMove {
  action: Action;
  /** the seat's expected outcome with this move (points, see the module comment) */
  value: number;
  /** true for a knock while holding a playable tile */
  falseKnock: boolean;
}

const MAX_PLIES = 64;

class MaxNSearch {
  private readonly games: FastGame[] = Array.from({ length: MAX_PLIES + 2 }, () => new FastGame(1, 4));
  private readonly vecs: Float64Array[] = Array.from({ length: MAX_PLIES + 2 }, () => new Float64Array(4));
  private readonly moves: Int32Array[] = Array.from({ length: MAX_PLIES + 2 }, () => new Int32Array(32));
  private readonly scratch = new MiniBoard();
  private readonly gains = new Float64Array(4);
  readonly startScores = new Int32Array(4);
  readonly startOn = new Uint8Array(4);
  nodes = 0;
  budget = 0;

  constructor(private readonly w: OutcomeWeights) {}

  /** Fills `out` with every seat's outcome value of the finished hand in `g`. */
  private outcome(g: FastGame, out: Float64Array): void {
    const n = g.players;
    let total = 0;
    for (let s = 0; s < n; s++) {
      let v = g.scores[s] - this.startScores[s];
      if (g.onBoard[s] !== 0 && this.startOn[s] === 0) v += this.w.onBoardValue;
      if (g.gameOver !== 0 && g.gameWinner === s) v += this.w.winValue;
      this.gains[s] = v;
      total += v;
    }
    for (let s = 0; s < n; s++) out[s] = this.gains[s] - (total - this.gains[s]) / (n - 1);
  }

  /** Values (per seat) of position `g` searched `depth` plies deep; written to vecs[ply]. */
  value(g: FastGame, depth: number, ply: number): Float64Array {
    const out = this.vecs[ply];
    this.nodes++;
    if (g.handOver !== 0) {
      this.outcome(g, out);
      return out;
    }
    if (depth <= 0 || ply >= MAX_PLIES || this.nodes > this.budget) {
      const leaf = this.games[ply + 1];
      leaf.copyFrom(g);
      greedyPlayout(leaf, this.scratch);
      this.outcome(leaf, out);
      return out;
    }
    const seat = g.turn;
    const buf = this.moves[ply];
    let count = g.legalMoves(seat, buf);
    if (count === 0) {
      buf[0] = MOVE_KNOCK;
      count = 1;
    }
    const child = this.games[ply + 1];
    let best = -Infinity;
    for (let i = 0; i < count; i++) {
      child.copyFrom(g);
      child.apply(buf[i]);
      const v = this.value(child, depth - 1, ply + 1);
      if (v[seat] > best) {
        best = v[seat];
        out.set(v);
      }
    }
    return out;
  }
}

function rankable(state: GameState, seat: number): boolean {
  const h = currentHand(state);
  return (
    RULESETS[state.config.ruleset].tournament &&
    (state.config.players === 3 || state.config.players === 4) &&
    !state.forfeited.some(Boolean) &&
    h !== null &&
    h.turn === seat
  );
}

/**
 * Every move of `seat` (on turn) ranked by its perfect-information value,
 * best first (ties in tile/end order, the knock last). Empty when the seat is
 * not on turn or the table is not a dcs-tournament table the fast path plays.
 */
export function rankMoves(state: GameState, seat: number, opts: OmniscientOptions = {}): RankedMove[] {
  if (!rankable(state, seat)) return [];
  const pos = fastPositionFromState(state);
  if (!pos) return [];
  const w: OutcomeWeights = {
    onBoardValue: opts.onBoardValue ?? EXPERT_DEFAULTS.onBoardValue,
    winValue: opts.winValue ?? EXPERT_DEFAULTS.winValue,
  };
  const search = new MaxNSearch(w);
  const root = new FastGame(1, 4);
  root.loadPosition(pos);
  for (let s = 0; s < 4; s++) {
    search.startScores[s] = root.scores[s];
    search.startOn[s] = root.onBoard[s];
  }
  const buf = new Int32Array(32);
  const count = root.legalMoves(seat, buf);
  const moves = Array.from(buf.subarray(0, count)).sort((a, b) => a - b);
  const leading = root.tilesOnBoard === 0;
  const canPlay = count > 0;
  if (!leading) moves.push(MOVE_KNOCK);
  let tilesLeft = 0;
  for (let s = 0; s < root.players; s++) for (let m = root.hands[s]; m !== 0; m &= m - 1) tilesLeft++;
  const exact = tilesLeft <= (opts.exactTiles ?? 9);
  const depth = exact ? MAX_PLIES : (opts.depth ?? 4);
  const child = new FastGame(1, 4);
  const ranked: RankedMove[] = moves.map((mv) => {
    child.copyFrom(root);
    child.apply(mv);
    search.nodes = 0;
    search.budget = opts.nodeBudget ?? 20_000;
    const v = search.value(child, depth, 1);
    const action: Action = mv === MOVE_KNOCK ? { seat, type: 'knock' } : moveToPlay(seat, mv, leading);
    return { action, value: v[seat], falseKnock: mv === MOVE_KNOCK && canPlay };
  });
  // stable sort: equal values keep tile/end order
  return ranked.map((r, i) => ({ r, i })).sort((a, b) => b.r.value - a.r.value || a.i - b.i).map((x) => x.r);
}
