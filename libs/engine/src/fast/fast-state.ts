/**
 * The state of a fast game (see fast-game.ts), its two generators and the deal: every field of
 * the game lives here (so a FastGame keeps one shape), with what starts a game and a hand.
 * The moves are in fast-moves.ts, random play and positions in fast-game.ts.
 */
import { liveDealOrder } from '../deal';
import { RngState, seedRng } from '../rng';
import { tileIndex } from '../tiles';
import * as recorderModule from './fast-recorder';
import type { FastRecorder } from './fast-recorder';
import * as tables from './tables';

// Module-level copies of the tables: bundlers compile a named import into a
// getter call on every use (measured: two thirds of the run time in the hot
// loop), a local const is a plain load.
const { DOUBLES_MASK, TILE_COUNT } = tables;
const { ENDED_NONE, ENDED_RESHUFFLE, LEAD_AFTER_LOCK, LEAD_HOUSE_DOUBLE, LEAD_NEXT_DOUBLE, LEAD_PREVIOUS_WINNER } = recorderModule;

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
export const NEXT_LEAD_FIRST = -1;
export const NEXT_LEAD_AFTER_LOCK = -2;

/** A fast game's fields, generators and deals; FastGame (fast-game.ts) is the class to use. */
export abstract class FastGameState {
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
  protected ra = 0;
  protected rb = 0;
  protected rc = 0;
  protected rd = 0;
  protected da = 0;
  protected db = 0;
  protected dc = 0;
  protected dd = 0;

  protected readonly deck = new Int8Array(TILE_COUNT);
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

  protected clearBoard(): void {
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
}
