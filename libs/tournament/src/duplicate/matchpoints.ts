/**
 * Matchpoints (SPEC 9.3): every seat's board score, board result and board percentage, comparing each seat with
 * the seats that held the same tiles (the same seat number) at the round's other tables. Pure and exact: a board
 * result is compared as 3 × result, an integer (score × 3 − the other three's scores), which orders results
 * exactly as their one-decimal values do (two different results differ by at least 1/3).
 *
 *   board result  = score − (sum of the other three seats' scores) / 3          shown to one decimal
 *   matchpoints   = 2 × (compared seats with a lower result) + 1 × (those with an equal result)
 *   percentage    = matchpoints / (2 × (n − 1)) × 100                            n = seats compared, itself included
 *
 * Decisions (docs/rules.md "Duplicate nights"): a board is scored only once every table of its round has
 * finished it or is void there (lockstep: before that nobody sees its hands either). A table void on a board gives
 * each seat there 50 % and leaves that board's comparisons; a board left with one table to compare gives 50 %.
 * A forfeited seat (5th run-out of the round) scores 0 % from the board it forfeited on to the end of the round,
 * and its results stay in the others' comparisons (its table played the board on with that seat's tiles counting).
 * A disqualified person's results leave every comparison (the others' matchpoints are recomputed without them)
 * and they get no percentage; their tablemates' own results, which their score entered, stand.
 */
export interface Sitter {
  /** a person's user id, or a computer's id of its own (e.g. "computer:2") */
  readonly id: string;
  readonly computer: boolean;
}

export type TableBoardStatus = 'finished' | 'void';

export interface TableBoardInput {
  /** 1-based within the round */
  readonly board: number;
  readonly status: TableBoardStatus;
  /** the board scores by seat (what each seat scored on the board); not read for a void board */
  readonly scores?: readonly number[];
}

export interface TableRoundInput {
  /** 1-based */
  readonly round: number;
  /** 1-based within the round */
  readonly table: number;
  /** seat 0..3 */
  readonly seats: readonly Sitter[];
  /** the boards this table has finished or that are void there (a board still being played is absent) */
  readonly boards: readonly TableBoardInput[];
  /** seats forfeited by the 5th run-out of the round, and the board they forfeited on */
  readonly forfeits?: readonly { readonly seat: number; readonly fromBoard: number }[];
}

export interface ScoringInput {
  readonly rounds: number;
  readonly boardsPerRound: number;
  readonly tables: readonly TableRoundInput[];
  /** people disqualified by a director: their results leave every comparison */
  readonly disqualified?: readonly string[];
}

export interface SeatBoardScore {
  readonly round: number;
  readonly board: number;
  readonly table: number;
  readonly seat: number;
  readonly id: string;
  readonly computer: boolean;
  readonly status: TableBoardStatus;
  /** null when the board is void at this table */
  readonly score: number | null;
  /** score − the average of the other three, to one decimal; null when void */
  readonly result: number | null;
  /** null when void, forfeited or disqualified (no percentage of their own from a comparison) */
  readonly matchpoints: number | null;
  /** seats compared on this board and seat number (non-void tables, the disqualified left out), itself included */
  readonly compared: number;
  /** 0-100 (not rounded); null for a disqualified person */
  readonly percentage: number | null;
  readonly forfeited: boolean;
  readonly disqualified: boolean;
}

/** One decimal, half away from zero (as shown): 1.65 → 1.7, −1.65 → −1.7. */
export function oneDecimal(x: number): number {
  const v = Math.round(Math.abs(x) * 10 + 1e-9) / 10;
  return x < 0 ? -v : v;
}

/** 3 × board result, exactly: 3 × score − the sum of the other three seats' scores. */
export function resultTimes3(scores: readonly number[], seat: number): number {
  let others = 0;
  for (let s = 0; s < scores.length; s++) if (s !== seat) others += scores[s];
  return 3 * scores[seat] - others;
}

/** The board result of `seat`: its score minus the average of the other three seats' scores, to one decimal. */
export function boardResult(scores: readonly number[], seat: number): number {
  return oneDecimal(resultTimes3(scores, seat) / 3);
}

/** Matchpoints of one value among the values compared (itself included once): 2 per lower, 1 per equal. */
export function matchpointsAmong(mine: number, compared: readonly number[]): number {
  let mp = 0;
  for (const v of compared) mp += v < mine ? 2 : v === mine ? 1 : 0;
  return mp - 1;
}

/** The board percentage: mp / (2 × (n − 1)) × 100; 50 when nobody else is compared. */
export function boardPercentage(matchpoints: number, compared: number): number {
  return compared < 2 ? 50 : (matchpoints / (2 * (compared - 1))) * 100;
}

function checkInput(input: ScoringInput): void {
  const seen = new Set<string>();
  const sitting = new Set<string>();
  for (const t of input.tables) {
    if (t.round < 1 || t.round > input.rounds) throw new RangeError(`table ${t.table}: round ${t.round} is not 1..${input.rounds}`);
    if (t.seats.length !== 4) throw new RangeError(`round ${t.round} table ${t.table} has ${t.seats.length} seats, not 4`);
    const key = `${t.round}:${t.table}`;
    if (seen.has(key)) throw new RangeError(`round ${t.round} table ${t.table} is given twice`);
    seen.add(key);
    // one seat a round for a person (computers have an id a seat too): a person seated twice would be averaged twice
    for (const p of t.seats) {
      const where = `${t.round}:${p.id}`;
      if (sitting.has(where)) throw new RangeError(`round ${t.round}: ${p.id} is seated at two places`);
      sitting.add(where);
    }
    for (const b of t.boards) {
      if (b.board < 1 || b.board > input.boardsPerRound) throw new RangeError(`round ${t.round} table ${t.table}: board ${b.board} is not 1..${input.boardsPerRound}`);
      if (b.status === 'finished' && (!b.scores || b.scores.length !== 4 || b.scores.some((x) => !Number.isFinite(x)))) {
        throw new RangeError(`round ${t.round} table ${t.table} board ${b.board}: a finished board needs 4 scores`);
      }
    }
  }
}

/** The boards of a round every table has finished or voided (only they are scored). */
function completeBoards(tables: readonly TableRoundInput[], boardsPerRound: number): number[] {
  const out: number[] = [];
  for (let b = 1; b <= boardsPerRound; b++) if (tables.every((t) => t.boards.some((x) => x.board === b))) out.push(b);
  return out;
}

/** Every seat's score, result, matchpoints and percentage on every board scored so far (round, board, table, seat order). */
export function scoreBoards(input: ScoringInput): SeatBoardScore[] {
  checkInput(input);
  const dq = new Set(input.disqualified ?? []);
  const out: SeatBoardScore[] = [];
  for (let round = 1; round <= input.rounds; round++) {
    const tables = input.tables.filter((t) => t.round === round).sort((a, b) => a.table - b.table);
    if (tables.length === 0) continue;
    for (const board of completeBoards(tables, input.boardsPerRound)) {
      const rows = tables.map((t) => ({ t, b: t.boards.find((x) => x.board === board) as TableBoardInput }));
      for (let seat = 0; seat < 4; seat++) {
        // the values compared for this seat number: non-void tables, the disqualified left out
        const compared: number[] = [];
        for (const { t, b } of rows) if (b.status === 'finished' && !dq.has(t.seats[seat].id)) compared.push(resultTimes3(b.scores as number[], seat));
        for (const { t, b } of rows) {
          const sitter = t.seats[seat];
          const disqualified = !sitter.computer && dq.has(sitter.id);
          const forfeited = (t.forfeits ?? []).some((f) => f.seat === seat && f.fromBoard <= board);
          const base = { round, board, table: t.table, seat, id: sitter.id, computer: sitter.computer, forfeited, disqualified };
          if (b.status === 'void') {
            out.push({ ...base, status: 'void', score: null, result: null, matchpoints: null, compared: compared.length, percentage: disqualified ? null : forfeited ? 0 : 50 });
            continue;
          }
          const scores = b.scores as number[];
          const r3 = resultTimes3(scores, seat);
          const own = !disqualified && !forfeited;
          const mp = own ? matchpointsAmong(r3, compared) : null;
          out.push({
            ...base,
            status: 'finished',
            score: scores[seat],
            result: oneDecimal(r3 / 3),
            matchpoints: mp,
            compared: compared.length,
            percentage: disqualified ? null : mp === null ? 0 : boardPercentage(mp, compared.length),
          });
        }
      }
    }
  }
  return out.sort((a, b) => a.round - b.round || a.board - b.board || a.table - b.table || a.seat - b.seat);
}
