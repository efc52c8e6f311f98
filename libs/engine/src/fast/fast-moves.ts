/**
 * The moves of a fast game (see fast-game.ts): legal moves, a play with its score, a knock, and
 * how a hand ends (domino, lock, target). Unchecked and allocation-free: the hot loop.
 */
import * as boardOps from './board-ops';
import * as recorderModule from './fast-recorder';
import * as stateModule from './fast-state';
import { FastGameState } from './fast-state';
import * as tables from './tables';

// Module-level copies (see fast-state.ts): a local const is a plain load, a named import a getter call.
const { MATCH, OTHER, PIPS_HI14, PIPS_LO14, SCORE_OF_SUM, TILE_COUNT } = tables;
const { ENDED_DOMINO, ENDED_LOCKED, ENDED_TARGET } = recorderModule;
const { MOVE_KNOCK, NEXT_LEAD_AFTER_LOCK, TARGET_SCORE } = stateModule;
const { placeTile, playableMaskOf } = boardOps;

/** A fast game's moves; FastGame (fast-game.ts) is the class to use. */
export abstract class FastGameMoves extends FastGameState {

  /** Mask of the tiles that some open end accepts (0 before the lead). */
  playableMask(): number {
    return playableMaskOf(this);
  }

  /** True if `seat` holds a tile it could play now. */
  canPlay(seat: number): boolean {
    if (this.tilesOnBoard === 0) return seat === this.turn && this.hands[seat] !== 0;
    return (this.hands[seat] & this.playableMask()) !== 0;
  }

  /**
   * Writes the plays available to `seat` on the current board into `out`
   * (tile*4+end; every end that accepts a tile is a separate move) and returns
   * how many. Before the lead only the seat on turn has moves: the forced
   * double, or any tile (end 0). Knocking is always possible (MOVE_KNOCK) and
   * is not listed.
   */
  legalMoves(seat: number, out: Int32Array): number {
    const h = this.hands[seat];
    let k = 0;
    if (this.tilesOnBoard === 0) {
      if (seat !== this.turn || this.handOver !== 0) return 0;
      if (this.forcedLead >= 0) {
        out[0] = this.forcedLead << 2;
        return 1;
      }
      for (let m = h; m !== 0; m &= m - 1) out[k++] = (31 - Math.clz32(m & -m)) << 2;
      return k;
    }
    const ends = this.armsOpen !== 0 ? 4 : 2;
    for (let e = 0; e < ends; e++) {
      for (let m = h & MATCH[this.endVal[e]]; m !== 0; m &= m - 1) out[k++] = ((31 - Math.clz32(m & -m)) << 2) | e;
    }
    return k;
  }

  /** True if the seat on turn may make `move` now (MOVE_KNOCK: after the lead, always — a false knock is accepted). */
  isLegal(move: number): boolean {
    if (this.handOver !== 0) return false;
    if (move === MOVE_KNOCK) return this.tilesOnBoard !== 0;
    const tile = move >> 2;
    const end = move & 3;
    if (tile < 0 || tile >= TILE_COUNT || (this.hands[this.turn] & (1 << tile)) === 0) return false;
    if (this.tilesOnBoard === 0) return end === 0 && (this.forcedLead < 0 || this.forcedLead === tile);
    if (end >= 2 && this.armsOpen === 0) return false;
    return OTHER[(tile << 3) + this.endVal[end]] >= 0;
  }

  /** Applies a play or MOVE_KNOCK for the seat on turn (unchecked: see isLegal). */
  apply(move: number): void {
    if (move === MOVE_KNOCK) this.knock();
    else this.play(move);
  }

  /**
   * The seat on turn plays `move` (unchecked: it must be legal). Scores the
   * play, then ends the hand on a target score, a domino or a lock. Returns
   * the play's own points.
   */
  play(move: number): number {
    const seat = this.turn;
    const tile = move >> 2;
    const end = move & 3;
    const sum = this.place(tile, end);
    const hands = this.hands;
    const h = hands[seat] & ~(1 << tile);
    hands[seat] = h;

    let points = 0;
    if (this.onBoard[seat] !== 0) points = SCORE_OF_SUM[sum];
    else if (sum === 10) {
      points = 10;
      this.onBoard[seat] = 1;
    }
    if (this.recorder !== null) this.recorder.play(seat, tile, this.tilesOnBoard === 1 ? -1 : end, sum, points);
    if (points !== 0) {
      this.handPoints[seat] += points;
      const sc = this.scores[seat] + points;
      this.scores[seat] = sc;
      if (sc >= TARGET_SCORE) {
        this.finishHand(ENDED_TARGET, seat, 0);
        return points;
      }
    }
    if (h === 0) {
      this.domino(seat);
      return points;
    }
    if ((playableMaskOf(this) & (hands[0] | hands[1] | hands[2] | hands[3])) === 0) {
      this.lock();
      return points;
    }
    const nt = seat + 1;
    this.turn = nt === this.players ? 0 : nt;
    return points;
  }

  /** Puts `tile` on `end` (ignored for the lead); returns the new open-end total (SPEC 1.2). Board only. */
  protected place(tile: number, end: number): number {
    const sum = placeTile(this, tile, end);
    this.lastSum = sum;
    return sum;
  }

  /**
   * The seat on turn knocks. A knock while holding a playable tile is a false
   * knock: accepted, the turn is lost (SPEC 1.4). Returns true for a false knock.
   */
  knock(): boolean {
    if (this.tilesOnBoard === 0) throw new Error('knock: the lead cannot be knocked');
    const seat = this.turn;
    const falseKnock = (this.hands[seat] & this.playableMask()) !== 0;
    if (falseKnock) this.falseKnocks++;
    if (this.recorder !== null) this.recorder.knock(seat, falseKnock);
    const nt = seat + 1;
    this.turn = nt === this.players ? 0 : nt;
    return falseKnock;
  }

  private domino(seat: number): void {
    let count = 0;
    if (this.onBoard[seat] !== 0) {
      const hands = this.hands;
      let p = 0;
      for (let s = 0; s < this.players; s++) {
        const m = hands[s];
        p += PIPS_LO14[m & 0x3fff] + PIPS_HI14[m >>> 14];
      }
      count = (((p + 2) / 5) | 0) * 5;
    }
    this.finishHand(ENDED_DOMINO, seat, count);
  }

  protected lock(): void {
    const hands = this.hands;
    const n = this.players;
    let best = 1 << 30;
    let winner = -1;
    let total = 0;
    for (let s = 0; s < n; s++) {
      const m = hands[s];
      const p = PIPS_LO14[m & 0x3fff] + PIPS_HI14[m >>> 14];
      total += p;
      if (p < best) {
        best = p;
        winner = s;
      } else if (p === best) {
        winner = -1;
      }
    }
    let count = 0;
    if (winner >= 0 && this.onBoard[winner] !== 0) count = (((total - best + 2) / 5) | 0) * 5;
    this.finishHand(ENDED_LOCKED, winner, count);
  }

  private finishHand(endedBy: number, winner: number, count: number): void {
    this.handOver = 1;
    this.endedBy = endedBy;
    this.handWinner = winner;
    if (count !== 0) {
      this.handPoints[winner] += count;
      this.scores[winner] += count;
    }
    if (this.recorder !== null) this.recorder.endHand(endedBy, winner, count);
    if (endedBy === ENDED_TARGET || (count !== 0 && this.scores[winner] >= TARGET_SCORE)) {
      this.gameOver = 1;
      this.gameWinner = winner;
    }
    // A lock (won or tied) hands the lead back to the house double; a domino to the domino player.
    this.nextLeader = endedBy === ENDED_DOMINO ? winner : NEXT_LEAD_AFTER_LOCK;
    if (winner >= 0) this.pickFirst = winner;
  }
}
