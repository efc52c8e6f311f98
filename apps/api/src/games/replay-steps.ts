import { apply, createGameFromRecordHeader, currentHand, hardStop, parseAction, playerView, startHand } from '@dcs/engine';
import type { Action, BoardState, GameRecord, GameState, HandEndedBy, OpenEnd, Tile } from '@dcs/engine';

/** One position of a finished game's replay: the deal of a hand (action null), or the table after one of its actions. */
export interface ReplayStep {
  /** 0-based hand index */
  hand: number;
  /** 0-based index of the action just applied in this hand; null for the deal */
  action: number | null;
  /** the action just applied (null for the deal or the hard stop) */
  move: Action | null;
  board: BoardState | null;
  openEnds: OpenEnd[];
  sum: number;
  /** game scores after this step */
  scores: number[];
  /** the tiles each seat holds after this step (every hand revealed: the game is over) */
  holdings: Tile[][];
  yardCount: number;
  /** the seat to act next, null when the hand is over */
  turn: number | null;
  handEndedBy: HandEndedBy | null;
  handWinner: number | null;
  handPoints: number[];
  finished: boolean;
}

function snapshot(state: GameState, hand: number, action: number | null, move: Action | null): ReplayStep {
  const v = playerView(state, null);
  const h = state.hands[hand];
  return {
    hand,
    action,
    move,
    board: v.board,
    openEnds: v.openEnds,
    sum: v.sum,
    scores: v.scores,
    holdings: h.holdings.map((t) => t.slice()),
    yardCount: v.yardCount,
    turn: v.turn,
    handEndedBy: v.handEndedBy,
    handWinner: v.handWinner,
    handPoints: v.handPoints,
    finished: v.finished,
  };
}

/**
 * Every position of a complete record (no hidden tile), in order, by the engine itself: the web
 * app's replay viewer draws these and never applies a move on its own. A record the engine refuses
 * ends the steps where it stops (a record written by the platform always replays whole).
 */
export function replaySteps(record: GameRecord): ReplayStep[] {
  const created = createGameFromRecordHeader({ ruleset: record.ruleset, settings: record.settings, players: record.players, partners: record.partners });
  if (!created.ok) return [];
  let state = created.state;
  const steps: ReplayStep[] = [];
  for (let i = 0; i < record.hands.length; i++) {
    const hand = record.hands[i];
    if (state.finished || currentHand(state)) break;
    const started = startHand(state, hand.deal, hand.yard ?? []);
    if (!started.ok) break;
    state = started.state;
    steps.push(snapshot(state, i, null, null));
    for (let j = 0; j < hand.actions.length; j++) {
      const action = parseAction(hand.actions[j], state.config.players);
      if (typeof action === 'string') return steps;
      const r = apply(state, action);
      if (!r.ok) return steps;
      state = r.state;
      steps.push(snapshot(state, i, j, action));
    }
  }
  if (record.hardStop === true && !state.finished && state.hands.length) {
    const stopped = hardStop(state);
    if (stopped.ok) {
      state = stopped.state;
      steps.push(snapshot(state, state.hands.length - 1, null, null));
    }
  }
  return steps;
}
