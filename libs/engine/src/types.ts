/**
 * Types of the rules engine. Every state type is plain JSON (objects, arrays,
 * strings, numbers, booleans, null) so a game can be stored as a JSON column
 * and restored without any revival step.
 */
import type { RngState } from './rng';
import type { Tile } from './tiles';

export type RulesetId = 'dcs-tournament' | 'citizen' | 'mook-camp-fitness' | 'inmate' | 'dcf-inmate-gym';

/** The ends of the line (W/E) and the spinner's arms (N/S). */
export type End = 'W' | 'E' | 'N' | 'S';

/** Stable error codes. The first twelve are the public replay contract (SPEC 1.8). */
export type ErrorCode =
  | 'INVALID_RECORD'
  | 'INVALID_SETTINGS'
  | 'INVALID_DEAL'
  | 'WRONG_TURN'
  | 'TILE_NOT_IN_HAND'
  | 'ILLEGAL_LEAD'
  | 'ILLEGAL_PLAY'
  | 'AMBIGUOUS_END'
  | 'ILLEGAL_DRAW'
  | 'ILLEGAL_KNOCK'
  | 'HAND_OVER'
  | 'GAME_OVER'
  /** live only: the action was computed against an older version of the game */
  | 'STALE_VERSION'
  /** live only: the action object is malformed (replay reports INVALID_RECORD) */
  | 'INVALID_ACTION'
  /** startHand while a hand is still being played, or in a live game */
  | 'HAND_IN_PROGRESS';

export interface EngineError {
  code: ErrorCode;
  message: string;
}

export interface Failure {
  ok: false;
  error: EngineError;
}

/** House table settings (SPEC 1.6); the tournament has fixed values. */
export interface Settings {
  /** smallest first score that gets a player on the board (0: everyone is on from the deal) */
  getOn: number;
  /** smallest score that counts at all */
  minScore: number;
  /** 150 or 250 */
  target: number;
  /** tiles dealt to each seat: 7, or 9 at a 2- or 3-player house table */
  handSize: number;
}

export interface GameConfig {
  ruleset: RulesetId;
  settings: Settings;
  players: number;
  partners: boolean;
  /**
   * One hand only (a duplicate board, SPEC 9.2): the game ends with its first hand's end (`endedBy: 'single-hand'`,
   * no winner) and no target is checked. Absent (never `false`) for an ordinary game.
   */
  singleHand?: true;
}

export type PlayAction = { seat: number; type: 'play'; tile: Tile; end?: End };
export type KnockAction = { seat: number; type: 'knock' };
export type DrawAction = { seat: number; type: 'draw' };
export type ReshuffleAction = { seat: number; type: 'reshuffle' };
/** Live tournament only (SPEC 1.7): the 5th timeout forfeits the game. */
export type ForfeitAction = { seat: number; type: 'forfeit' };
export type Action = PlayAction | KnockAction | DrawAction | ReshuffleAction | ForfeitAction;
export type ActionType = Action['type'];

export type LeadReason = 'house-double' | 'next-double' | 'previous-winner' | 'after-lock';

export interface Lead {
  seat: number;
  /** high-low */
  tile: Tile;
  reason: LeadReason;
}

/**
 * How a hand is opened. `double`: by the first double in line held by a
 * playing seat (context `first` for the game's first hand, `after-lock` after a
 * locked hand or a lock tie). `winner`: by the previous hand's domino winner.
 */
export type LeadRule = { kind: 'double'; context: 'first' | 'after-lock' } | { kind: 'winner'; seat: number };

/** Who must open the hand in progress, before the lead is played. */
/**
 * A hand's `lead` in a replay result (SPEC 1.8): the tile led; or, for a hand with no tile led (yet), `tile` null
 * and who was due to lead and why — `seat` null when nobody held the double the lead needed.
 */
export interface HandLead {
  seat: number | null;
  tile: Tile | null;
  reason: LeadReason;
}

export interface PendingLead {
  seat: number;
  /** the double that must be led, or null: any tile */
  tile: Tile | null;
  reason: LeadReason;
}

export type HandEndedBy = 'domino' | 'locked' | 'target' | 'reshuffle' | 'forfeit' | 'hard-stop' | 'void';
/**
 * `void`: a director voided the game (its table replays in a new game); it places nobody.
 * `single-hand`: a one-hand game (`config.singleHand`, a duplicate board) ended with its hand; it has no winner.
 */
export type GameEndedBy = 'target' | 'forfeit' | 'hard-stop' | 'void' | 'single-hand';

export type PlayLogEntry = {
  seat: number;
  type: 'play';
  tile: Tile;
  end?: End;
  sum: number;
  points: number;
  bonus?: number;
};
export type KnockLogEntry = { seat: number; type: 'knock'; falseKnock: boolean };
export type LogEntry = PlayLogEntry | KnockLogEntry | DrawAction | ReshuffleAction | ForfeitAction;

export interface PlacedTile {
  /** high-low */
  tile: Tile;
  /** the number it exposes away from the centre */
  outer: number;
  double: boolean;
}

export interface BoardState {
  /** the lead: `w` faces W, `e` faces E */
  lead: { tile: Tile; w: number; e: number } | null;
  /** the first double on the board: the lead, or a double at `index` of arm W or E */
  spinner: { value: number; arm: 'lead' | 'W' | 'E'; index: number } | null;
  /** tiles outward from the lead (N/S outward from the spinner) */
  arms: { W: PlacedTile[]; E: PlacedTile[]; N: PlacedTile[]; S: PlacedTile[] };
}

export interface HandState {
  index: number;
  /** the deal as given (high-low) */
  deal: Tile[][];
  /** the yard as dealt; `yard[0]` is drawn first */
  dealtYard: Tile[];
  /** the tiles each seat holds now */
  holdings: Tile[][];
  /** undrawn tiles; the front is drawn next */
  yard: Tile[];
  /** false at the 3-player tournament table, where the yard sleeps */
  yardDrawable: boolean;
  /** the seat that picked first in a live deal (null for a record's explicit deal) */
  picker: number | null;
  leadRule: LeadRule;
  /** who must lead (null once led, or when the hand ended before a lead) */
  pendingLead: PendingLead | null;
  lead: Lead | null;
  board: BoardState;
  /** whose turn (null when the hand is over) */
  turn: number | null;
  drew: boolean[];
  dealtDoubles: number[];
  /** the actions as a record writes them (the lead keeps its W-E orientation) */
  actions: Action[];
  log: LogEntry[];
  /** per seat: what that seat scored in this hand (plays, bonuses, count) */
  points: number[];
  endedBy: HandEndedBy | null;
  winner: number | null;
  /** true when a hard stop voided this hand: its points are not counted */
  void: boolean;
  /** scores and onBoard when the hand began (a hard stop restores them) */
  startScores: number[];
  startOnBoard: boolean[];
}

export interface GameState {
  engine: 'dcs-dominoes';
  format: 1;
  /** live: hands are dealt from `rng`; record: each hand's deal comes from startHand */
  mode: 'live' | 'record';
  config: GameConfig;
  /** rises with every accepted change */
  version: number;
  /** the generator for live deals (null in record mode) */
  rng: RngState | null;
  /** per seat (partners show their team's value on both seats) */
  scores: number[];
  onBoard: boolean[];
  forfeited: boolean[];
  /** seats in the order they forfeited */
  forfeitOrder: number[];
  /** every hand so far; the last one is the current hand (in progress when its endedBy is null) */
  hands: HandState[];
  /** how the next hand will be led */
  nextLead: LeadRule;
  /** who picks first in the next live deal */
  nextPicker: number;
  finished: boolean;
  winner: number | null;
  endedBy: GameEndedBy | null;
}

/** Public events of one accepted change. They never carry hidden tiles. */
export type GameEvent =
  | { type: 'hand-started'; hand: number; turn: number | null; pendingLead: PendingLead | null }
  | { type: 'played'; hand: number; seat: number; tile: Tile; end?: End; sum: number; points: number; bonus?: number }
  | { type: 'knocked'; hand: number; seat: number; falseKnock: boolean }
  | { type: 'drew'; hand: number; seat: number }
  | { type: 'reshuffled'; hand: number; seat: number | null }
  | { type: 'forfeited'; hand: number; seat: number }
  | { type: 'counted'; hand: number; seat: number | null; endedBy: 'domino' | 'locked'; count: number; points: number }
  | {
      type: 'hand-ended';
      hand: number;
      endedBy: HandEndedBy;
      winner: number | null;
      points: number[];
    }
  | { type: 'turn'; hand: number; seat: number }
  | { type: 'game-ended'; endedBy: GameEndedBy; winner: number | null; scores: number[] };

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | Failure;
export type CreateResult = { ok: true; state: GameState } | Failure;
