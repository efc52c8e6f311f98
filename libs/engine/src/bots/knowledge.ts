/**
 * What one seat knows (SPEC 3.3): its own tiles, the board, how many tiles
 * each seat holds (and how many sleep at the 3-seat table), scores, Grey or
 * Yellow, and from the public log who knocked on which open numbers. Built
 * from a PlayerView only.
 */
import { emptyBoard, openEnds, placeLead, placeTile } from '../board';
import type { FastBoardState } from '../fast/fast-game';
import { fastBoardFromReadable } from '../fast/readable-bridge';
import { ALL_TILES_MASK, MATCH } from '../fast/tables';
import { tileIndex } from '../tiles';
import type { BoardState } from '../types';
import type { PlayerView } from '../views';
import { tileMasks } from './greedy';

export interface SeatKnowledge {
  seat: number;
  players: number;
  /** own tiles (mask) */
  hand: number;
  /** every tile neither in the own hand nor on the board: the other hands and the sleeping tiles */
  unseen: number;
  /** tiles each seat holds */
  counts: number[];
  /** tiles that sleep (3-seat table) */
  sleeping: number;
  /** per seat: the numbers (bit v for v = 0..6) it is known not to hold — it knocked (honestly) while they were open */
  voids: number[];
  board: FastBoardState;
  scores: number[];
  onBoard: boolean[];
  handPoints: number[];
  /** the tile that must lead (-1: any, or already led) */
  forcedLead: number;
}

/** Numbers each seat has knocked on (bit v), from the log of the hand in progress. Knocks the log marks false say nothing. */
export function knockVoids(view: PlayerView): number[] {
  const voids = Array<number>(view.players).fill(0);
  const lead = view.board?.lead;
  if (!lead) return voids;
  let board: BoardState = placeLead(emptyBoard(), lead.w, lead.e);
  let led = false;
  for (const entry of view.log) {
    if (entry.type === 'play') {
      if (!led) {
        led = true;
        continue;
      }
      if (entry.end !== undefined) board = placeTile(board, entry.tile, entry.end);
    } else if (entry.type === 'knock' && !entry.falseKnock) {
      for (const o of openEnds(board)) voids[entry.seat] |= 1 << o.value;
    }
  }
  return voids;
}

/** Tiles a seat may hold given its voids. */
export function allowedTiles(voids: number): number {
  let banned = 0;
  for (let v = 0; v <= 6; v++) if ((voids & (1 << v)) !== 0) banned |= MATCH[v];
  return ALL_TILES_MASK & ~banned;
}

export function knowledgeFromView(view: PlayerView): SeatKnowledge {
  const seat = view.viewer;
  if (seat === null) throw new Error('knowledge: a spectator has no hand');
  const { hand, unseen } = tileMasks(view);
  return {
    seat,
    players: view.players,
    hand,
    unseen,
    counts: view.tileCounts.slice(),
    sleeping: view.yardCount,
    voids: knockVoids(view),
    board: view.board
      ? fastBoardFromReadable(view.board)
      : { tilesOnBoard: 0, ends: [0, 0, 0, 0], counts: [0, 0, 0, 0], spinner: -1, spinnerExposed: 0, armsOpen: false },
    scores: view.scores.slice(),
    onBoard: view.onBoard.slice(),
    handPoints: view.handPoints.slice(),
    forcedLead: !view.board?.lead && view.pendingLead?.tile ? tileIndex(view.pendingLead.tile) : -1,
  };
}
