/**
 * Bridge between the readable engine's JSON game state and the fast path, for
 * bots that search with fast rollouts: a readable position becomes a
 * FastPosition (hands as masks, board ends, spinner), and fast moves become
 * readable actions and back.
 */
import { tileIndex } from '../tiles';
import type { Action, BoardState, End, GameState, PlayAction } from '../types';
import { MOVE_KNOCK, type FastBoardState, type FastGame, type FastPosition } from './fast-game';
import { END_NAMES, MATCH, OTHER, TILE_TEXT } from './tables';

const END_INDEX: Readonly<Record<End, number>> = { W: 0, E: 1, N: 2, S: 3 };

/** The fast board of a readable board (ends, counts, spinner; the lead keeps its W/E orientation). */
export function fastBoardFromReadable(board: BoardState): FastBoardState {
  const lead = board.lead;
  if (!lead) return { tilesOnBoard: 0, ends: [0, 0, 0, 0], counts: [0, 0, 0, 0], spinner: -1, spinnerExposed: 0, armsOpen: false };
  const { W, E, N, S } = board.arms;
  const sp = board.spinner;
  let spinnerExposed = 0;
  let armsOpen = false;
  if (sp) {
    if (sp.arm === 'lead') {
      if (W.length === 0) spinnerExposed |= 1;
      if (E.length === 0) spinnerExposed |= 2;
    } else if (board.arms[sp.arm].length === sp.index + 1) {
      spinnerExposed = sp.arm === 'W' ? 1 : 2;
    }
    armsOpen = spinnerExposed === 0;
  }
  const ends = [0, 0, 0, 0];
  const counts = [0, 0, 0, 0];
  const line = [W, E] as const;
  for (let e = 0; e < 2; e++) {
    const arm = line[e];
    const last = arm[arm.length - 1];
    if (last) {
      ends[e] = last.outer;
      counts[e] = last.double ? last.outer * 2 : last.outer;
    } else {
      const v = e === 0 ? lead.w : lead.e;
      ends[e] = v;
      // The spinner lead as an end counts both halves, but a lone double counts once.
      counts[e] = lead.w === lead.e && spinnerExposed !== 3 ? v * 2 : v;
    }
  }
  if (armsOpen && sp) {
    const arms = [N, S] as const;
    for (let k = 0; k < 2; k++) {
      const last = arms[k][arms[k].length - 1];
      ends[2 + k] = last ? last.outer : sp.value;
      counts[2 + k] = last ? (last.double ? last.outer * 2 : last.outer) : 0;
    }
  }
  return {
    tilesOnBoard: 1 + W.length + E.length + N.length + S.length,
    ends,
    counts,
    spinner: sp ? sp.value : -1,
    spinnerExposed,
    armsOpen,
  };
}

function maskOfTiles(tiles: readonly string[]): number {
  let m = 0;
  for (const t of tiles) m |= 1 << tileIndex(t);
  return m;
}

/**
 * The hand in progress of a readable dcs-tournament game as a FastPosition
 * (every seat's tiles: a bot passes a state in which it has already filled in
 * the hidden hands it samples). Null when no hand is in progress or the table
 * is not a dcs-tournament table of 3 or 4.
 */
export function fastPositionFromState(state: GameState): FastPosition | null {
  const h = state.hands[state.hands.length - 1];
  const n = state.config.players;
  if (!h || h.endedBy !== null || h.turn === null || state.finished) return null;
  if (state.config.ruleset !== 'dcs-tournament' || (n !== 3 && n !== 4)) return null;
  return {
    players: n,
    hands: h.holdings.map(maskOfTiles),
    sleeping: maskOfTiles(h.yard),
    scores: state.scores.slice(),
    onBoard: state.onBoard.slice(),
    turn: h.turn,
    board: fastBoardFromReadable(h.board),
    forcedLead: h.pendingLead?.tile ? tileIndex(h.pendingLead.tile) : -1,
    handPoints: h.points.slice(),
  };
}

/** A fast move of the seat on turn as a readable action (the lead names no end). */
export function moveToAction(game: FastGame, move: number): Action {
  const seat = game.turn;
  if (move === MOVE_KNOCK) return { seat, type: 'knock' };
  const tile = TILE_TEXT[move >> 2];
  if (game.tilesOnBoard === 0) return { seat, type: 'play', tile };
  return { seat, type: 'play', tile, end: END_NAMES[move & 3] };
}

/**
 * A readable action as a fast move for `game` (-1 if it is not a legal play or
 * knock of the seat on turn). A play without an end is resolved the way the
 * readable engine does: it must fit exactly one open end.
 */
export function actionToMove(game: FastGame, action: Action): number {
  if (action.seat !== game.turn) return -1;
  if (action.type === 'knock') return game.tilesOnBoard === 0 ? -1 : MOVE_KNOCK;
  if (action.type !== 'play') return -1;
  const play: PlayAction = action;
  let tile: number;
  try {
    tile = tileIndex(play.tile);
  } catch {
    return -1;
  }
  if (game.tilesOnBoard === 0) return game.isLegal(tile << 2) ? tile << 2 : -1;
  if (play.end !== undefined) {
    const move = (tile << 2) | END_INDEX[play.end];
    return game.isLegal(move) ? move : -1;
  }
  let found = -1;
  const ends = game.armsOpen !== 0 ? 4 : 2;
  for (let e = 0; e < ends; e++) {
    if ((MATCH[game.endVal[e]] & (1 << tile)) !== 0 && OTHER[(tile << 3) + game.endVal[e]] >= 0) {
      if (found >= 0) return -1;
      found = (tile << 2) | e;
    }
  }
  return found >= 0 && game.isLegal(found) ? found : -1;
}
