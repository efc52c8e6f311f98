/**
 * Rollouts on the fast path: every seat plays the greedy policy on its own
 * tiles until the hand ends, and the outcome is scored for one seat.
 */
import { FastGame } from '../fast/fast-game';
import { ALL_TILES_MASK, MATCH } from '../fast/tables';
import { GREY_TABLE, greedyMove, YELLOW_TABLE } from './greedy';
import { MiniBoard } from './mini-board';

/** The greedy play of the seat on turn in `g` (-1: it cannot play), from that seat's own knowledge. */
export function greedyFastMove(g: FastGame, scratch: MiniBoard, threat = true): number {
  const s = g.turn;
  const hs = g.hands;
  const h = hs[s];
  const hidden = (hs[0] | hs[1] | hs[2] | hs[3] | g.sleeping) & ALL_TILES_MASK;
  const next = s + 1 === g.players ? 0 : s + 1;
  const nextOn = g.onBoard[next] !== 0;
  return greedyMove(
    g,
    h,
    g.tilesOnBoard === 0 ? g.forcedLead : -1,
    threat ? hidden & ~h : 0,
    g.onBoard[s] !== 0 ? YELLOW_TABLE : GREY_TABLE,
    nextOn ? YELLOW_TABLE : GREY_TABLE,
    !nextOn,
    scratch,
  );
}

/**
 * Plays the hand of `g` to its end with greedy play for every seat; with
 * `threat` false the greedy players skip the (costly) look at what the next
 * player could score, keeping the multiple-of-5 rule of thumb.
 */
export function greedyPlayout(g: FastGame, scratch: MiniBoard, threat = true): void {
  while (g.handOver === 0) {
    const mv = greedyFastMove(g, scratch, threat);
    if (mv < 0) g.knock();
    else g.play(mv);
  }
}

/** True when the seat on turn can play (after the lead). */
export function canPlayFast(g: FastGame): boolean {
  const v = g.endVal;
  let u = MATCH[v[0]] | MATCH[v[1]];
  if (g.armsOpen !== 0) u |= MATCH[v[2]] | MATCH[v[3]];
  return (g.hands[g.turn] & u) !== 0;
}

export interface OutcomeWeights {
  /** what becoming Yellow is worth beyond its points */
  onBoardValue: number;
  /** what winning the game is worth */
  winValue: number;
}

/**
 * The value of the position `g` reached for `seat`, from `start` (scores and
 * on-board before): its points gained minus the other seats' mean gain, plus
 * the worth of turning Yellow and of winning the game (each against the others' mean).
 */
export function outcomeValue(
  g: FastGame,
  seat: number,
  startScores: Int32Array,
  startOn: Uint8Array,
  w: OutcomeWeights,
): number {
  const n = g.players;
  let mine = 0;
  let others = 0;
  for (let s = 0; s < n; s++) {
    let v = g.scores[s] - startScores[s];
    if (g.onBoard[s] !== 0 && startOn[s] === 0) v += w.onBoardValue;
    if (g.gameOver !== 0 && g.gameWinner === s) v += w.winValue;
    if (s === seat) mine = v;
    else others += v;
  }
  return mine - others / (n - 1);
}
