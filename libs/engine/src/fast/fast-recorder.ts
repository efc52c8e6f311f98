/**
 * Optional move recorder of the fast path. It appends small integer records to
 * a growable Int32Array (no object per move) and turns them into a SPEC 1.8
 * game record — and into the SPEC 1.8 result shape as the fast path scored it,
 * so the two engines can be compared field by field.
 */
import { END_NAMES, TILE_TEXT, tilesOf } from './tables';

const OP_HAND = 1;
const OP_PLAY = 2;
const OP_KNOCK = 3;
const OP_END = 4;

/** How a hand ended, as stored in the fast game and the recorder. */
export const ENDED_NONE = 0;
export const ENDED_DOMINO = 1;
export const ENDED_LOCKED = 2;
export const ENDED_TARGET = 3;
/** A double lead was due and nobody held a double (3-seat table only): no actions, no points. */
export const ENDED_RESHUFFLE = 4;

/** Why a seat led, in SPEC 1.8 `lead.reason` order. */
export const LEAD_HOUSE_DOUBLE = 0;
export const LEAD_NEXT_DOUBLE = 1;
export const LEAD_PREVIOUS_WINNER = 2;
export const LEAD_AFTER_LOCK = 3;

export type EndName = 'W' | 'E' | 'N' | 'S';
export type EndedBy = 'domino' | 'locked' | 'target' | 'reshuffle' | null;
export type LeadReason = 'house-double' | 'next-double' | 'previous-winner' | 'after-lock';

const ENDED_BY_NAMES: readonly EndedBy[] = [null, 'domino', 'locked', 'target', 'reshuffle'];
const LEAD_REASON_NAMES: readonly LeadReason[] = ['house-double', 'next-double', 'previous-winner', 'after-lock'];

/** SPEC 1.8 record action. */
export type RecordAction =
  | { seat: number; type: 'play'; tile: string; end?: EndName }
  | { seat: number; type: 'knock' }
  | { seat: number; type: 'draw' }
  | { seat: number; type: 'reshuffle' };

export interface RecordHand {
  deal: string[][];
  yard: string[];
  actions: RecordAction[];
}

/** SPEC 1.8 game record (as the fast path writes it: always dcs-tournament). */
export interface FastGameRecord {
  ruleset: 'dcs-tournament';
  settings: Record<string, never>;
  players: number;
  partners: false;
  hands: RecordHand[];
}

export type ResultLogEntry =
  | { seat: number; type: 'play'; tile: string; end?: EndName; sum: number; points: number }
  | { seat: number; type: 'knock'; falseKnock: boolean };

export interface ResultHand {
  /** every hand has one (SPEC 1.8): `tile` null while none is led, `seat` null when nobody held the double needed */
  lead: { seat: number | null; tile: string | null; reason: LeadReason };
  endedBy: EndedBy;
  winner: number | null;
  points: number[];
  log: ResultLogEntry[];
}

/** SPEC 1.8 replay result, as computed by the fast path. */
export interface FastGameResult {
  finished: boolean;
  winner: number | null;
  scores: number[];
  onBoard: boolean[];
  skunked: number[];
  hands: ResultHand[];
}

export class FastRecorder {
  private buf = new Int32Array(4096);
  private len = 0;
  players = 4;

  /** Forgets everything recorded; the next hand starts a new game record. */
  clear(players: number): void {
    this.len = 0;
    this.players = players;
  }

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Int32Array(this.buf.length * 2);
    next.set(this.buf);
    this.buf = next;
  }

  beginHand(hands: Int32Array, sleeping: number, leadSeat: number, leadTile: number, leadReason: number): void {
    this.room(9);
    const b = this.buf;
    let i = this.len;
    b[i++] = OP_HAND;
    b[i++] = leadSeat;
    b[i++] = leadTile;
    b[i++] = leadReason;
    b[i++] = hands[0];
    b[i++] = hands[1];
    b[i++] = hands[2];
    b[i++] = hands[3];
    b[i++] = sleeping;
    this.len = i;
  }

  /** `end` is -1 for the lead. */
  play(seat: number, tile: number, end: number, sum: number, points: number): void {
    this.room(6);
    const b = this.buf;
    let i = this.len;
    b[i++] = OP_PLAY;
    b[i++] = seat;
    b[i++] = tile;
    b[i++] = end;
    b[i++] = sum;
    b[i++] = points;
    this.len = i;
  }

  knock(seat: number, falseKnock: boolean): void {
    this.room(3);
    const b = this.buf;
    let i = this.len;
    b[i++] = OP_KNOCK;
    b[i++] = seat;
    b[i++] = falseKnock ? 1 : 0;
    this.len = i;
  }

  /** `count` is the domino or lock count the winner scored (0 if none). */
  endHand(endedBy: number, winner: number, count: number): void {
    this.room(4);
    const b = this.buf;
    let i = this.len;
    b[i++] = OP_END;
    b[i++] = endedBy;
    b[i++] = winner;
    b[i++] = count;
    this.len = i;
  }

  /** The recorded game as a SPEC 1.8 record. */
  toRecord(): FastGameRecord {
    const hands: RecordHand[] = [];
    const b = this.buf;
    const n = this.players;
    let hand: RecordHand | null = null;
    for (let i = 0; i < this.len; ) {
      const op = b[i];
      if (op === OP_HAND) {
        const deal: string[][] = [];
        for (let s = 0; s < n; s++) deal.push(tileTexts(b[i + 4 + s]));
        hand = { deal, yard: tileTexts(b[i + 8]), actions: [] };
        hands.push(hand);
        i += 9;
      } else if (op === OP_PLAY) {
        const seat = b[i + 1];
        const tile = TILE_TEXT[b[i + 2]];
        const end = b[i + 3];
        hand?.actions.push(end < 0 ? { seat, type: 'play', tile } : { seat, type: 'play', tile, end: END_NAMES[end] });
        i += 6;
      } else if (op === OP_KNOCK) {
        hand?.actions.push({ seat: b[i + 1], type: 'knock' });
        i += 3;
      } else {
        i += 4;
      }
    }
    return { ruleset: 'dcs-tournament', settings: {}, players: n, partners: false, hands };
  }

  /** The result of the recorded game in the SPEC 1.8 result shape, as the fast path scored it. */
  toResult(): FastGameResult {
    const n = this.players;
    const b = this.buf;
    const scores = new Array<number>(n).fill(0);
    const onBoard = new Array<boolean>(n).fill(false);
    const hands: ResultHand[] = [];
    let finished = false;
    let winner: number | null = null;
    let hand: ResultHand | null = null;
    const score = (seat: number, points: number): void => {
      scores[seat] += points;
      if (hand) hand.points[seat] += points;
      if (!finished && scores[seat] >= 150) {
        finished = true;
        winner = seat;
      }
    };
    for (let i = 0; i < this.len; ) {
      const op = b[i];
      if (op === OP_HAND) {
        hand = {
          // The tile is set once led: a hand that ends before its lead keeps null (SPEC 1.8).
          lead: { seat: b[i + 1] < 0 ? null : b[i + 1], tile: null, reason: LEAD_REASON_NAMES[b[i + 3]] },
          endedBy: null,
          winner: null,
          points: new Array<number>(n).fill(0),
          log: [],
        };
        hands.push(hand);
        i += 9;
      } else if (op === OP_PLAY) {
        const seat = b[i + 1];
        const tile = TILE_TEXT[b[i + 2]];
        const end = b[i + 3];
        const sum = b[i + 4];
        const points = b[i + 5];
        // The lead tile is known once it is played (a previous winner leads any tile).
        if (hand && end < 0) hand.lead.tile = tile;
        hand?.log.push(
          end < 0
            ? { seat, type: 'play', tile, sum, points }
            : { seat, type: 'play', tile, end: END_NAMES[end], sum, points },
        );
        if (points > 0) onBoard[seat] = true;
        score(seat, points);
        i += 6;
      } else if (op === OP_KNOCK) {
        hand?.log.push({ seat: b[i + 1], type: 'knock', falseKnock: b[i + 2] === 1 });
        i += 3;
      } else {
        const endedBy = b[i + 1];
        const w = b[i + 2];
        const count = b[i + 3];
        if (hand) {
          hand.endedBy = ENDED_BY_NAMES[endedBy];
          hand.winner = w >= 0 ? w : null;
        }
        if (w >= 0 && count > 0) score(w, count);
        i += 4;
      }
    }
    return { finished, winner, scores, onBoard, skunked: [], hands };
  }
}

function tileTexts(mask: number): string[] {
  // Highest tile first, as a player would sort a hand.
  return tilesOf(mask)
    .reverse()
    .map((t) => TILE_TEXT[t]);
}
