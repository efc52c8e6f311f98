import fc from 'fast-check';
import { boardPercentage, boardResult, matchpointsAmong, oneDecimal, scoreBoards, type ScoringInput, type Sitter, type TableRoundInput } from './matchpoints';

const person = (id: string): Sitter => ({ id, computer: false });
const computer = (n: number): Sitter => ({ id: `computer:${n}`, computer: true });
const seatsOf = (...ids: string[]): Sitter[] => ids.map((id) => (id.startsWith('computer:') ? computer(Number(id.slice(9))) : person(id)));

/** The worked example of docs/rules.md: three tables, one board. */
function example(over: Partial<Record<1 | 2 | 3, Partial<TableRoundInput>>> = {}, disqualified: string[] = []): ScoringInput {
  const t = (table: 1 | 2 | 3, ids: string[], scores: number[]): TableRoundInput => ({
    round: 1,
    table,
    seats: seatsOf(...ids),
    boards: [{ board: 1, status: 'finished', scores }],
    ...over[table],
  });
  return {
    rounds: 1,
    boardsPerRound: 1,
    tables: [t(1, ['a1', 'b1', 'c1', 'd1'], [20, 10, 0, 0]), t(2, ['a2', 'b2', 'c2', 'd2'], [10, 10, 10, 0]), t(3, ['a3', 'computer:1', 'c3', 'd3'], [20, 0, 0, 10])],
    disqualified,
  };
}
const find = (rows: ReturnType<typeof scoreBoards>, id: string) => rows.find((r) => r.id === id)!;

describe('board result (SPEC 9.3)', () => {
  it('is the board score minus the average of the other three, to one decimal', () => {
    expect(boardResult([20, 10, 0, 0], 0)).toBe(16.7);
    expect(boardResult([20, 10, 0, 0], 1)).toBe(3.3);
    expect(boardResult([20, 10, 0, 0], 2)).toBe(-10);
    expect(boardResult([0, 0, 0, 0], 3)).toBe(0);
    expect(boardResult([5, 0, 0, 0], 1)).toBe(-1.7);
  });
  it('rounds half away from zero', () => {
    expect(oneDecimal(1.25)).toBe(1.3);
    expect(oneDecimal(-1.25)).toBe(-1.3);
  });
});

describe('matchpoints and board percentages (SPEC 9.3)', () => {
  it('2 for each lower result, 1 for each equal, 0 for each higher; percentage = mp / (2 × (n − 1)) × 100', () => {
    expect(matchpointsAmong(5, [5, 1, 5, 9])).toBe(2 + 1);
    expect(boardPercentage(3, 4)).toBe(50);
    expect(boardPercentage(6, 4)).toBe(100);
    expect(boardPercentage(0, 1)).toBe(50);
  });
  it('compares each seat with the same seat at the other tables (the worked example)', () => {
    const rows = scoreBoards(example());
    expect(find(rows, 'a1')).toMatchObject({ score: 20, result: 16.7, matchpoints: 3, compared: 3, percentage: 75 });
    expect(find(rows, 'a2')).toMatchObject({ score: 10, result: 3.3, matchpoints: 0, percentage: 0 });
    expect(find(rows, 'a3')).toMatchObject({ result: 16.7, matchpoints: 3, percentage: 75 });
    expect(find(rows, 'b1')).toMatchObject({ result: 3.3, matchpoints: 3, percentage: 75 });
    expect(find(rows, 'b2')).toMatchObject({ result: 3.3, matchpoints: 3, percentage: 75 });
  });
  it('compares computer seats like anyone', () => {
    const rows = scoreBoards(example());
    expect(find(rows, 'computer:1')).toMatchObject({ computer: true, result: -10, matchpoints: 0, percentage: 0 });
    expect(find(rows, 'b1').matchpoints).toBe(3); // the computer's lower result counts for b1
  });
  it('a board void at a table: 50 % to everyone seated there, and the table leaves that board’s comparisons', () => {
    const rows = scoreBoards(example({ 2: { boards: [{ board: 1, status: 'void' }] } }));
    for (const id of ['a2', 'b2', 'c2', 'd2']) expect(find(rows, id)).toMatchObject({ status: 'void', score: null, result: null, matchpoints: null, percentage: 50 });
    expect(find(rows, 'a1')).toMatchObject({ compared: 2, matchpoints: 1, percentage: 50 });
    expect(find(rows, 'b1')).toMatchObject({ compared: 2, matchpoints: 2, percentage: 100 });
  });
  it('a board left with one table to compare gives 50 %', () => {
    const rows = scoreBoards(example({ 2: { boards: [{ board: 1, status: 'void' }] }, 3: { boards: [{ board: 1, status: 'void' }] } }));
    expect(find(rows, 'a1')).toMatchObject({ compared: 1, matchpoints: 0, percentage: 50 });
  });
  it('a forfeited player gets 0 % from the board they forfeited on; their result still counts for the others', () => {
    const rows = scoreBoards(example({ 2: { forfeits: [{ seat: 0, fromBoard: 1 }] } }));
    expect(find(rows, 'a2')).toMatchObject({ forfeited: true, matchpoints: null, percentage: 0, result: 3.3 });
    expect(find(rows, 'a1')).toMatchObject({ compared: 3, matchpoints: 3, percentage: 75 });
  });
  it('a disqualified player leaves every comparison, and the others are recomputed without them', () => {
    const rows = scoreBoards(example({}, ['a2']));
    expect(find(rows, 'a2')).toMatchObject({ disqualified: true, matchpoints: null, percentage: null });
    expect(find(rows, 'a1')).toMatchObject({ compared: 2, matchpoints: 1, percentage: 50 });
    expect(find(rows, 'b2')).toMatchObject({ compared: 3, matchpoints: 3, percentage: 75 });
  });
  it('scores a board only once every table of the round has finished it or is void there', () => {
    const input = example();
    const partial: ScoringInput = {
      ...input,
      boardsPerRound: 2,
      tables: input.tables.map((t) => (t.table === 3 ? t : { ...t, boards: [...t.boards, { board: 2, status: 'finished', scores: [0, 0, 0, 10] }] })),
    };
    const rows = scoreBoards(partial);
    expect(rows.every((r) => r.board === 1)).toBe(true);
    expect(rows).toHaveLength(12);
  });
  it('refuses input that cannot be scored', () => {
    const input = example();
    expect(() => scoreBoards({ ...input, tables: [...input.tables, input.tables[0]] })).toThrow(/given twice/);
    expect(() => scoreBoards({ ...input, tables: [{ ...input.tables[0], boards: [{ board: 1, status: 'finished', scores: [1, 2] }] }] })).toThrow(/4 scores/);
    expect(() => scoreBoards({ ...input, tables: [{ ...input.tables[0], boards: [{ board: 7, status: 'void' }] }] })).toThrow(/not 1\.\.1/);
    // one person at two tables of a round would be averaged twice
    const [t1, t2] = input.tables;
    expect(() => scoreBoards({ ...input, tables: [t1, { ...t2, seats: [t1.seats[0], ...t2.seats.slice(1)] }, ...input.tables.slice(2)] })).toThrow(/seated at two places/);
  });
});

describe('matchpoint invariants (random events)', () => {
  const event = fc
    .record({ tables: fc.integer({ min: 2, max: 12 }), boards: fc.integer({ min: 1, max: 4 }), voidRate: fc.integer({ min: 0, max: 3 }) })
    .chain(({ tables, boards, voidRate }) =>
      fc.array(fc.tuple(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }), fc.integer({ min: 0, max: 9 })), {
        minLength: tables * boards,
        maxLength: tables * boards,
      }).map((cells) => ({ tables, boards, voidRate, cells })),
    );
  it('per board and seat number the compared seats share n × (n − 1) matchpoints, percentages average 50 and stay in 0..100', () => {
    fc.assert(
      fc.property(event, ({ tables, boards, voidRate, cells }) => {
        const input: ScoringInput = {
          rounds: 1,
          boardsPerRound: boards,
          tables: Array.from({ length: tables }, (_, t) => ({
            round: 1,
            table: t + 1,
            seats: seatsOf(`p${t}-0`, `p${t}-1`, `p${t}-2`, `p${t}-3`),
            boards: Array.from({ length: boards }, (_, b) => {
              const [scores, dice] = cells[t * boards + b];
              return dice < voidRate ? { board: b + 1, status: 'void' as const } : { board: b + 1, status: 'finished' as const, scores: scores.map((x) => x * 5) };
            }),
          })),
        };
        const rows = scoreBoards(input);
        expect(rows).toHaveLength(tables * boards * 4);
        for (let b = 1; b <= boards; b++) {
          for (let seat = 0; seat < 4; seat++) {
            const group = rows.filter((r) => r.board === b && r.seat === seat && r.status === 'finished');
            const n = group.length;
            expect(group.reduce((s, r) => s + (r.matchpoints as number), 0)).toBe(n === 0 ? 0 : n * (n - 1));
            if (n >= 2) expect(group.reduce((s, r) => s + (r.percentage as number), 0) / n).toBeCloseTo(50, 9);
          }
        }
        for (const r of rows) expect(r.percentage! >= 0 && r.percentage! <= 100).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
