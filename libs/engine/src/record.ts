/**
 * Game records and their replay (SPEC 1.8, a public contract).
 */
import {
  apply,
  createGameFromRecordHeader,
  currentHand,
  handLead,
  hardStop,
  parseAction,
  skunkedSeats,
  startHand,
} from './game';
import { recordSettings } from './rulesets';
import type { Tile } from './tiles';
import type {
  Action,
  ErrorCode,
  GameEndedBy,
  GameState,
  HandEndedBy,
  HandLead,
  LogEntry,
  RulesetId,
  Settings,
} from './types';

export interface RecordHand {
  deal: Tile[][];
  yard: Tile[];
  actions: Action[];
}

export interface GameRecord {
  ruleset: RulesetId;
  settings: Partial<Settings>;
  players: number;
  partners: boolean;
  hands: RecordHand[];
  /** extension: the game was ended by the round's hard stop after these hands (SPEC 3.4) */
  hardStop?: true;
  /** extension: a one-hand game (a duplicate board, SPEC 9.2): it ends with its hand, no target */
  singleHand?: true;
  /** extension: a director voided the game after these hands (its table was replayed in a new game) */
  voided?: true;
  /**
   * extension (issue 24, optional: older records have none): the players' contributions to the deal,
   * one per seat in seat order (64 hex, or '' for none); the deal's seed is
   * sha256(seed + contributions) (fairness.ts dealSeed). Absent: dealt from the seed itself.
   */
  contributions?: string[];
}

export interface HandResult {
  /** every hand has one; `tile` null when none was led (SPEC 1.8) */
  lead: HandLead;
  endedBy: HandEndedBy | null;
  winner: number | null;
  points: number[];
  log: LogEntry[];
  /** extension: true when a hard stop voided the hand (its points are not counted) */
  void?: true;
}

export interface ReplayResult {
  finished: boolean;
  winner: number | null;
  scores: number[];
  onBoard: boolean[];
  skunked: number[];
  hands: HandResult[];
  /** extensions */
  ruleset: RulesetId;
  players: number;
  partners: boolean;
  settings: Settings;
  endedBy: GameEndedBy | null;
  forfeited: number[];
  /** present for a one-hand game (a duplicate board) */
  singleHand?: true;
}

export interface ReplayError {
  error: { code: ErrorCode; hand: number | null; action: number | null; message: string };
}

/** The result of a game (the replay result shape), for any state, live or replayed. */
export function gameResult(state: GameState): ReplayResult {
  return {
    finished: state.finished,
    winner: state.winner,
    scores: state.scores.slice(),
    onBoard: state.onBoard.slice(),
    skunked: skunkedSeats(state),
    hands: state.hands.map((h) => {
      const out: HandResult = {
        lead: handLead(state, h),
        endedBy: h.endedBy,
        winner: h.winner,
        points: h.points.slice(),
        log: structuredClone(h.log),
      };
      if (h.void) out.void = true;
      return out;
    }),
    ruleset: state.config.ruleset,
    players: state.config.players,
    partners: state.config.partners,
    settings: { ...state.config.settings },
    endedBy: state.endedBy,
    forfeited: state.forfeitOrder.slice(),
    ...(state.config.singleHand ? { singleHand: true as const } : {}),
  };
}

function replayError(code: ErrorCode, hand: number | null, action: number | null, message: string): ReplayError {
  return { error: { code, hand, action, message } };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Replays a record: the result, or the first error with its 0-based hand and
 * action indexes (null where not applicable). Never throws.
 */
export function replayRecord(record: unknown): ReplayResult | ReplayError {
  if (!isObject(record)) return replayError('INVALID_RECORD', null, null, 'a record must be a JSON object');
  if (!Array.isArray(record.hands)) return replayError('INVALID_RECORD', null, null, 'hands must be an array');
  if (record.hardStop !== undefined && typeof record.hardStop !== 'boolean') {
    return replayError('INVALID_RECORD', null, null, 'hardStop must be a boolean');
  }
  if (record.voided !== undefined && typeof record.voided !== 'boolean') {
    return replayError('INVALID_RECORD', null, null, 'voided must be a boolean');
  }
  if (record.hardStop === true && record.voided === true) {
    return replayError('INVALID_RECORD', null, null, 'a game ends by a hard stop or a void, not both');
  }
  const hands: unknown[] = record.hands;
  for (let i = 0; i < hands.length; i++) {
    const h = hands[i];
    if (!isObject(h)) return replayError('INVALID_RECORD', i, null, 'a hand must be an object');
    if (!Array.isArray(h.deal)) return replayError('INVALID_RECORD', i, null, 'a hand needs a deal array');
    if (h.yard !== undefined && !Array.isArray(h.yard)) return replayError('INVALID_RECORD', i, null, 'yard must be an array');
    if (!Array.isArray(h.actions)) return replayError('INVALID_RECORD', i, null, 'a hand needs an actions array');
  }
  const created = createGameFromRecordHeader({
    ruleset: record.ruleset,
    settings: record.settings,
    players: record.players,
    partners: record.partners,
    singleHand: record.singleHand,
  });
  if (!created.ok) return replayError(created.error.code, null, null, created.error.message);
  let state = created.state;

  for (let i = 0; i < hands.length; i++) {
    const hand = hands[i] as { deal: unknown[]; yard?: unknown[]; actions: unknown[] };
    if (state.finished) return replayError('GAME_OVER', i, null, 'the game was already over: this hand should not be there');
    if (currentHand(state)) {
      return replayError('INVALID_RECORD', i, null, `hand ${i - 1} is not finished, yet the record deals hand ${i}`);
    }
    const started = startHand(state, hand.deal, hand.yard ?? []);
    if (!started.ok) return replayError(started.error.code, i, null, started.error.message);
    state = started.state;
    for (let j = 0; j < hand.actions.length; j++) {
      const action = parseAction(hand.actions[j], state.config.players);
      if (typeof action === 'string') return replayError('INVALID_RECORD', i, j, action);
      if (state.finished) return replayError('GAME_OVER', i, j, 'the game is over');
      if (!currentHand(state)) return replayError('HAND_OVER', i, j, `hand ${i} is over`);
      const r = apply(state, action);
      if (!r.ok) {
        const code: ErrorCode = r.error.code === 'INVALID_ACTION' ? 'INVALID_RECORD' : r.error.code;
        return replayError(code, i, j, r.error.message);
      }
      state = r.state;
    }
  }
  if ((record.hardStop === true || record.voided === true) && !state.finished) {
    const stopped = hardStop(state, record.voided === true ? 'void' : 'hard-stop');
    if (stopped.ok) state = stopped.state;
  }
  return gameResult(state);
}

export interface ToRecordOptions {
  /**
   * true (the default): every deal and yard in full. false: while the game
   * runs, the current hand shows only `viewer`'s dealt tiles, and every yard
   * finished hand's yard only its drawn part; other tiles are written "?". A finished game has no
   * hidden tiles (its seed is published), so it is always written in full.
   */
  revealHidden: boolean;
  viewer?: number | null;
}

export const HIDDEN_TILE = '?';

/** Exports a game as a record; with every tile revealed, replayRecord(toRecord(g)) reproduces g exactly. */
export function toRecord(state: GameState, opts?: ToRecordOptions): GameRecord {
  const reveal = opts?.revealHidden ?? true;
  const viewer = opts?.viewer ?? null;
  const mask = !reveal && !state.finished;
  const hands: RecordHand[] = state.hands.map((h) => {
    const inProgress = h.endedBy === null;
    const drawn = h.dealtYard.length - h.yard.length;
    return {
      deal: h.deal.map((tiles, seat) => (mask && inProgress && seat !== viewer ? tiles.map(() => HIDDEN_TILE) : tiles.slice())),
      yard: h.dealtYard.map((t, k) => (mask && (inProgress || k >= drawn) ? HIDDEN_TILE : t)),
      actions: h.actions.map((a) => ({ ...a })),
    };
  });
  const out: GameRecord = {
    ruleset: state.config.ruleset,
    settings: recordSettings(state.config),
    players: state.config.players,
    partners: state.config.partners,
    hands,
  };
  if (state.config.singleHand) out.singleHand = true;
  if (state.endedBy === 'hard-stop') out.hardStop = true;
  if (state.endedBy === 'void') out.voided = true;
  return out;
}
