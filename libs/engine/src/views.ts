/**
 * What a seat, or a spectator, may see of a game (SPEC 3.3, 7): the public
 * board, counts of tiles, scores, Grey/Yellow status, whose turn — and for a
 * seat its own tiles. Other seats' tiles, the yard and the generator state
 * never appear.
 */
import { endsTotal, openEnds, type OpenEnd } from './board';
import { currentHand, legalMoves, skunkedSeats } from './game';
import { RULESETS } from './rulesets';
import { tileIndex, type Tile } from './tiles';
import type {
  Action,
  BoardState,
  GameEndedBy,
  HandEndedBy,
  Lead,
  LogEntry,
  PendingLead,
  RulesetId,
  Settings,
  GameState,
} from './types';

export interface HandSummaryView {
  index: number;
  lead: Lead | null;
  endedBy: HandEndedBy | null;
  winner: number | null;
  points: number[];
  void: boolean;
}

/**
 * The hand that ended last, whole: how it ended, its points, each seat's Grey/Yellow before and after,
 * the board as it was left and the tiles every seat still held (the hand is over: nothing hidden of it
 * is a secret any more). Nothing of the hand being played now is in it.
 */
export interface HandEndView {
  index: number;
  endedBy: HandEndedBy;
  winner: number | null;
  /** per seat: what the seat scored in the hand */
  points: number[];
  /** a hard stop voided it: its points did not count */
  void: boolean;
  /** the game's scores after the hand */
  scores: number[];
  /** tournament: Grey (false) or Yellow (true) when the hand began, and after it */
  onBoardBefore: boolean[];
  onBoardAfter: boolean[];
  board: BoardState;
  /** the tiles each seat still held when the hand ended (high-low) */
  tilesLeft: Tile[][];
}

export interface PlayerView {
  /** the seat this view is for; null for a spectator */
  viewer: number | null;
  ruleset: RulesetId;
  settings: Settings;
  players: number;
  partners: boolean;
  version: number;
  finished: boolean;
  winner: number | null;
  endedBy: GameEndedBy | null;
  scores: number[];
  /** tournament: true = Yellow House (on board), false = Grey House */
  onBoard: boolean[];
  forfeited: boolean[];
  skunked: number[];
  /** the index of the hand shown (the current one, or the last one played) */
  handIndex: number | null;
  turn: number | null;
  /** who must open the hand, while it is not yet opened */
  pendingLead: PendingLead | null;
  lead: Lead | null;
  board: BoardState | null;
  openEnds: OpenEnd[];
  /** the open-end total now */
  sum: number;
  /** tiles each seat holds */
  tileCounts: number[];
  /** undrawn tiles in the yard (tiles that sleep at the 3-player tournament table count here) */
  yardCount: number;
  yardDrawable: boolean;
  /** this hand's accepted actions */
  log: LogEntry[];
  handEndedBy: HandEndedBy | null;
  handWinner: number | null;
  handPoints: number[];
  /** every earlier hand's outcome */
  history: HandSummaryView[];
  /** the last hand that ended (the one shown, once the game is over; else the one before it), revealed whole; null before any ended */
  lastHand: HandEndView | null;
  /** the viewer's own tiles (absent for spectators) */
  hand?: Tile[];
  /** the viewer's legal moves (absent for spectators) */
  legalMoves?: Action[];
}

function sortTiles(tiles: readonly Tile[]): Tile[] {
  return tiles.slice().sort((a, b) => tileIndex(b) - tileIndex(a));
}

export function playerView(state: GameState, seat: number | null): PlayerView {
  const viewer = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < state.config.players ? seat : null;
  const shown = state.hands[state.hands.length - 1] ?? null;
  const live = currentHand(state);
  const earlier = shown ? state.hands.slice(0, -1) : [];
  const copy = <T>(value: T): T => structuredClone(value);
  const view: PlayerView = {
    viewer,
    ruleset: state.config.ruleset,
    settings: { ...state.config.settings },
    players: state.config.players,
    partners: state.config.partners,
    version: state.version,
    finished: state.finished,
    winner: state.winner,
    endedBy: state.endedBy,
    scores: state.scores.slice(),
    onBoard: state.onBoard.slice(),
    forfeited: state.forfeited.slice(),
    skunked: skunkedSeats(state),
    handIndex: shown ? shown.index : null,
    turn: live ? live.turn : null,
    pendingLead: live?.pendingLead ? { ...live.pendingLead } : null,
    lead: shown?.lead ? { ...shown.lead } : null,
    board: shown ? copy(shown.board) : null,
    openEnds: shown && live ? openEnds(shown.board) : [],
    sum: shown ? endsTotal(shown.board) : 0,
    tileCounts: shown ? shown.holdings.map((h) => h.length) : Array<number>(state.config.players).fill(0),
    yardCount: shown ? shown.yard.length : 0,
    yardDrawable: shown ? shown.yardDrawable : !RULESETS[state.config.ruleset].tournament,
    log: shown ? publicLog(shown.log, shown.endedBy === null, viewer) : [],
    handEndedBy: shown ? shown.endedBy : null,
    handWinner: shown ? shown.winner : null,
    handPoints: shown ? shown.points.slice() : Array<number>(state.config.players).fill(0),
    history: earlier.map((h) => ({
      index: h.index,
      lead: h.lead ? { ...h.lead } : null,
      endedBy: h.endedBy,
      winner: h.winner,
      points: h.points.slice(),
      void: h.void,
    })),
    lastHand: lastEnded(state),
  };
  if (viewer !== null) {
    view.hand = shown ? sortTiles(shown.holdings[viewer]) : [];
    view.legalMoves = legalMoves(state, viewer);
  }
  return view;
}

/** The last ended hand, whole (HandEndView): the shown hand once it is over, else the one before it. */
function lastEnded(state: GameState): HandEndView | null {
  const n = state.hands.length;
  const shown = state.hands[n - 1];
  const at = shown?.endedBy ? n - 1 : n - 2;
  const h = state.hands[at];
  if (!h || !h.endedBy) return null;
  const next = state.hands[at + 1];
  return {
    index: h.index,
    endedBy: h.endedBy,
    winner: h.winner,
    points: h.points.slice(),
    void: h.void,
    scores: next ? next.startScores.slice() : state.scores.slice(),
    onBoardBefore: h.startOnBoard.slice(),
    onBoardAfter: next ? next.startOnBoard.slice() : state.onBoard.slice(),
    board: structuredClone(h.board),
    tilesLeft: h.holdings.map((tiles) => sortTiles(tiles)),
  };
}

/**
 * A false knock tells that the knocker holds a playable tile, so while the hand runs
 * only the knocker sees the flag; everyone sees it once the hand is over.
 */
function publicLog(log: readonly LogEntry[], inProgress: boolean, viewer: number | null): LogEntry[] {
  return log.map((e) => {
    if (!inProgress || e.type !== 'knock' || e.seat === viewer) return structuredClone(e);
    const { falseKnock: _hidden, ...rest } = e;
    return rest as LogEntry;
  });
}
