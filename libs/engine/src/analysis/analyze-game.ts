/**
 * Post-game analysis (issue 24): every decision of every seat in a finished game,
 * judged against the expert's valuation on what that seat could know then
 * (`judge.ts`), with the expected points it lost, a mark by the thresholds of
 * docs/rules.md, and an accuracy per seat.
 *
 * A decision is a turn where the seat had a choice: two or more plays (which tile,
 * which end, which lead), or a knock while holding a playable tile (a false knock:
 * judged against the plays it gave up). A forced move (one play, a knock or a draw
 * with nothing to play) is no decision. The 6-4/5-5 draw is blind (every tile face
 * down) and is not part of a game's record: no pick can be better than another.
 *
 * The expert plays the tournament rules on the fast path: games of other rulesets,
 * and the turns after a seat forfeited, are not judged (`analysable: false` or the
 * decisions stop there). Deterministic: the same record gives the same analysis.
 */
import { apply, createGameFromRecordHeader, currentHand, startHand } from '../game';
import type { GameRecord } from '../record';
import { RULESETS } from '../rulesets';
import { seedRng } from '../rng';
import type { Action, GameState, RulesetId } from '../types';
import { playerView } from '../views';
import { MOVE_KNOCK } from '../fast';
import { knowledgeFromView } from '../bots/knowledge';
import { moveToPlay, playToMove } from '../bots/moves';
import { DecisionJudge, JUDGE_DEFAULTS, type JudgeOptions } from './judge';

/** Bumped whenever the same record would be judged differently (stored analyses are recomputed). */
export const ANALYSIS_VERSION = 1;

/** Expected points lost from which a decision is marked (docs/rules.md, "Post-game analysis"). */
export const ANALYSIS_THRESHOLDS = { inaccuracy: 5, mistake: 10, blunder: 20 } as const;

export type DecisionKind = 'lead' | 'play' | 'end' | 'knock';
export type DecisionMark = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

export interface OptionAnalysis {
  action: Action;
  /** the option's expected outcome for the seat (expert points) */
  value: number;
}

export interface DecisionAnalysis {
  /** the hand and the action's index in it (the record's `hands[hand].actions[action]`) */
  hand: number;
  action: number;
  seat: number;
  kind: DecisionKind;
  played: Action;
  best: Action;
  /** expected points the played option gave up against the best (0: it was the best) */
  loss: number;
  mark: DecisionMark;
  /** every option, the best first */
  options: OptionAnalysis[];
}

export interface SeatAnalysis {
  seat: number;
  /** decisions judged */
  decisions: number;
  /** 0-100: the mean of 100·e^(−loss/20) over the seat's decisions; null with no decision */
  accuracy: number | null;
  /** mean expected points lost per decision */
  meanLoss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export type GameAnalysis =
  | {
      analysable: true;
      version: number;
      ruleset: RulesetId;
      players: number;
      seats: SeatAnalysis[];
      decisions: DecisionAnalysis[];
    }
  | { analysable: false; version: number; reason: 'RULESET' | 'INVALID_RECORD'; message: string };

export interface AnalyzeGameOptions extends Partial<JudgeOptions> {
  /** salt of the sampled deals (default ''): the same salt gives the same analysis */
  salt?: string;
}

export function markOf(loss: number): DecisionMark {
  if (loss >= ANALYSIS_THRESHOLDS.blunder) return 'blunder';
  if (loss >= ANALYSIS_THRESHOLDS.mistake) return 'mistake';
  if (loss >= ANALYSIS_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return loss <= 0 ? 'best' : 'good';
}

/** A decision's share of accuracy: 100 at no loss, 37 at a loss of 20 (a blunder's threshold). */
export function decisionAccuracy(loss: number): number {
  return 100 * Math.exp(-Math.max(0, loss) / 20);
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The played action as a fast move among `options` (-1: not among them). */
function playedMove(action: Action, options: readonly number[], lead: boolean): number {
  if (action.type === 'knock') return options.includes(MOVE_KNOCK) ? MOVE_KNOCK : -1;
  if (action.type !== 'play') return -1;
  if (lead || action.end !== undefined) {
    const m = lead ? playToMove({ ...action, end: undefined }) : playToMove(action);
    return options.includes(m) ? m : -1;
  }
  // a play that named no end fits exactly one: the engine accepted it, so the first option of that tile is it
  const tile = playToMove({ ...action, end: undefined }) >> 2;
  return options.find((m) => m !== MOVE_KNOCK && m >> 2 === tile) ?? -1;
}

function summarise(seat: number, ds: readonly DecisionAnalysis[]): SeatAnalysis {
  const mine = ds.filter((d) => d.seat === seat);
  const n = mine.length;
  const sumLoss = mine.reduce((s, d) => s + d.loss, 0);
  const acc = mine.reduce((s, d) => s + decisionAccuracy(d.loss), 0);
  return {
    seat,
    decisions: n,
    accuracy: n === 0 ? null : round2(acc / n),
    meanLoss: n === 0 ? 0 : round2(sumLoss / n),
    inaccuracies: mine.filter((d) => d.mark === 'inaccuracy').length,
    mistakes: mine.filter((d) => d.mark === 'mistake').length,
    blunders: mine.filter((d) => d.mark === 'blunder').length,
  };
}

/** The analysis of a finished (or stopped) game from its SPEC 1.8 record with every tile shown. */
export function analyzeGame(record: GameRecord, opts: AnalyzeGameOptions = {}): GameAnalysis {
  const steps = analysisSteps(record, opts);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The same analysis a decision at a time: the generator yields after each judged decision (a few
 * milliseconds each), so a process that must stay responsive (the worker runs turn clocks beside it)
 * can give its event loop a turn between decisions; it returns the analysis.
 */
export function* analysisSteps(record: GameRecord, opts: AnalyzeGameOptions = {}): Generator<number, GameAnalysis, void> {
  const ruleset = record.ruleset;
  if (!RULESETS[ruleset]?.tournament || (record.players !== 3 && record.players !== 4) || record.partners) {
    return { analysable: false, version: ANALYSIS_VERSION, reason: 'RULESET', message: 'the expert judges games of the tournament rules (3 or 4 seats, cut-throat) only' };
  }
  const created = createGameFromRecordHeader({ ruleset, settings: record.settings, players: record.players, partners: record.partners });
  if (!created.ok) return { analysable: false, version: ANALYSIS_VERSION, reason: 'INVALID_RECORD', message: created.error.message };
  const judge = new DecisionJudge({ ...JUDGE_DEFAULTS, ...stripUndefined(opts) });
  const salt = opts.salt ?? '';
  const decisions: DecisionAnalysis[] = [];
  let state: GameState = created.state;
  for (let i = 0; i < record.hands.length; i++) {
    const hand = record.hands[i];
    const started = startHand(state, hand.deal, hand.yard ?? []);
    if (!started.ok) return { analysable: false, version: ANALYSIS_VERSION, reason: 'INVALID_RECORD', message: `hand ${i}: ${started.error.message}` };
    state = started.state;
    for (let j = 0; j < hand.actions.length; j++) {
      const action = hand.actions[j];
      const judged = judgeable(state, action) ? judgeOne(judge, state, action, i, j, salt) : null;
      if (judged) {
        decisions.push(judged);
        yield decisions.length;
      }
      const r = apply(state, action);
      if (!r.ok) return { analysable: false, version: ANALYSIS_VERSION, reason: 'INVALID_RECORD', message: `hand ${i}, action ${j}: ${r.error.message}` };
      state = r.state;
    }
  }
  const seats = Array.from({ length: record.players }, (_, s) => summarise(s, decisions));
  return { analysable: true, version: ANALYSIS_VERSION, ruleset, players: record.players, seats, decisions };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A seat's own play or knock on its turn, with nobody forfeited (the fast path's rules). */
function judgeable(state: GameState, action: Action): boolean {
  const h = currentHand(state);
  if (!h || h.turn !== action.seat || state.forfeitOrder.length > 0) return false;
  return action.type === 'play' || action.type === 'knock';
}

function judgeOne(judge: DecisionJudge, state: GameState, action: Action, hand: number, index: number, salt: string): DecisionAnalysis | null {
  const view = playerView(state, action.seat);
  const k = knowledgeFromView(view);
  const lead = k.board.tilesOnBoard === 0;
  const plays = judge.options(k, false);
  const falseKnock = action.type === 'knock' && plays.length > 0;
  if (plays.length + (falseKnock ? 1 : 0) < 2) return null;
  const moves = falseKnock ? [...plays, MOVE_KNOCK] : plays;
  const played = playedMove(action, moves, lead);
  if (played < 0) return null;
  const values = judge.judge(k, moves, played, seedRng(`analysis/${salt}/${hand}/${index}`));
  values.sort((a, b) => b.value - a.value || a.move - b.move);
  const bestValue = values[0].value;
  const playedValue = values.find((v) => v.move === played)!.value;
  const loss = round2(Math.max(0, bestValue - playedValue));
  const asAction = (m: number): Action => (m === MOVE_KNOCK ? { seat: action.seat, type: 'knock' } : moveToPlay(action.seat, m, lead));
  const sameTile = plays.every((m) => m >> 2 === plays[0] >> 2);
  const kind: DecisionKind = falseKnock ? 'knock' : lead ? 'lead' : sameTile ? 'end' : 'play';
  return {
    hand,
    action: index,
    seat: action.seat,
    kind,
    played: asAction(played),
    best: played === values[0].move || loss === 0 ? asAction(played) : asAction(values[0].move),
    loss,
    mark: markOf(loss),
    options: values.map((v) => ({ action: asAction(v.move), value: round2(v.value) })),
  };
}
