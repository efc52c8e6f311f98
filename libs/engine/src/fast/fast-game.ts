/**
 * Fast path of the dcs-tournament rules (SPEC 1.1-1.5): 4 seats cut-throat with
 * all 28 tiles dealt, or the 3-seat odd table with 7 sleeping tiles.
 *
 * Built for simulation and bot rollouts: hands are 28-bit masks, the board is a
 * handful of ints, every table is precomputed, and nothing is allocated per
 * move (only `reset` with a string seed, `loadPosition` and the optional
 * recorder allocate). A game holds only numbers and typed arrays, so
 * `copyFrom` clones it into a preallocated scratch game.
 *
 * A move is an int: `tile * 4 + end` (end 0 W, 1 E, 2 N, 3 S; the lead uses
 * end 0), or MOVE_KNOCK.
 *
 * The class is built in three layers, each a file: fast-state.ts (the fields,
 * generators and deals), fast-moves.ts (moves and hand ends) and this one
 * (random play, positions and copies).
 */
import * as boardOps from './board-ops';
import type { FastBoardState } from './board-ops';
import * as recorderModule from './fast-recorder';
import { FastGameMoves } from './fast-moves';
import * as stateModule from './fast-state';
import * as tables from './tables';

export type { FastBoardState };
export { MAX_MOVES, MOVE_KNOCK, TARGET_SCORE } from './fast-state';

// Module-level copies (see fast-state.ts): a local const is a plain load, a named import a getter call.
const { MATCH, OTHER, POP14, TILE_COUNT } = tables;
const { ENDED_NONE, LEAD_AFTER_LOCK, LEAD_PREVIOUS_WINNER } = recorderModule;
const { NEXT_LEAD_AFTER_LOCK, TARGET_SCORE } = stateModule;
const { loadBoard } = boardOps;

/** An explicit position for bots: every field of a hand in progress (or about to be led). */
export interface FastPosition {
  players: 3 | 4;
  /** Tiles held by each seat, as masks (length = players). */
  hands: readonly number[];
  /** Tiles sleeping at the 3-seat table (never drawn). */
  sleeping?: number;
  scores?: readonly number[];
  onBoard?: readonly boolean[];
  /** Seat on turn. */
  turn: number;
  /** Board; omitted or with tilesOnBoard 0 when the seat on turn is about to lead. */
  board?: FastBoardState;
  /**
   * Before the lead: the tile the leader must lead (the house double), or -1
   * when they may lead any tile (they won the previous hand).
   */
  forcedLead?: number;
  /** Points already scored in this hand, per seat. */
  handPoints?: readonly number[];
}

export class FastGame extends FastGameMoves {
  // ---------------------------------------------------------------- random play

  /**
   * Plays the current hand to its end with uniformly random legal moves (each
   * tile-end pair equally likely). With `falseKnockRate` > 0 a seat that could
   * play knocks instead with that probability. Returns the ENDED_* code.
   */
  playoutHand(falseKnockRate = 0): number {
    // At rate 1 every seat would knock for ever.
    if (!(falseKnockRate >= 0 && falseKnockRate < 1)) throw new RangeError(`falseKnockRate must be in [0, 1), not ${falseKnockRate}`);
    const hands = this.hands;
    const endVal = this.endVal;
    while (this.handOver === 0) {
      const seat = this.turn;
      const h = hands[seat];
      if (this.tilesOnBoard === 0) {
        let tile = this.forcedLead;
        if (tile < 0) {
          let r = this.randInt(POP14[h & 0x3fff] + POP14[h >>> 14]);
          let m = h;
          while (r-- > 0) m &= m - 1;
          tile = 31 - Math.clz32(m & -m);
        }
        this.play(tile << 2);
        continue;
      }
      const m0 = h & MATCH[endVal[0]];
      const m1 = h & MATCH[endVal[1]];
      let m2 = 0;
      let m3 = 0;
      if (this.armsOpen !== 0) {
        m2 = h & MATCH[endVal[2]];
        m3 = h & MATCH[endVal[3]];
      }
      const c0 = POP14[m0 & 0x3fff] + POP14[m0 >>> 14];
      const c1 = POP14[m1 & 0x3fff] + POP14[m1 >>> 14];
      const c2 = POP14[m2 & 0x3fff] + POP14[m2 >>> 14];
      const total = c0 + c1 + c2 + POP14[m3 & 0x3fff] + POP14[m3 >>> 14];
      if (total === 0 || (falseKnockRate > 0 && this.random() < falseKnockRate)) {
        this.knock();
        continue;
      }
      let r = this.randInt(total);
      let m: number;
      let end: number;
      if (r < c0) {
        m = m0;
        end = 0;
      } else if ((r -= c0) < c1) {
        m = m1;
        end = 1;
      } else if ((r -= c1) < c2) {
        m = m2;
        end = 2;
      } else {
        r -= c2;
        m = m3;
        end = 3;
      }
      while (r-- > 0) m &= m - 1;
      this.play(((31 - Math.clz32(m & -m)) << 2) | end);
    }
    return this.endedBy;
  }

  /** Deals a new hand and plays it out at random. Returns the ENDED_* code. */
  playRandomHand(falseKnockRate = 0): number {
    this.dealHand();
    return this.playoutHand(falseKnockRate);
  }

  /** Plays the game on from here (finishing the current hand) until a seat reaches 150. Returns the winner. */
  playRandomGame(falseKnockRate = 0): number {
    if (this.handOver === 0) this.playoutHand(falseKnockRate);
    while (this.gameOver === 0) {
      this.dealHand();
      this.playoutHand(falseKnockRate);
    }
    return this.gameWinner;
  }

  // ---------------------------------------------------------------- positions

  /** Open-end total of the board now. */
  openEndTotal(): number {
    const c = this.endCnt;
    return c[0] + c[1] + c[2] + c[3];
  }

  /** The board as a plain object (allocates; not for hot loops). */
  getBoard(): FastBoardState {
    return {
      tilesOnBoard: this.tilesOnBoard,
      ends: Array.from(this.endVal),
      counts: Array.from(this.endCnt),
      spinner: this.spinner,
      spinnerExposed: this.spinnerExposed,
      armsOpen: this.armsOpen !== 0,
    };
  }

  /**
   * Builds the board that a sequence of plays produces, from an empty board:
   * `[tile, end]` pairs (tile index, end 0..3; the lead's end is ignored).
   * Throws if a play does not fit. Handy for turning a readable game's board
   * into a FastBoardState.
   */
  static boardFromPlays(plays: readonly (readonly [number, number])[]): FastBoardState {
    const g = new FastGame(1, 4);
    let used = 0;
    for (const [tile, end] of plays) {
      const fits =
        tile >= 0 &&
        tile < TILE_COUNT &&
        (used & (1 << tile)) === 0 &&
        (g.tilesOnBoard === 0 ||
          (end >= 0 && end < 4 && (end < 2 || g.armsOpen !== 0) && OTHER[(tile << 3) + g.endVal[end]] >= 0));
      if (!fits) throw new Error(`boardFromPlays: tile ${tile} does not fit end ${end}`);
      used |= 1 << tile;
      g.place(tile, end);
    }
    return g.getBoard();
  }

  /**
   * Loads an explicit position: hands, board, scores, who is on the board and
   * whose turn it is. The game continues from there (the next hand's leader is
   * worked out from how this hand ends). Recording is not carried over.
   */
  loadPosition(pos: FastPosition): void {
    const n = pos.players;
    this.players = n;
    for (let s = 0; s < 4; s++) {
      this.hands[s] = s < n ? pos.hands[s] | 0 : 0;
      this.scores[s] = s < n && pos.scores ? pos.scores[s] | 0 : 0;
      this.onBoard[s] = s < n && pos.onBoard && pos.onBoard[s] ? 1 : 0;
      this.handPoints[s] = s < n && pos.handPoints ? pos.handPoints[s] | 0 : 0;
    }
    this.sleeping = pos.sleeping ?? 0;
    this.clearBoard();
    const b = pos.board;
    if (b && b.tilesOnBoard > 0) {
      loadBoard(this, b);
      this.lastSum = this.openEndTotal();
    }
    this.turn = pos.turn;
    this.leader = pos.turn;
    this.forcedLead = pos.forcedLead ?? -1;
    this.leadReason = this.forcedLead >= 0 ? LEAD_AFTER_LOCK : LEAD_PREVIOUS_WINNER;
    this.nextLeader = NEXT_LEAD_AFTER_LOCK;
    this.handIndex = 1;
    this.handOver = 0;
    this.endedBy = ENDED_NONE;
    this.handWinner = -1;
    this.gameOver = 0;
    this.gameWinner = -1;
    let winner = -1;
    for (let s = 0; s < n; s++) if (this.scores[s] >= TARGET_SCORE && winner < 0) winner = s;
    if (winner >= 0) {
      this.handOver = 1;
      this.gameOver = 1;
      this.gameWinner = winner;
    }
    this.recorder = null;
    // A position where nobody can play is a lock the readable engine would already have settled.
    if (this.handOver === 0 && this.tilesOnBoard > 0) {
      const h = this.hands;
      if ((this.playableMask() & (h[0] | h[1] | h[2] | h[3])) === 0) this.lock();
    }
  }

  /**
   * Copies every bit of `src`'s state (including the generator) into this game,
   * without allocating. The recorder is not copied: this game keeps its own.
   */
  copyFrom(src: FastGame): void {
    this.players = src.players;
    this.hands.set(src.hands);
    this.sleeping = src.sleeping;
    this.scores.set(src.scores);
    this.onBoard.set(src.onBoard);
    this.handPoints.set(src.handPoints);
    this.tilesOnBoard = src.tilesOnBoard;
    this.endVal.set(src.endVal);
    this.endCnt.set(src.endCnt);
    this.spinner = src.spinner;
    this.spinnerExposed = src.spinnerExposed;
    this.armsOpen = src.armsOpen;
    this.lastSum = src.lastSum;
    this.turn = src.turn;
    this.leader = src.leader;
    this.forcedLead = src.forcedLead;
    this.leadReason = src.leadReason;
    this.nextLeader = src.nextLeader;
    this.pickFirst = src.pickFirst;
    this.handIndex = src.handIndex;
    this.handOver = src.handOver;
    this.endedBy = src.endedBy;
    this.handWinner = src.handWinner;
    this.gameOver = src.gameOver;
    this.gameWinner = src.gameWinner;
    this.falseKnocks = src.falseKnocks;
    this.ra = src.ra;
    this.rb = src.rb;
    this.rc = src.rc;
    this.rd = src.rd;
    this.da = src.da;
    this.db = src.db;
    this.dc = src.dc;
    this.dd = src.dd;
    this.deck.set(src.deck);
  }

  /** A new game with the same state (allocates; use copyFrom into a scratch game in loops). */
  clone(): FastGame {
    const g = new FastGame(1, this.players === 3 ? 3 : 4);
    g.copyFrom(this);
    return g;
  }
}
