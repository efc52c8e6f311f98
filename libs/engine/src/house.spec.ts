import { createGameFromRecordHeader, legalMoves, skunkedSeats, startHand } from './game';
import { RULESETS } from './rulesets';
import { playAward, countAward } from './scoring';
import { act, deal, hand, lastLog, rejected, table, tiles, withScores } from '../test/helpers';

const citizen2 = (settings?: Record<string, unknown>) => table({ ruleset: 'citizen', players: 2, settings });

// H1: citizen, 2 players. Seat 0 leads 6-6; yard[0] is 6-5.
const H1 = ['6-6 6-2 4-0 5-0 3-0 2-1 1-1', '6-3 6-4 3-2 4-1 5-5 4-4 0-0'];
const H1_YARD = '6-5 6-1 6-0 5-4 5-3 5-2 5-1 4-3 4-2 3-3 3-1 2-2 2-0 1-0';
const H1_PLAY = ['0 6-6', '1 6-3 W', '0 6-2 E', '1 6-4 N', '0 4-0 N', '1 0-0 N', '0 5-0 N', '1 5-5 N', '0 3-0 W', '1 3-2 E'];

// Seat 0 dealt exactly four doubles, chains them out on E; seat 1 plays W/N.
const BONUS4 = ['6-6 5-5 4-4 3-3 6-5 5-4 4-3', '6-4 4-2 2-1 1-0 0-0 6-0 3-1'];
const BONUS4_YARD = '6-3 6-2 6-1 5-3 5-2 5-1 5-0 4-1 4-0 3-2 3-0 2-2 2-0 1-1';
const BONUS4_PLAY = ['0 6-6', '1 6-4 W', '0 6-5 E', '1 4-2 W', '0 5-5 E', '1 2-1 W', '0 5-4 E', '1 1-0 W', '0 4-4 E', '1 0-0 W', '0 4-3 E', '1 6-0 N', '0 3-3 E'];
// Seat 0 dealt five doubles.
const BONUS5 = ['6-6 6-5 5-5 5-4 4-4 3-3 2-2', '6-1 1-0 0-0 4-3 3-2 6-0 2-1'];
const BONUS5_YARD = '6-4 6-3 6-2 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-1 3-0 2-0 1-1';
const BONUS5_PLAY = ['0 6-6', '1 6-1 W', '0 6-5 E', '1 1-0 W', '0 5-5 E', '1 0-0 W', '0 5-4 E', '1 6-0 N', '0 4-4 E', '1 4-3 E', '0 3-3 E', '1 3-2 E', '0 2-2 E'];
// Nobody holds a double: every double is in the yard.
const NO_DOUBLE = ['6-5 6-4 6-3 6-2 6-1 6-0 5-4', '5-3 5-2 5-1 5-0 4-3 4-2 4-1'];
const NO_DOUBLE_YARD = '6-6 5-5 4-4 3-3 2-2 1-1 0-0 4-0 3-2 3-1 3-0 2-1 2-0 1-0';

describe('SPEC 1.6 — house table settings', () => {
  it.each([
    ['citizen', { getOn: 10, minScore: 10, target: 150, handSize: 7 }],
    ['mook-camp-fitness', { getOn: 10, minScore: 5, target: 150, handSize: 7 }],
    ['inmate', { getOn: 15, minScore: 10, target: 150, handSize: 7 }],
    ['dcf-inmate-gym', { getOn: 0, minScore: 10, target: 150, handSize: 7 }],
  ])('%s defaults to %j', (ruleset, settings) => {
    expect(table({ ruleset, players: 4 }).config.settings).toEqual(settings);
  });
  it.each([
    ['citizen', { getOn: 25 }],
    ['mook-camp-fitness', { getOn: 1 }],
    ['inmate', { getOn: 0 }],
    ['inmate', { getOn: 5 }],
    ['dcf-inmate-gym', { getOn: 5 }],
    ['citizen', { minScore: 15 }],
    ['citizen', { target: 200 }],
    ['citizen', { handSize: 8 }],
    ['citizen', { colour: 'red' }],
    ['citizen', { getOn: '10' }],
  ])('%s rejects settings %j with INVALID_SETTINGS', (ruleset, settings) => {
    const r = createGameFromRecordHeader({ ruleset, players: 2, settings });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
  });
  it.each([
    ['citizen', { getOn: 0, minScore: 5, target: 250, handSize: 9 }, 2],
    ['mook-camp-fitness', { getOn: 20 }, 3],
    ['inmate', { getOn: 10, handSize: 9 }, 3],
    ['dcf-inmate-gym', { getOn: 20, minScore: 5 }, 4],
  ])('%s accepts %j with %i players', (ruleset, settings, players) => {
    expect(createGameFromRecordHeader({ ruleset, players, settings }).ok).toBe(true);
  });
  it('a hand of 9 is only dealt with 2 or 3 players', () => {
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 4, settings: { handSize: 9 } })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
  });
  it('house tables seat 2 to 4 players; partners need 4', () => {
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 5 })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 3, partners: true })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 4, partners: true }).ok).toBe(true);
  });
  it('the tournament is 4 players (or the 3-player table), cut-throat, with fixed settings', () => {
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 2 })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 4, partners: true })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 4, settings: { target: 250 } })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 4, settings: { target: 150 } }).ok).toBe(true);
  });
  it('an unknown ruleset is INVALID_RECORD', () => {
    expect(createGameFromRecordHeader({ ruleset: 'poker', players: 4 })).toMatchObject({ ok: false, error: { code: 'INVALID_RECORD' } });
  });
  it('at a table that gets on with 0 everyone is on the board from the deal', () => {
    expect(table({ ruleset: 'dcf-inmate-gym', players: 3 }).onBoard).toEqual([true, true, true]);
    expect(table({ ruleset: 'citizen', players: 2, settings: { getOn: 0 } }).onBoard).toEqual([true, true]);
    expect(table({ ruleset: 'inmate', players: 2 }).onBoard).toEqual([false, false]);
  });
});

describe('SPEC 1.6 — a score must be a multiple of 5, at least the smallest score and, until on, the get-on number', () => {
  const cases: [string, Record<string, number>, boolean, number, number][] = [
    // ruleset, settings, on board, open-end total, points
    ['citizen', {}, false, 5, 0],
    ['citizen', {}, false, 10, 10],
    ['citizen', {}, true, 5, 0],
    ['citizen', {}, true, 15, 15],
    ['citizen', {}, true, 12, 0],
    ['mook-camp-fitness', {}, true, 5, 5],
    ['mook-camp-fitness', {}, false, 5, 0],
    ['mook-camp-fitness', { getOn: 5 }, false, 5, 5],
    ['inmate', {}, false, 10, 0],
    ['inmate', {}, false, 15, 15],
    ['inmate', { getOn: 20 }, false, 15, 0],
    ['inmate', { minScore: 5 }, true, 5, 5],
    ['dcf-inmate-gym', {}, true, 10, 10],
    ['dcf-inmate-gym', {}, true, 5, 0],
  ];
  it.each(cases)('%s %j: on board %s, total %i scores %i', (ruleset, settings, onBoard, sum, points) => {
    const t = table({ ruleset, players: 2, settings });
    expect(playAward(RULESETS[t.config.ruleset], t.config.settings, onBoard, sum).points).toBe(points);
  });
  it('a rounded count of 5 scores 0 with smallest score 10, and 5 with smallest score 5', () => {
    const c = table({ ruleset: 'citizen', players: 2 });
    const m = table({ ruleset: 'mook-camp-fitness', players: 2 });
    expect(countAward(RULESETS.citizen, c.config.settings, true, 4).points).toBe(0);
    expect(countAward(RULESETS['mook-camp-fitness'], m.config.settings, true, 4).points).toBe(5);
  });
  it('a count can get a player on the board if it reaches the get-on number', () => {
    const c = table({ ruleset: 'inmate', players: 2 });
    expect(countAward(RULESETS.inmate, c.config.settings, false, 13)).toEqual({ points: 15, getsOn: true });
    expect(countAward(RULESETS.inmate, c.config.settings, false, 12)).toEqual({ points: 0, getsOn: false });
  });
  it('played out at a citizen table: a first 15 gets on, a later 5 scores 0, a first 10 gets on', () => {
    const s = act(deal(citizen2(), H1, H1_YARD), ...H1_PLAY.slice(0, 8));
    const entries = hand(s).log.map((e) => (e.type === 'play' ? `${e.seat}:${e.sum}/${e.points}` : e.type));
    expect(entries).toEqual(['0:12/0', '1:15/15', '0:5/0', '1:9/0', '0:5/0', '1:5/0', '0:10/10', '1:15/15']);
    expect(s.scores).toEqual([10, 30]);
    expect(s.onBoard).toEqual([true, true]);
  });
  it('at Mook Camp Fitness (smallest score 5) an on-board 5 scores 5, but a 5 does not get a player on', () => {
    const s = act(deal(table({ ruleset: 'mook-camp-fitness', players: 2 }), H1, H1_YARD), ...H1_PLAY.slice(0, 6));
    const entries = hand(s).log.map((e) => (e.type === 'play' ? `${e.seat}:${e.sum}/${e.points}` : e.type));
    expect(entries).toEqual(['0:12/0', '1:15/15', '0:5/0', '1:9/0', '0:5/0', '1:5/5']);
  });
  it('a table that gets on with 20 does not put a 15 on the board', () => {
    const s = act(deal(citizen2({ getOn: 20 }), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(lastLog(s)).toMatchObject({ sum: 15, points: 0 });
    expect(s.onBoard).toEqual([false, false]);
  });
});

describe('SPEC 1.3 — house leads', () => {
  it('the house double 6-6 leads the first hand at Citizen', () => {
    const s = deal(citizen2(), H1, H1_YARD);
    expect(rejected(s, '0 6-2').code).toBe('ILLEGAL_LEAD');
    expect(hand(act(s, '0 6-6')).lead).toEqual({ seat: 0, tile: '6-6', reason: 'house-double' });
  });
  it('when nobody holds 6-6 the next double in line leads (5-5 before 4-4)', () => {
    const d = ['5-5 6-2 4-0 5-0 3-0 2-1 1-1', '6-3 6-4 3-2 4-1 4-4 0-0 1-0'];
    const y = '6-6 6-5 6-1 6-0 5-4 5-3 5-2 5-1 4-3 4-2 3-3 3-1 2-2 2-0';
    const s = deal(citizen2(), [d[1], d[0]], y);
    expect(hand(s).turn).toBe(1);
    expect(hand(act(s, '1 5-5')).lead).toEqual({ seat: 1, tile: '5-5', reason: 'next-double' });
  });
  it('the double blank leads at Inmate, then 1-1, 2-2 … when nobody holds it', () => {
    const inmate = table({ ruleset: 'inmate', players: 2 });
    const withBlank = deal(inmate, H1, H1_YARD);
    expect(hand(withBlank).turn).toBe(1);
    expect(hand(act(withBlank, '1 0-0')).lead).toEqual({ seat: 1, tile: '0-0', reason: 'house-double' });
    const d = ['2-2 6-2 4-0 5-0 3-0 2-1 6-6', '6-3 6-4 3-2 4-1 1-1 4-4 1-0'];
    const y = '0-0 6-5 6-1 6-0 5-4 5-3 5-2 5-1 4-3 4-2 3-3 3-1 5-5 2-0';
    const s = deal(inmate, d, y);
    expect(hand(act(s, '1 1-1')).lead).toEqual({ seat: 1, tile: '1-1', reason: 'next-double' });
  });
  it('when nobody holds a double the hand ends at once as a reshuffle, with no actions', () => {
    const s = deal(citizen2(), NO_DOUBLE, NO_DOUBLE_YARD);
    const h = hand(s);
    expect(h.endedBy).toBe('reshuffle');
    expect(h.winner).toBeNull();
    expect(h.log).toEqual([]);
    expect(h.lead).toBeNull();
    expect(rejected(s, '0 6-5').code).toBe('HAND_OVER');
    // the next hand is led as the first hand would have been
    const next = act(deal(s, H1, H1_YARD), '0 6-6');
    expect(hand(next).lead).toEqual({ seat: 0, tile: '6-6', reason: 'house-double' });
  });
});

describe('SPEC 1.4/1.6 — drawing and knocking at house tables', () => {
  const stuck = () => act(deal(citizen2(), H1, H1_YARD), ...H1_PLAY);
  it('a seat that cannot play draws from the front of the yard and keeps the turn', () => {
    const before = stuck();
    expect(legalMoves(before, 0)).toEqual([{ seat: 0, type: 'draw' }]);
    const s = act(before, '0 draw');
    expect(lastLog(s)).toEqual({ seat: 0, type: 'draw' });
    expect(hand(s).holdings[0]).toContain('6-5');
    expect(hand(s).yard).toHaveLength(13);
    expect(hand(s).turn).toBe(0);
  });
  it('a knock while the yard is not empty is ILLEGAL_KNOCK', () => {
    expect(rejected(stuck(), '0 knock').code).toBe('ILLEGAL_KNOCK');
  });
  it('a draw while holding a playable tile is ILLEGAL_DRAW', () => {
    const s = act(stuck(), '0 draw');
    expect(rejected(s, '0 draw').code).toBe('ILLEGAL_DRAW');
    expect(rejected(act(deal(citizen2(), H1, H1_YARD), '0 6-6'), '1 draw').code).toBe('ILLEGAL_DRAW');
  });
  it('a knock while holding a playable tile is ILLEGAL_KNOCK (no false knocks at house tables)', () => {
    expect(rejected(act(deal(citizen2(), H1, H1_YARD), '0 6-6'), '1 knock').code).toBe('ILLEGAL_KNOCK');
  });
  it('with the yard empty, a seat that cannot play knocks (logged falseKnock: false)', () => {
    // 4 players, 7 each: no yard at all.
    const four = table({ ruleset: 'citizen', players: 4 });
    const d = ['6-6 4-4 5-1 3-2 0-0 2-0 1-0', '6-3 6-5 5-5 4-1 3-0 2-1 1-1', '6-1 6-4 5-4 4-2 3-1 5-0 4-0', '6-2 6-0 5-3 5-2 4-3 3-3 2-2'];
    const s = act(deal(four, d), '0 6-6', '1 6-3 W', '2 6-1 E', '3 6-2 N', '0 3-2 W');
    // seat 1 holds 6-5 5-5 4-1 3-0 2-1 1-1: 2-1 fits W, so it cannot knock
    expect(rejected(s, '1 knock').code).toBe('ILLEGAL_KNOCK');
    expect(rejected(s, '1 draw').code).toBe('ILLEGAL_DRAW');
  });
});

describe('SPEC 1.6 — the doubles bonus and the doubles reshuffle', () => {
  it('dealt exactly four doubles and played all four without drawing: +50, logged on the last double', () => {
    const s = act(deal(citizen2({ getOn: 0 }), BONUS4, BONUS4_YARD), ...BONUS4_PLAY);
    const last = lastLog(s);
    expect(last).toEqual({ seat: 0, type: 'play', tile: '3-3', end: 'E', sum: 6, points: 0, bonus: 50 });
    // the domino count of seat 1's 3-1 (4 → 5) scores 0 with smallest score 10
    expect(hand(s).endedBy).toBe('domino');
    expect(hand(s).points).toEqual([50, 0]);
    expect(s.scores).toEqual([50, 0]);
  });
  it('only a player on the board collects the bonus', () => {
    const s = act(deal(citizen2(), BONUS4, BONUS4_YARD), ...BONUS4_PLAY);
    expect(lastLog(s)).not.toHaveProperty('bonus');
    expect(s.scores).toEqual([0, 0]);
  });
  it('dealt five doubles and played them all without drawing: +100', () => {
    const s = act(deal(citizen2({ getOn: 0 }), BONUS5, BONUS5_YARD), ...BONUS5_PLAY);
    expect(lastLog(s)).toMatchObject({ tile: '2-2', bonus: 100, points: 0 });
    expect(hand(s).points).toEqual([10 + 100, 10]);
  });
  it('a seat dealt five doubles may reshuffle as the hand\u2019s very first action: the hand is void, no points', () => {
    const s = act(deal(citizen2({ getOn: 0 }), [BONUS5[1], BONUS5[0]], BONUS5_YARD), '1 reshuffle');
    const h = hand(s);
    expect(h.endedBy).toBe('reshuffle');
    expect(h.log).toEqual([{ seat: 1, type: 'reshuffle' }]);
    expect(h.points).toEqual([0, 0]);
    expect(s.nextLead).toEqual({ kind: 'double', context: 'first' });
  });
  it('a reshuffle by a seat with fewer than five doubles, after the lead, or at the tournament is ILLEGAL_PLAY', () => {
    const s = deal(citizen2({ getOn: 0 }), BONUS5, BONUS5_YARD);
    expect(rejected(s, '1 reshuffle').code).toBe('ILLEGAL_PLAY');
    expect(rejected(act(s, '0 6-6'), '0 reshuffle').code).toBe('ILLEGAL_PLAY');
    const t = deal(table({ ruleset: 'dcs-tournament', players: 4 }), [BONUS5[0], BONUS5[1], '6-4 6-3 6-2 5-3 5-2 5-1 5-0', '4-2 4-1 4-0 3-1 3-0 2-0 1-1']);
    expect(rejected(t, '0 reshuffle').code).toBe('ILLEGAL_PLAY');
  });
});

describe('SPEC 1.6 — partners', () => {
  const d = ['6-6 4-4 5-1 3-2 0-0 2-0 1-0', '6-3 6-5 5-5 4-1 3-0 2-1 1-1', '6-1 6-4 5-4 4-2 3-1 5-0 4-0', '6-2 6-0 5-3 5-2 4-3 3-3 2-2'];
  it('partners across the table share one score and one on-board status', () => {
    const s = act(deal(table({ ruleset: 'citizen', players: 4, partners: true }), d), '0 6-6', '1 6-3 W');
    expect(s.scores).toEqual([0, 15, 0, 15]);
    expect(s.onBoard).toEqual([false, true, false, true]);
    expect(hand(s).points).toEqual([0, 15, 0, 0]);
  });
});

describe('SPEC 1.6 — winning and skunks', () => {
  it('reaching 150 wins at once; a loser under 80 is skunked', () => {
    const s = act(deal(withScores(citizen2(), [75, 140], [true, true]), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(s.finished).toBe(true);
    expect(s.winner).toBe(1);
    expect(skunkedSeats(s)).toEqual([0]);
  });
  it('a loser at 80 or more is not skunked', () => {
    const s = act(deal(withScores(citizen2(), [80, 140], [true, true]), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(skunkedSeats(s)).toEqual([]);
  });
  it('in a game to 250 the target is 250 and a loser under 130 is skunked', () => {
    const t = citizen2({ target: 250 });
    const s1 = act(deal(withScores(t, [125, 140], [true, true]), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(s1.finished).toBe(false);
    const s2 = act(deal(withScores(t, [125, 240], [true, true]), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(s2.winner).toBe(1);
    expect(skunkedSeats(s2)).toEqual([0]);
    const s3 = act(deal(withScores(t, [130, 240], [true, true]), H1, H1_YARD), '0 6-6', '1 6-3 W');
    expect(skunkedSeats(s3)).toEqual([]);
  });
  it('partners: both seats of the losing team are skunked', () => {
    const d = ['6-6 4-4 5-1 3-2 0-0 2-0 1-0', '6-3 6-5 5-5 4-1 3-0 2-1 1-1', '6-1 6-4 5-4 4-2 3-1 5-0 4-0', '6-2 6-0 5-3 5-2 4-3 3-3 2-2'];
    const t = withScores(table({ ruleset: 'citizen', players: 4, partners: true }), [50, 140, 50, 140], [true, true, true, true]);
    const s = act(deal(t, d), '0 6-6', '1 6-3 W');
    expect(s.winner).toBe(1);
    expect(skunkedSeats(s)).toEqual([0, 2]);
  });
});

describe('SPEC 1.6 — deals at house tables', () => {
  it('two or three players may be dealt 9 each; the rest is the yard', () => {
    const t = table({ ruleset: 'citizen', players: 3, settings: { handSize: 9 } });
    const all = tiles('6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0');
    const r = startHand(t, [all.slice(0, 9), all.slice(9, 18), all.slice(18, 27)], all.slice(27));
    expect(r.ok).toBe(true);
    if (r.ok) expect(hand(r.state).yard).toEqual(['0-0']);
  });
  it.each([
    ['a hand of the wrong size', [tiles('6-6 6-2 4-0 5-0 3-0 2-1'), tiles('6-3 6-4 3-2 4-1 5-5 4-4 0-0 1-1')], tiles(H1_YARD)],
    ['a duplicate tile', [tiles('6-6 6-2 4-0 5-0 3-0 2-1 6-6'), tiles(H1[1])], tiles(H1_YARD)],
    ['an unknown tile', [tiles('6-6 6-2 4-0 5-0 3-0 2-1 7-1'), tiles(H1[1])], tiles(H1_YARD)],
    ['hands + yard short of 28', [tiles(H1[0]), tiles(H1[1])], tiles(H1_YARD).slice(1)],
    ['the wrong number of hands', [tiles(H1[0])], tiles(H1_YARD)],
  ])('%s is INVALID_DEAL', (_what, d, y) => {
    expect(startHand(citizen2(), d, y)).toMatchObject({ ok: false, error: { code: 'INVALID_DEAL' } });
  });
});
