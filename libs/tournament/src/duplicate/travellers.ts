/**
 * Travellers (SPEC 9.5): for each scored board its four hands, each table's board scores and results, and the
 * matchpoints and percentage of every seat — the sheet that travels with a board in duplicate bridge. Pure: the
 * hands are re-derived from the event's seed, so a traveller is only built for a board every table has finished
 * (scoreBoards scores nothing else).
 */
import type { Tile } from '@dcs/engine';
import { boardHands } from './board-deal';
import type { SeatBoardScore, TableBoardStatus } from './matchpoints';

export interface TravellerSeat {
  readonly seat: number;
  readonly id: string;
  readonly computer: boolean;
  readonly score: number | null;
  readonly result: number | null;
  readonly matchpoints: number | null;
  readonly percentage: number | null;
  readonly forfeited: boolean;
  readonly disqualified: boolean;
}

export interface TravellerTable {
  readonly table: number;
  readonly status: TableBoardStatus;
  /** seat 0..3 */
  readonly seats: readonly TravellerSeat[];
}

export interface Traveller {
  readonly round: number;
  readonly board: number;
  /** seat s's dealt tiles, the same at every table */
  readonly hands: readonly (readonly Tile[])[];
  /** seats compared per seat number (non-void tables, the disqualified left out) */
  readonly compared: readonly number[];
  readonly tables: readonly TravellerTable[];
}

/** The travellers of every scored board, in round and board order (`round` given: that round's only). */
export function travellers(eventSeed: string, boards: readonly SeatBoardScore[], round?: number): Traveller[] {
  const byBoard = new Map<string, SeatBoardScore[]>();
  for (const b of boards) {
    if (round !== undefined && b.round !== round) continue;
    const key = `${b.round}:${b.board}`;
    const list = byBoard.get(key);
    if (list) list.push(b);
    else byBoard.set(key, [b]);
  }
  const out: Traveller[] = [];
  for (const list of byBoard.values()) {
    const { round: r, board } = list[0];
    const tables = new Map<number, { status: TableBoardStatus; seats: TravellerSeat[] }>();
    const compared = [0, 0, 0, 0];
    for (const s of list) {
      compared[s.seat] = s.compared;
      const t = tables.get(s.table) ?? { status: s.status, seats: [] };
      t.seats.push({
        seat: s.seat,
        id: s.id,
        computer: s.computer,
        score: s.score,
        result: s.result,
        matchpoints: s.matchpoints,
        percentage: s.percentage,
        forfeited: s.forfeited,
        disqualified: s.disqualified,
      });
      tables.set(s.table, t);
    }
    out.push({
      round: r,
      board,
      hands: boardHands(eventSeed, r, board),
      compared,
      tables: [...tables].sort((a, b) => a[0] - b[0]).map(([table, t]) => ({ table, status: t.status, seats: t.seats.sort((a, b) => a.seat - b.seat) })),
    });
  }
  return out.sort((a, b) => a.round - b.round || a.board - b.board);
}
