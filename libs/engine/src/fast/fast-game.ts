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
 */
import { liveDealOrder } from '../deal';
import { RngState, seedRng } from '../rng';
import { tileIndex } from '../tiles';
import * as recorderModule from './fast-recorder';
import type { FastRecorder } from './fast-recorder';
import * as boardOps from './board-ops';
import type { FastBoardState } from './board-ops';

export type { FastBoardState };
import * as tables from './tables';

// Module-level copies of the tables: bundlers compile a named import into a
// getter call on every use (measured: two thirds of the run time in the hot
// loop), a local const is a plain load.
const {
  DOUBLES_MASK,
  MATCH,
  OTHER,
  PIPS_HI14,
  PIPS_LO14,
  POP14,
  SCORE_OF_SUM,
  TILE_COUNT,
} = tables;
const {
  ENDED_DOMINO,
  ENDED_LOCKED,
  ENDED_NONE,
  ENDED_RESHUFFLE,
  ENDED_TARGET,
  LEAD_AFTER_LOCK,
  LEAD_HOUSE_DOUBLE,
  LEAD_NEXT_DOUBLE,
  LEAD_PREVIOUS_WINNER,
} = recorderModule;
const { loadBoard, placeTile, playableMaskOf } = boardOps;

/** The move "knock" (SPEC 1.4); a play is `tile * 4 + end`. */
export const MOVE_KNOCK = 112;
/** Largest number of legal moves a seat can have (7 tiles × 4 ends); size move buffers at least this. */
export const MAX_MOVES = 28;
/** Points that win the game (SPEC 1.5). */
export const TARGET_SCORE = 150;

const LEAD_DOUBLE_TILE_66 = 27;
/** REJECT_LIMIT[n]: nextInt's bound 2^32 - (2^32 mod n), for n ≤ 32. */
const REJECT_LIMIT = new Float64Array(33);
for (let n = 1; n <= 32; n++) REJECT_LIMIT[n] = 0x100000000 - (0x100000000 % n);
/** `nextLeader` values below 0: the next hand is led by the holder of the house double, as the first hand or after a lock. */
const NEXT_LEAD_FIRST = -1;
const NEXT_LEAD_AFTER_LOCK = -2;


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

export class FastGame {
  /** Seats at the table: 4, or 3 at the odd table. */
  players = 4;
  /** Tiles held by each seat (seat 3 is always 0 at a 3-seat table). */
  readonly hands = new Int32Array(4);
  /** Tiles sleeping (3-seat table), never drawn. */
  sleeping = 0;
  readonly scores = new Int32Array(4);
  /** 1 once the seat is Yellow (on the board), 0 while Grey. */
  readonly onBoard = new Uint8Array(4);
  /** Points each seat scored in the current hand (plays and the count). */
  readonly handPoints = new Int32Array(4);

  // Board (see FastBoardState).
  tilesOnBoard = 0;
  readonly endVal = new Int32Array(4);
  readonly endCnt = new Int32Array(4);
  spinner = -1;
  spinnerExposed = 0;
  armsOpen = 0;
  /** Open-end total after the last play. */
  lastSum = 0;

  /** Seat on turn. */
  turn = 0;
  /** Seat that leads (led) this hand. */
  leader = 0;
  /** Tile the leader must lead, or -1 for any tile. */
  forcedLead = -1;
  /** SPEC 1.8 lead.reason of this hand, as a LEAD_* code. */
  leadReason = LEAD_HOUSE_DOUBLE;
  /** Seat that leads the next hand, or -1 / -2 for the house-double holder (first hand / after a lock). */
  nextLeader = NEXT_LEAD_FIRST;
  /** Seat that picks its tiles first at the next deal (the previous hand's winner). */
  pickFirst = 0;
  /** Hands dealt in this game. */
  handIndex = 0;

  /** 1 once the current hand has ended (also before the first deal). */
  handOver = 1;
  /** ENDED_* code of the current hand. */
  endedBy = ENDED_NONE;
  /** Winner of the current hand (domino, lock, target), -1 for none or a lock tie. */
  handWinner = -1;
  gameOver = 0;
  gameWinner = -1;
  /** Number of false knocks in this game (they feed anti-cheat). */
  falseKnocks = 0;

  // Two sfc32 generators (rng.ts's, inlined): one deals, one makes the random
  // moves, so a seed deals the same hands whatever the moves were. (A live game
  // of the readable engine derives each hand's shuffle by SHA-256 instead — see
  // useLiveDeals.)
  private ra = 0;
  private rb = 0;
  private rc = 0;
  private rd = 0;
  private da = 0;
  private db = 0;
  private dc = 0;
  private dd = 0;

  private readonly deck = new Int8Array(TILE_COUNT);
  /**
   * Set by `useLiveDeals`: hands are then shuffled exactly as a live game of the
   * readable engine shuffles them (deal.ts, SHA-256 per hand) instead of by the
   * fast deal generator. Slower; for agreement tests and replays of live games.
   */
  private liveRng: RngState | null = null;
  /** Optional recorder; null in simulations. */
  recorder: FastRecorder | null = null;

  constructor(seed: number | string = 1, players: 3 | 4 = 4) {
    for (let t = 0; t < TILE_COUNT; t++) this.deck[t] = t;
    this.reset(seed, players);
  }

  /** From now on (and after every reset), deal as a live readable game seeded with `seed` does. Re-seeds and starts a new game. */
  useLiveDeals(seed: number | string, players: 3 | 4 = this.players === 3 ? 3 : 4): void {
    this.liveRng = seedRng(String(seed));
    this.reset(seed, players);
  }

  /** True once the current hand has ended (or before the first deal). */
  get isHandOver(): boolean {
    return this.handOver !== 0;
  }

  /** True once a seat has reached 150. */
  get isGameOver(): boolean {
    return this.gameOver !== 0;
  }

  // ---------------------------------------------------------------- random

  /**
   * Re-seeds and starts a new game. The deals come from seedRng(seed) (or, after
   * useLiveDeals, as the readable engine's createGame({ seed }) deals); the random moves from
   * seedRng(seed + '/moves').
   */
  reset(seed: number | string, players: 3 | 4 = this.players === 3 ? 3 : 4): void {
    const d = seedRng(String(seed));
    if (this.liveRng !== null) this.liveRng = d.slice() as RngState;
    this.da = d[0] | 0;
    this.db = d[1] | 0;
    this.dc = d[2] | 0;
    this.dd = d[3] | 0;
    const s = seedRng(`${seed}/moves`);
    this.ra = s[0] | 0;
    this.rb = s[1] | 0;
    this.rc = s[2] | 0;
    this.rd = s[3] | 0;
    this.newGame(players);
  }

  /** Sets the state of the move generator (four uint32s, as rng.ts's RngState); the deal generator is kept. */
  setRngState(a: number, b: number, c: number, d: number): void {
    this.ra = a | 0;
    this.rb = b | 0;
    this.rc = c | 0;
    this.rd = d | 0;
  }

  /** Next uint32 of sfc32 (identical sequence to rng.ts's nextUint32). */
  nextUint32(): number {
    const a = this.ra;
    const b = this.rb;
    const c = this.rc;
    const d = this.rd;
    const t = (((a + b) | 0) + d) | 0;
    this.rd = (d + 1) | 0;
    this.ra = b ^ (b >>> 9);
    this.rb = (c + (c << 3)) | 0;
    this.rc = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Integer in [0, n), n ≤ 2^21 (multiply-shift; the bias is below n / 2^32). */
  randInt(n: number): number {
    return ((this.nextUint32() * n) / 4294967296) | 0;
  }

  /** Deal generator: integer in [0, n), n ≤ 32, exactly as rng.ts's nextInt (rejection, no bias). */
  private dealInt(n: number): number {
    const limit = REJECT_LIMIT[n];
    for (;;) {
      const a = this.da;
      const b = this.db;
      const c = this.dc;
      const d = this.dd;
      const t = (((a + b) | 0) + d) | 0;
      this.dd = (d + 1) | 0;
      this.da = b ^ (b >>> 9);
      this.db = (c + (c << 3)) | 0;
      this.dc = (((c << 21) | (c >>> 11)) + t) | 0;
      const x = t >>> 0;
      if (x < limit) return x % n;
    }
  }

  /** Float in [0, 1). */
  random(): number {
    return this.nextUint32() / 4294967296;
  }

  // ---------------------------------------------------------------- game

  /** Starts a new game (scores 0, everyone Grey) without re-seeding; the first hand still has to be dealt. */
  newGame(players: 3 | 4 = this.players === 3 ? 3 : 4): void {
    this.players = players;
    this.scores.fill(0);
    this.onBoard.fill(0);
    this.handPoints.fill(0);
    this.hands.fill(0);
    this.sleeping = 0;
    this.clearBoard();
    this.turn = 0;
    this.leader = 0;
    this.forcedLead = -1;
    this.leadReason = LEAD_HOUSE_DOUBLE;
    this.nextLeader = NEXT_LEAD_FIRST;
    this.pickFirst = 0;
    this.handIndex = 0;
    this.handOver = 1;
    this.endedBy = ENDED_NONE;
    this.handWinner = -1;
    this.gameOver = 0;
    this.gameWinner = -1;
    this.falseKnocks = 0;
    if (this.recorder !== null) this.recorder.clear(players);
  }

  private clearBoard(): void {
    this.tilesOnBoard = 0;
    this.endVal.fill(0);
    this.endCnt.fill(0);
    this.spinner = -1;
    this.spinnerExposed = 0;
    this.armsOpen = 0;
    this.lastSum = 0;
  }

  /** Attaches a new recorder (or detaches with null); recording starts with the next deal. */
  record(recorder: FastRecorder | null = new recorderModule.FastRecorder()): FastRecorder | null {
    this.recorder = recorder;
    if (recorder !== null) recorder.clear(this.players);
    return recorder;
  }

  /**
   * Shuffles and deals a hand as the readable engine's live game does: the
   * previous winner picks 7 tiles first (seat 0 for the first hand; after a
   * lock tie the same seat as before), then clockwise; at the 3-seat table the
   * last 7 sleep. Works out who leads.
   */
  dealHand(): void {
    if (this.gameOver !== 0) throw new Error('dealHand: the game is over');
    const n = this.players;
    const deck = this.deck;
    const hands = this.hands;
    let leader = -1;
    let forced = -1;
    do {
      if (this.liveRng !== null) {
        const order = liveDealOrder(this.liveRng, this.handIndex);
        for (let t = 0; t < TILE_COUNT; t++) deck[t] = tileIndex(order[t]);
      } else {
        // rng.ts's shuffle (unbiased nextInt) on one continuing stream: fast, for simulations.
        for (let t = 0; t < TILE_COUNT; t++) deck[t] = t;
        for (let i = TILE_COUNT - 1; i > 0; i--) {
          const j = this.dealInt(i + 1);
          const tmp = deck[i];
          deck[i] = deck[j];
          deck[j] = tmp;
        }
      }
      hands[0] = 0;
      hands[1] = 0;
      hands[2] = 0;
      hands[3] = 0;
      let seat = this.pickFirst;
      let k = 0;
      for (let p = 0; p < n; p++) {
        let m = 0;
        for (let q = 0; q < 7; q++) m |= 1 << deck[k++];
        hands[seat] = m;
        seat = seat + 1 === n ? 0 : seat + 1;
      }
      let sl = 0;
      while (k < TILE_COUNT) sl |= 1 << deck[k++];
      this.sleeping = sl;
      if (this.nextLeader >= 0) {
        leader = this.nextLeader;
        forced = -1;
      } else {
        // The house double (6-6), or at the 3-seat table the highest double held.
        forced = this.highestDoubleHeld();
        leader = forced < 0 ? -1 : this.holderOf(forced);
        // All seven doubles sleep (about 1 deal in 1.2 million): the hand is reshuffled.
        if (leader < 0) this.reshuffleHand();
      }
    } while (leader < 0);
    this.startHand(leader, forced);
  }

  /**
   * Starts a hand on an explicit deal (hands as masks, plus the sleeping tiles
   * at a 3-seat table). The leader follows the game: the previous winner, or
   * the house-double holder. Returns false if a double lead is due and nobody
   * holds a double: that hand ends at once as a reshuffle (recorded as such).
   */
  dealExplicit(hands: readonly number[], sleeping = 0): boolean {
    if (this.gameOver !== 0) throw new Error('dealExplicit: the game is over');
    const n = this.players;
    for (let s = 0; s < 4; s++) this.hands[s] = s < n ? hands[s] | 0 : 0;
    this.sleeping = sleeping | 0;
    let leader = this.nextLeader;
    let forced = -1;
    if (leader < 0) {
      forced = this.highestDoubleHeld();
      leader = forced < 0 ? -1 : this.holderOf(forced);
      if (leader < 0) {
        this.reshuffleHand();
        return false;
      }
    }
    this.startHand(leader, forced);
    return true;
  }

  /** The highest double some seat holds (6-6 at a 4-seat table), or -1. */
  private highestDoubleHeld(): number {
    const h = this.hands;
    const held = (h[0] | h[1] | h[2] | h[3]) & DOUBLES_MASK;
    return held === 0 ? -1 : 31 - Math.clz32(held);
  }

  private holderOf(tile: number): number {
    const bit = 1 << tile;
    for (let s = 0; s < this.players; s++) if ((this.hands[s] & bit) !== 0) return s;
    return -1;
  }

  /** A double lead is due and nobody holds a double: the hand ends at once as a reshuffle (SPEC 1.8 decisions). */
  private reshuffleHand(): void {
    this.handIndex++;
    if (this.recorder !== null) {
      // nobody due: the reason is the double lead's (SPEC 1.8 `lead` with seat null)
      this.recorder.beginHand(this.hands, this.sleeping, -1, -1, this.nextLeader === NEXT_LEAD_FIRST ? LEAD_HOUSE_DOUBLE : LEAD_AFTER_LOCK);
      this.recorder.endHand(ENDED_RESHUFFLE, -1, 0);
    }
  }

  private startHand(leader: number, forced: number): void {
    this.clearBoard();
    this.handPoints.fill(0);
    this.leader = leader;
    this.turn = leader;
    this.forcedLead = forced;
    if (forced < 0) this.leadReason = LEAD_PREVIOUS_WINNER;
    else if (this.nextLeader === NEXT_LEAD_FIRST) this.leadReason = forced === LEAD_DOUBLE_TILE_66 ? LEAD_HOUSE_DOUBLE : LEAD_NEXT_DOUBLE;
    else this.leadReason = LEAD_AFTER_LOCK;
    this.handIndex++;
    this.handOver = 0;
    this.endedBy = ENDED_NONE;
    this.handWinner = -1;
    if (this.recorder !== null) {
      // The record's lead tile is known only once it is played; the recorder stores the forced one or -1 for now.
      this.recorder.beginHand(this.hands, this.sleeping, leader, forced, this.leadReason);
    }
  }

  // ---------------------------------------------------------------- moves

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
  private place(tile: number, end: number): number {
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

  private lock(): void {
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
