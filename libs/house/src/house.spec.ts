import fc from 'fast-check';
import {
  botTurnDraw,
  seededRunOuts,
  botTurn,
  botWaitMs,
  checkTable,
  clockMayBeOff,
  COMMISSARY,
  commissaryDue,
  isoWeekOf,
  isoWeekStart,
  courtLevel,
  debtPayment,
  holdOf,
  hostClockMs,
  invitationCode,
  jarPayout,
  levelOf,
  mayExpunge,
  netOf,
  purposeWithoutStake,
  runOutPenalty,
  seatClockMs,
  settlePayments,
  splitFine,
  stakeCurrency,
  ticketServedAt,
  felonyClearedAt,
  weekStartUtc,
  workoutOwed,
  HOUSE_RULESETS,
  type TableRequest,
} from './index';

const table = (over: Partial<TableRequest> = {}): TableRequest => ({
  ruleset: 'citizen',
  seats: 2,
  partners: false,
  purpose: 'friendly',
  stake: 0,
  ticketFine: 0,
  clockMs: undefined,
  settings: {},
  workoutKind: 'reps',
  computerSeats: 0,
  ...over,
});

describe('house tables (SPEC 8.1)', () => {
  it('a cash bet is a Citizen table in DD, a canteen bet an Inmate table in soups; no other ruleset takes a stake', () => {
    expect(stakeCurrency('citizen')).toBe('DD');
    expect(stakeCurrency('inmate')).toBe('soups');
    expect(checkTable(table({ ruleset: 'mook-camp-fitness', purpose: 'stake', stake: 10 }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ purpose: 'stake', stake: 100, ticketFine: 50 }))).toBeNull();
    expect(checkTable(table({ ruleset: 'inmate', purpose: 'stake', stake: 5, ticketFine: 5 }))).toBeNull();
  });

  it('a stake above the limit is STAKE_TOO_HIGH; a ticket fine above the stake is invalid', () => {
    expect(checkTable(table({ purpose: 'stake', stake: 10_001 }))?.code).toBe('STAKE_TOO_HIGH');
    expect(checkTable(table({ ruleset: 'inmate', purpose: 'stake', stake: 101 }))?.code).toBe('STAKE_TOO_HIGH');
    expect(checkTable(table({ purpose: 'stake', stake: 100, ticketFine: 101 }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ purpose: 'stake', stake: 0 }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ purpose: 'friendly', stake: 10 }))?.code).toBe('INVALID_SETTINGS');
  });

  it('Mook Camp Fitness and DCF Inmate Gym are always workout tables, and only they are', () => {
    expect(checkTable(table({ ruleset: 'mook-camp-fitness', purpose: 'friendly' }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ ruleset: 'dcf-inmate-gym', purpose: 'workout' }))).toBeNull();
    expect(checkTable(table({ ruleset: 'citizen', purpose: 'workout' }))?.code).toBe('INVALID_SETTINGS');
  });

  it('a table without a stake has the one purpose its ruleset allows: workout at Mook Camp Fitness and DCF Inmate Gym, friendly elsewhere', () => {
    expect(HOUSE_RULESETS.map((r) => [r, purposeWithoutStake(r)])).toEqual([
      ['citizen', 'friendly'],
      ['mook-camp-fitness', 'workout'],
      ['inmate', 'friendly'],
      ['dcf-inmate-gym', 'workout'],
    ]);
    for (const ruleset of HOUSE_RULESETS) {
      const allowed = (['friendly', 'workout'] as const).filter((purpose) => checkTable(table({ ruleset, purpose })) === null);
      expect([ruleset, allowed]).toEqual([ruleset, [purposeWithoutStake(ruleset)]]);
    }
  });

  it('partners need four seats; seats are 2 to 4; the host keeps one seat from the computer', () => {
    expect(checkTable(table({ seats: 3, partners: true }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ seats: 4, partners: true }))).toBeNull();
    expect(checkTable(table({ seats: 5 }))?.code).toBe('INVALID_SETTINGS');
    expect(checkTable(table({ seats: 2, computerSeats: 2 }))?.code).toBe('INVALID_SETTINGS');
  });

  it('the host clock (SPEC 8.3, changed): 3-60 s at every ruleset; off only against the computer alone at a friendly table or a Mook Camp workout table; DCF never off; stake tables take none', () => {
    const purposeOf = (r: TableRequest['ruleset']) => (r === 'mook-camp-fitness' || r === 'dcf-inmate-gym' ? 'workout' : 'friendly');
    for (const ruleset of ['citizen', 'inmate', 'mook-camp-fitness', 'dcf-inmate-gym'] as const) {
      const purpose = purposeOf(ruleset);
      for (const seats of [2, 3, 4]) {
        for (let computerSeats = 0; computerSeats < seats; computerSeats++) {
          const base = { ruleset, purpose, seats, computerSeats } as const;
          // The range: 3-60 s (whole ms), for everyone.
          for (const clockMs of [3_000, 10_000, 20_000, 45_500, 60_000]) expect([ruleset, seats, computerSeats, clockMs, checkTable(table({ ...base, clockMs }))]).toEqual([ruleset, seats, computerSeats, clockMs, null]);
          for (const clockMs of [0, 2_999, 60_001, 600_000, 10_000.5]) expect([ruleset, clockMs, checkTable(table({ ...base, clockMs }))?.code]).toEqual([ruleset, clockMs, 'INVALID_SETTINGS']);
          // Off: the computer alone, not at DCF Inmate Gym.
          const alone = computerSeats === seats - 1;
          const offAllowed = alone && ruleset !== 'dcf-inmate-gym';
          expect([ruleset, seats, computerSeats, checkTable(table({ ...base, clockMs: null }))?.code ?? 'ok']).toEqual([ruleset, seats, computerSeats, offAllowed ? 'ok' : 'INVALID_SETTINGS']);
          expect(clockMayBeOff(base)).toBe(offAllowed);
          // Defaults: off at a friendly table against the computer alone (until the host turns it on), else the ruleset's.
          const def = { citizen: 20_000, inmate: 20_000, 'mook-camp-fitness': 10_000, 'dcf-inmate-gym': 20_000 }[ruleset];
          expect(hostClockMs({ ...base, clockMs: undefined })).toBe(alone && purpose === 'friendly' ? null : def);
          expect(hostClockMs({ ...base, clockMs: 7_000 })).toBe(7_000);
        }
      }
    }
    // Stake tables: nobody sets the clock (each player's level does), and it is never off.
    for (const clockMs of [null, 20_000]) expect(checkTable(table({ purpose: 'stake', stake: 10, clockMs }))?.code).toBe('INVALID_SETTINGS');
    expect(clockMayBeOff({ ruleset: 'citizen', purpose: 'stake', seats: 2, computerSeats: 1 })).toBe(false);
    expect(hostClockMs({ ruleset: 'citizen', purpose: 'stake', clockMs: undefined, seats: 2, computerSeats: 1 })).toBeNull();
  });

  it('a friendly Citizen table against the computer alone starts with the clock off; with people it is on', () => {
    expect(hostClockMs({ ruleset: 'citizen', purpose: 'friendly', clockMs: undefined, seats: 2, computerSeats: 1 })).toBeNull();
    expect(hostClockMs({ ruleset: 'citizen', purpose: 'friendly', clockMs: undefined, seats: 2, computerSeats: 0 })).toBe(20_000);
    expect(hostClockMs({ ruleset: 'mook-camp-fitness', purpose: 'workout', clockMs: undefined, seats: 2, computerSeats: 1 })).toBe(10_000);
  });

  it('invitation codes are 8 characters without look-alikes', () => {
    let i = 0;
    const code = invitationCode(() => (i++ * 0.137) % 1);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});

describe('clocks per seat (SPEC 8.3) and court (8.5)', () => {
  const player = (over: Partial<{ stakeWins: number; assistiveTech: boolean; court: ReturnType<typeof courtLevel> }> = {}) => ({
    stakeWins: 0,
    assistiveTech: false,
    court: null,
    ...over,
  });

  it('levels come from stake-table wins: 0 Rookie, 10 Hustler, 25 Shark, 50 Professor, 100 Kingpin, 200 Dominologist', () => {
    expect([0, 9, 10, 24, 25, 50, 99, 100, 199, 200, 5000].map(levelOf)).toEqual([
      'Rookie',
      'Rookie',
      'Hustler',
      'Hustler',
      'Shark',
      'Professor',
      'Professor',
      'Kingpin',
      'Kingpin',
      'Dominologist',
      'Dominologist',
    ]);
  });

  it('a stake table runs on the level (20/17/14/11/8/6 s), +10 s with assistive technology', () => {
    const stake = (p: ReturnType<typeof player>) => seatClockMs({ ruleset: 'citizen', purpose: 'stake', hostClockMs: null, humans: 2, player: p });
    expect(stake(player())).toBe(20_000);
    expect(stake(player({ stakeWins: 10 }))).toBe(17_000);
    expect(stake(player({ stakeWins: 200 }))).toBe(6_000);
    expect(stake(player({ stakeWins: 200, assistiveTech: true }))).toBe(16_000);
  });

  it('court overrides every house clock: municipal 9, civil 8, misdemeanor 7, felony 5', () => {
    expect(courtLevel(0, 0)).toBeNull();
    expect(courtLevel(1, 0)).toBe('municipal');
    expect(courtLevel(2, 0)).toBe('civil');
    expect(courtLevel(3, 0)).toBe('misdemeanor');
    expect(courtLevel(7, 0)).toBe('misdemeanor');
    expect(courtLevel(0, 1)).toBe('felony');
    for (const [court, ms] of [
      ['municipal', 9_000],
      ['civil', 8_000],
      ['misdemeanor', 7_000],
      ['felony', 5_000],
    ] as const) {
      expect(seatClockMs({ ruleset: 'citizen', purpose: 'stake', hostClockMs: null, humans: 2, player: player({ court, assistiveTech: true }) })).toBe(ms);
      expect(seatClockMs({ ruleset: 'mook-camp-fitness', purpose: 'workout', hostClockMs: 60_000, humans: 2, player: player({ court }) })).toBe(ms);
    }
  });

  it('friendly/workout tables use the host clock; off stays off only with one person at the table', () => {
    expect(seatClockMs({ ruleset: 'mook-camp-fitness', purpose: 'workout', hostClockMs: 45_000, humans: 2, player: player() })).toBe(45_000);
    expect(seatClockMs({ ruleset: 'citizen', purpose: 'friendly', hostClockMs: null, humans: 1, player: player() })).toBeNull();
    expect(seatClockMs({ ruleset: 'citizen', purpose: 'friendly', hostClockMs: null, humans: 2, player: player() })).toBe(20_000);
  });

  it('a computer seat runs the host clock, or the ruleset default when it is off or at a stake table', () => {
    expect(seatClockMs({ ruleset: 'mook-camp-fitness', purpose: 'workout', hostClockMs: 5_000, humans: 1, player: null })).toBe(5_000);
    expect(seatClockMs({ ruleset: 'citizen', purpose: 'friendly', hostClockMs: null, humans: 1, player: null })).toBe(20_000);
    expect(seatClockMs({ ruleset: 'citizen', purpose: 'stake', hostClockMs: null, humans: 1, player: null })).toBe(20_000);
  });
});

describe('penalties (SPEC 8.4)', () => {
  it('a ticket at Citizen tables and on a canteen bet; a dumbbell at Mook Camp and at every other table inside', () => {
    expect(runOutPenalty('citizen', 'friendly')).toBe('ticket');
    expect(runOutPenalty('citizen', 'stake')).toBe('ticket');
    expect(runOutPenalty('inmate', 'stake')).toBe('ticket');
    expect(runOutPenalty('inmate', 'friendly')).toBe('dumbbell');
    expect(runOutPenalty('mook-camp-fitness', 'workout')).toBe('dumbbell');
    expect(runOutPenalty('dcf-inmate-gym', 'workout')).toBe('dumbbell');
  });

  it('a loser owes 5 reps, 30 seconds or half a mile per dumbbell; a winner owes nothing', () => {
    expect(workoutOwed('reps', 3, true)).toBe(15);
    expect(workoutOwed('timed', 2, true)).toBe(60);
    expect(workoutOwed('run', 1, true)).toBe(5); // tenths of a mile
    expect(workoutOwed('reps', 3, false)).toBe(0);
    expect(workoutOwed('reps', 0, true)).toBe(0);
  });

  it('a fine larger than the balance takes the balance and leaves the rest owed; winnings pay the debt first', () => {
    expect(splitFine(1_000, 300)).toEqual({ paid: 300, owed: 700 });
    expect(splitFine(1_000, 5_000)).toEqual({ paid: 1_000, owed: 0 });
    expect(splitFine(20_000, 0)).toEqual({ paid: 0, owed: 20_000 });
    expect(debtPayment(500, 700)).toBe(500);
    expect(debtPayment(900, 700)).toBe(700);
    expect(debtPayment(900, 0)).toBe(0);
  });

  it('tickets are served after 7 days, felonies cleared after 30', () => {
    const t = new Date('2026-12-01T10:00:00Z');
    expect(ticketServedAt(t).toISOString()).toBe('2026-12-08T10:00:00.000Z');
    expect(felonyClearedAt(t).toISOString()).toBe('2026-12-31T10:00:00.000Z');
  });

  it('a computer runs out at 2 % easy, 1 % medium, 0.5 % hard, and otherwise thinks part of its clock', () => {
    expect(botTurn('easy', 10_000, 0.019, 0.5).runOut).toBe(true);
    expect(botTurn('easy', 10_000, 0.02, 0.5).runOut).toBe(false);
    expect(botTurn('medium', 10_000, 0.0099, 0.5).runOut).toBe(true);
    expect(botTurn('hard', 10_000, 0.0049, 0.5).runOut).toBe(true);
    expect(botTurn('hard', 10_000, 0.005, 0.5)).toEqual({ runOut: false, thinkMs: 2_500 });
    fc.assert(fc.property(fc.double({ min: 0.02, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 0.999, noNaN: true }), (u1, u2) => botTurn('easy', 10_000, u1, u2).thinkMs < 10_000));
  });

  it('a computer paces its play only where a person watches: a table of computers alone plays at once', () => {
    expect(botWaitMs(2_500, 250, 1)).toBe(625);
    expect(botWaitMs(2_500, 1000, 3)).toBe(2_500);
    expect(botWaitMs(2_500, 0, 1)).toBe(0);
    expect(botWaitMs(2_500, 1000, 0)).toBe(0);
  });
});

describe('settlement (SPEC 8.1)', () => {
  it('one on one: the loser pays the stake; a skunked loser pays double (under 80 to 150, under 130 to 250)', () => {
    expect(settlePayments({ players: 2, partners: false, target: 150, winner: 0, scores: [150, 80], forfeited: [false, false], stake: 100 })).toEqual([
      { from: 1, to: 0, amount: 100, skunk: false },
    ]);
    expect(settlePayments({ players: 2, partners: false, target: 150, winner: 0, scores: [150, 75], forfeited: [false, false], stake: 100 })[0].amount).toBe(200);
    expect(settlePayments({ players: 2, partners: false, target: 250, winner: 1, scores: [125, 250], forfeited: [false, false], stake: 10 })[0].amount).toBe(20);
    expect(settlePayments({ players: 2, partners: false, target: 250, winner: 1, scores: [130, 250], forfeited: [false, false], stake: 10 })[0].amount).toBe(10);
  });

  it('cut-throat: every loser pays the winner; a forfeiter pays as if skunked', () => {
    const p = settlePayments({ players: 4, partners: false, target: 150, winner: 2, scores: [100, 40, 155, 90], forfeited: [false, false, false, true], stake: 50 });
    expect(p).toEqual([
      { from: 0, to: 2, amount: 50, skunk: false },
      { from: 1, to: 2, amount: 100, skunk: true },
      { from: 3, to: 2, amount: 100, skunk: true },
    ]);
  });

  it('partners: each losing seat pays the next seat in turn order, so each winner is paid once', () => {
    const p = settlePayments({ players: 4, partners: true, target: 150, winner: 2, scores: [150, 60, 150, 60], forfeited: [false, false, false, false], stake: 10 });
    expect(p).toEqual([
      { from: 1, to: 2, amount: 20, skunk: true },
      { from: 3, to: 0, amount: 20, skunk: true },
    ]);
  });

  it('property: payments never create or lose money and no loser pays more than the hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.boolean(),
        fc.constantFrom(150, 250),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        fc.nat(3),
        (n, partnersWanted, target, stake, fives, forfeited, w) => {
          const partners = partnersWanted && n === 4;
          const winner = w % n;
          const scores = fives.slice(0, n).map((f) => f * 5);
          if (partners) for (let s = 0; s < n; s++) scores[s] = scores[s % 2];
          const pay = settlePayments({ players: n, partners, target, winner, scores, forfeited, stake });
          const net = netOf(n, pay);
          expect(net.reduce((a, b) => a + b, 0)).toBe(0);
          for (const x of pay) expect(x.amount).toBeLessThanOrEqual(holdOf(stake));
          expect(pay.length).toBe(partners ? 2 : n - 1);
        },
      ),
    );
  });
});

describe('the Clock Jar and expunging (SPEC 8.6)', () => {
  it('pays a winner each timeout\'s fine at a stake table; an excuse elsewhere, at most 3 a week; nothing to a loser or at a court table', () => {
    expect(jarPayout({ won: true, courtTable: false, computerTimeouts: 2, stake: { ticketFine: 30 }, excusesThisWeek: 0 })).toEqual({ kind: 'fines', amount: 60 });
    expect(jarPayout({ won: false, courtTable: false, computerTimeouts: 2, stake: { ticketFine: 30 }, excusesThisWeek: 0 })).toEqual({ kind: 'none' });
    expect(jarPayout({ won: true, courtTable: true, computerTimeouts: 2, stake: { ticketFine: 30 }, excusesThisWeek: 0 })).toEqual({ kind: 'none' });
    expect(jarPayout({ won: true, courtTable: false, computerTimeouts: 1, stake: null, excusesThisWeek: 2 })).toEqual({ kind: 'excuse' });
    expect(jarPayout({ won: true, courtTable: false, computerTimeouts: 1, stake: null, excusesThisWeek: 3 })).toEqual({ kind: 'none' });
    expect(jarPayout({ won: true, courtTable: false, computerTimeouts: 0, stake: null, excusesThisWeek: 0 })).toEqual({ kind: 'none' });
  });

  it('the jar week starts Monday 00:00 UTC', () => {
    expect(weekStartUtc(new Date('2026-12-06T23:59:59Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-12-07T00:00:00Z')).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('expunges once a game, at a cash table, for a player with no timeouts there and an open ticket', () => {
    expect(mayExpunge({ cashTable: true, ownTimeoutsInGame: 0, expungedInGame: false, openTickets: 1 })).toBe(true);
    expect(mayExpunge({ cashTable: true, ownTimeoutsInGame: 1, expungedInGame: false, openTickets: 1 })).toBe(false);
    expect(mayExpunge({ cashTable: true, ownTimeoutsInGame: 0, expungedInGame: true, openTickets: 1 })).toBe(false);
    expect(mayExpunge({ cashTable: false, ownTimeoutsInGame: 0, expungedInGame: false, openTickets: 1 })).toBe(false);
    expect(mayExpunge({ cashTable: true, ownTimeoutsInGame: 0, expungedInGame: false, openTickets: 0 })).toBe(false);
  });

  it("a computer's run-outs are its seed's alone: the same turns give the same run-outs, each turn's from attempt 0 on, at the level's rate", () => {
    const turns = Array.from({ length: 20_000 }, (_, version) => ({ version, level: 'easy' as const }));
    const a = seededRunOuts('table-seed', 'game-1', turns);
    expect(seededRunOuts('table-seed', 'game-1', turns)).toEqual(a);
    expect(seededRunOuts('other-seed', 'game-1', turns)).not.toEqual(a);
    for (const r of a) {
      expect(botTurnDraw('table-seed', 'game-1', r.version, r.attempt, 'easy', 20_000).runOut).toBe(true);
      if (r.attempt > 0) expect(a).toContainEqual({ version: r.version, attempt: r.attempt - 1 });
    }
    const turnsWithRunOut = new Set(a.map((r) => r.version)).size;
    expect(turnsWithRunOut / turns.length).toBeGreaterThan(0.015);
    expect(turnsWithRunOut / turns.length).toBeLessThan(0.025);
  });
});

describe('the weekly commissary (SPEC 8.2)', () => {
  it('is due below 1,000 DD and below 10 soups, and grants the full 1,000 DD / 10 soups', () => {
    expect([commissaryDue('DD', 999), commissaryDue('DD', 1_000), commissaryDue('DD', 0)]).toEqual([true, false, true]);
    expect([commissaryDue('soups', 9), commissaryDue('soups', 10)]).toEqual([true, false]);
    expect(COMMISSARY).toEqual({ DD: { below: 1_000, grant: 1_000 }, soups: { below: 10, grant: 10 } });
  });

  it('weeks are ISO 8601 weeks in UTC, starting Monday 00:00', () => {
    expect(isoWeekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2026-12-06T23:59:59Z'))).toBe('2026-W49');
    // Year boundaries: 1 Jan 2027 is a Friday (week 53 of 2026); 29 Dec 2025 is week 1 of 2026.
    expect(isoWeekOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(isoWeekOf(new Date('2025-12-29T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeekStart('2026-W49')?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(isoWeekStart('2026-W01')?.toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(isoWeekStart('2026-W53')?.toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect([isoWeekStart('2025-W53'), isoWeekStart('2026-W00'), isoWeekStart('2026-49'), isoWeekStart('x')]).toEqual([null, null, null, null]);
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01Z'), max: new Date('2100-01-01Z'), noInvalidDate: true }), (d) => {
        const start = isoWeekStart(isoWeekOf(d))!;
        expect(start.getTime()).toBe(weekStartUtc(d).getTime());
      }),
    );
  });
});
