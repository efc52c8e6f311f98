import { boardDeadline, boardHandsVisible, handVisibleTo, lockstepDecision, ROUND_BREAK_MS, type LockstepInput, type LockstepTable } from './lockstep';

const T0 = Date.parse('2026-12-12T19:00:00Z');
const LIMIT = 6 * 60 * 1000;
const table = (tableId: string, state: LockstepTable['state'], endedAt: number | null = null): LockstepTable => ({ tableId, state, endedAt });
const at = (over: Partial<LockstepInput>): LockstepInput => ({
  round: 1,
  board: 3,
  rounds: 3,
  boardsPerRound: 6,
  tables: [table('t1', 'finished', T0 + 60_000), table('t2', 'playing')],
  deadline: boardDeadline(T0, LIMIT),
  now: T0 + 120_000,
  ...over,
});

describe('boards in lockstep (SPEC 9.2)', () => {
  it('waits while a table still plays before the limit, naming the tables still on the board', () => {
    expect(lockstepDecision(at({}))).toEqual({ kind: 'wait', until: T0 + LIMIT, playing: ['t2'] });
  });
  it('deals board b+1 everywhere as soon as the last table finishes board b', () => {
    const d = lockstepDecision(at({ tables: [table('t1', 'finished', T0 + 60_000), table('t2', 'finished', T0 + 200_000)], now: T0 + 200_000 }));
    expect(d).toEqual({ kind: 'next-board', voidAtLimit: [], round: 1, board: 4 });
  });
  it('at the limit, voids the tables still playing, then deals the next board', () => {
    const d = lockstepDecision(at({ tables: [table('t1', 'finished', T0 + 60_000), table('t2', 'playing'), table('t3', 'playing')], now: T0 + LIMIT }));
    expect(d).toEqual({ kind: 'next-board', voidAtLimit: ['t2', 't3'], round: 1, board: 4 });
  });
  it('a table a director voided counts as done', () => {
    const d = lockstepDecision(at({ tables: [table('t1', 'void', T0 + 30_000), table('t2', 'finished', T0 + 90_000)], now: T0 + 90_000 }));
    expect(d).toMatchObject({ kind: 'next-board', board: 4, voidAtLimit: [] });
  });
  it('after the last board of a round, the next round starts 2 minutes after the last table finished it', () => {
    const d = lockstepDecision(at({ board: 6, tables: [table('t1', 'finished', T0 + 60_000), table('t2', 'finished', T0 + 250_000)], now: T0 + 250_500 }));
    expect(d).toEqual({ kind: 'next-round', voidAtLimit: [], round: 2, startsAt: T0 + 250_000 + ROUND_BREAK_MS, lastBoardEndedAt: T0 + 250_000 });
  });
  it('a last board stopped by the limit ends at the limit: the break counts from there', () => {
    const d = lockstepDecision(at({ board: 6, now: T0 + LIMIT + 15 }));
    expect(d).toEqual({ kind: 'next-round', voidAtLimit: ['t2'], round: 2, startsAt: T0 + LIMIT + ROUND_BREAK_MS, lastBoardEndedAt: T0 + LIMIT });
  });
  it('after the last board of the last round the event is finished', () => {
    const d = lockstepDecision(at({ round: 3, board: 6, tables: [table('t1', 'finished', T0 + 60_000)], now: T0 + 61_000 }));
    expect(d).toEqual({ kind: 'event-finished', voidAtLimit: [], lastBoardEndedAt: T0 + 60_000 });
  });
  it('a limit job that runs late treats a table that finished after the limit as void there, and the board as ended at the limit', () => {
    const late = [table('t1', 'finished', T0 + 60_000), table('t2', 'finished', T0 + LIMIT + 40_000)];
    expect(lockstepDecision(at({ tables: late, now: T0 + LIMIT + 45_000 }))).toEqual({ kind: 'next-board', voidAtLimit: ['t2'], round: 1, board: 4 });
    expect(lockstepDecision(at({ board: 6, tables: late, now: T0 + LIMIT + 45_000 }))).toMatchObject({ kind: 'next-round', voidAtLimit: ['t2'], lastBoardEndedAt: T0 + LIMIT });
  });
  it("a night's own break between rounds", () => {
    const d = lockstepDecision(at({ board: 6, tables: [table('t1', 'finished', T0 + 60_000)], now: T0 + 61_000, breakMs: 5_000 }));
    expect(d).toMatchObject({ kind: 'next-round', startsAt: T0 + 65_000 });
  });
  it('gives the same decision when asked again (a retried job)', () => {
    expect(lockstepDecision(at({ now: T0 + LIMIT }))).toEqual(lockstepDecision(at({ now: T0 + LIMIT })));
  });
  it('refuses a round with no tables or a board outside the event', () => {
    expect(() => lockstepDecision(at({ tables: [] }))).toThrow(RangeError);
    expect(() => lockstepDecision(at({ board: 7 }))).toThrow(RangeError);
    expect(() => lockstepDecision(at({ round: 4 }))).toThrow(RangeError);
  });
});

describe("who sees a board's hands (SPEC 9.2, 9.5)", () => {
  it('nobody, while any table still plays the board', () => {
    expect(boardHandsVisible([table('t1', 'finished', T0), table('t2', 'playing')])).toBe(false);
    expect(boardHandsVisible([])).toBe(false);
  });
  it('everyone, once every table finished it or is void on it', () => {
    expect(boardHandsVisible([table('t1', 'finished', T0), table('t2', 'void', T0)])).toBe(true);
  });
  it('a seat always sees its own tiles; a finished table’s players see no other seat while another table plays', () => {
    const tables = [table('t1', 'finished', T0), table('t2', 'playing')];
    expect(handVisibleTo(2, 2, tables)).toBe(true);
    expect(handVisibleTo(1, 2, tables)).toBe(false);
    expect(handVisibleTo(1, null, tables)).toBe(false);
    expect(handVisibleTo(1, null, [table('t1', 'finished', T0), table('t2', 'finished', T0)])).toBe(true);
  });
});
