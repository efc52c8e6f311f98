/**
 * Boards in lockstep (SPEC 9.2): every table plays board b at the same time; board b+1 is dealt everywhere at once
 * when the last table finishes board b, or when the board's time limit runs out — a table still playing then stops
 * and the board is void there. A round ends with its last board; the next starts 2 minutes after the last table
 * finished it (SPEC 9.4). Pure decisions over plain values; time comes in as epoch milliseconds.
 *
 * And the rule behind it: a board's hands are shown to anyone (spectators, staff, the other tables' players, and
 * its own table's players beyond their own tiles) only once every table has finished it or is void on it.
 */
/** SPEC 9.4's break between rounds (a night's own `breakMs` when it has one: tests and rehearsals shorten it). */
export const ROUND_BREAK_MS = 2 * 60 * 1000;
export const DEFAULT_BOARD_TIME_LIMIT_MS = 6 * 60 * 1000;

export type TableBoardState = 'playing' | 'finished' | 'void';

export interface LockstepTable {
  readonly tableId: string;
  readonly state: TableBoardState;
  /** when it finished the board or was voided on it (epoch ms); null while playing */
  readonly endedAt: number | null;
}

export interface LockstepInput {
  /** the round and board being played (1-based) */
  readonly round: number;
  readonly board: number;
  readonly rounds: number;
  readonly boardsPerRound: number;
  /** every table of the round, on the current board */
  readonly tables: readonly LockstepTable[];
  /** when the board's time limit runs out (epoch ms): its deal + the board time limit */
  readonly deadline: number;
  readonly now: number;
  /** the break before the next round (default ROUND_BREAK_MS) */
  readonly breakMs?: number;
}

export type LockstepDecision =
  /** tables are still playing before the limit: look again at `until` (or when one finishes) */
  | { readonly kind: 'wait'; readonly until: number; readonly playing: readonly string[] }
  /** deal board `board` of the same round at every table (after voiding `voidAtLimit`) */
  | { readonly kind: 'next-board'; readonly voidAtLimit: readonly string[]; readonly round: number; readonly board: number }
  /** the round is over (after voiding `voidAtLimit`); round `round` starts at `startsAt` */
  | { readonly kind: 'next-round'; readonly voidAtLimit: readonly string[]; readonly round: number; readonly startsAt: number; readonly lastBoardEndedAt: number }
  /** the event's last board is over (after voiding `voidAtLimit`) */
  | { readonly kind: 'event-finished'; readonly voidAtLimit: readonly string[]; readonly lastBoardEndedAt: number };

/** The deadline of a board dealt at `dealtAt`. */
export function boardDeadline(dealtAt: number, boardTimeLimitMs: number): number {
  return dealtAt + boardTimeLimitMs;
}

/** What happens now on the current board (see the header). Idempotent: the same input gives the same decision. */
export function lockstepDecision(input: LockstepInput): LockstepDecision {
  const { round, board, rounds, boardsPerRound, tables, deadline, now, breakMs = ROUND_BREAK_MS } = input;
  if (tables.length === 0) throw new RangeError('a round has at least one table');
  if (round < 1 || round > rounds || board < 1 || board > boardsPerRound) throw new RangeError(`board ${board} of round ${round} is outside the event`);
  const playing = tables.filter((t) => t.state === 'playing').map((t) => t.tableId);
  const atLimit = now >= deadline;
  if (playing.length > 0 && !atLimit) return { kind: 'wait', until: deadline, playing };
  // At the limit every table not finished by it is void, also one whose finish was recorded after it (a late or retried
  // limit job must not let a board played past its limit count): the decision depends on the deadline, not on when it runs.
  const late = (t: LockstepTable) => t.state === 'playing' || (t.state === 'finished' && t.endedAt !== null && t.endedAt > deadline);
  const voidAtLimit = tables.filter(late).map((t) => t.tableId);
  // the board ended when its last table did: the limit itself for the tables stopped by it
  const endedAt = Math.max(...tables.map((t) => (late(t) ? deadline : (t.endedAt ?? deadline))));
  if (board < boardsPerRound) return { kind: 'next-board', voidAtLimit, round, board: board + 1 };
  if (round < rounds) return { kind: 'next-round', voidAtLimit, round: round + 1, startsAt: endedAt + breakMs, lastBoardEndedAt: endedAt };
  return { kind: 'event-finished', voidAtLimit, lastBoardEndedAt: endedAt };
}

/**
 * Whether a board's hands may be shown to anyone beyond each seat its own tiles: only once every table of its
 * round has it, and has finished it or is void on it. A board not dealt anywhere yet shows nothing.
 */
export function boardHandsVisible(tables: readonly Pick<LockstepTable, 'state'>[]): boolean {
  return tables.length > 0 && tables.every((t) => t.state !== 'playing');
}

/**
 * Whether `viewerSeat` (null: not seated at this table — a spectator, staff, another table's player) may see the
 * tiles dealt to `seat` on a board: its own always; anyone else's only once the board is visible everywhere.
 */
export function handVisibleTo(seat: number, viewerSeat: number | null, tables: readonly Pick<LockstepTable, 'state'>[]): boolean {
  return viewerSeat === seat || boardHandsVisible(tables);
}
