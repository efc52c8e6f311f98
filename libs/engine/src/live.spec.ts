import { createHash } from 'node:crypto';
import { apply, createGame, hardStop, tablePlaces, currentHand } from './game';
import { playRandomGame, randomAction } from './random-play';
import { replayRecord, toRecord, gameResult } from './record';
import { liveDealOrder } from './deal';
import { seedRng, shuffle } from './rng';
import { ALL_TILES } from './tiles';
import type { GameState } from './types';
import { act, deal, hand, rejected, table, withScores } from '../test/helpers';

function live(ruleset: string, players: number, seed: string, partners = false): GameState {
  const g = createGame({ ruleset, players, partners, seed });
  if (!g.ok) throw new Error(g.error.message);
  return g.state;
}

const DEAL_A = [
  '6-6 4-4 5-1 3-2 0-0 2-0 1-0',
  '6-3 6-5 5-5 4-1 3-0 2-1 1-1',
  '6-1 6-4 5-4 4-2 3-1 5-0 4-0',
  '6-2 6-0 5-3 5-2 4-3 3-3 2-2',
];
const DEAL_B = [
  '6-6 6-5 5-5 5-4 4-4 4-3 3-1',
  '6-4 6-3 6-2 6-1 6-0 5-3 5-2',
  '5-1 5-0 4-2 4-1 4-0 3-3 3-2',
  '3-0 2-2 2-1 2-0 1-1 1-0 0-0',
];
// 3-player table: after 6-6 only seat 2 holds a 6 (6-0); pips 17 / 33 / 51.
const DEAL_F3 = ['6-6 1-0 2-0 3-0 4-0 5-0 1-1', '2-1 3-1 4-1 5-1 2-2 3-2 4-2', '6-0 5-2 3-3 4-3 5-3 4-4 5-4'];
const YARD_F3 = '6-5 6-4 6-3 6-2 6-1 5-5 0-0';
const T4 = () => table({ ruleset: 'dcs-tournament', players: 4 });
const T3 = () => table({ ruleset: 'dcs-tournament', players: 3 });

describe('live games: creation and deals from the seeded generator', () => {
  it('validates the table (INVALID_SETTINGS) and needs a seed', () => {
    expect(createGame({ ruleset: 'citizen', players: 2, settings: { getOn: 25 }, seed: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGame({ ruleset: 'dcs-tournament', players: 4, seed: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGame({ ruleset: 'nope', players: 4, seed: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_RECORD' } });
  });
  it('the same seed deals the same game; the state is plain JSON', () => {
    const a = live('dcs-tournament', 4, 'seed-1');
    expect(live('dcs-tournament', 4, 'seed-1')).toEqual(a);
    expect(live('dcs-tournament', 4, 'seed-2').hands[0].deal).not.toEqual(a.hands[0].deal);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
  it('each hand is shuffled by its own generator, SHA-256 of the game generator and the hand number; dealing never advances the game generator', () => {
    const s = live('dcs-tournament', 4, 'derive');
    expect(s.rng).toEqual(seedRng('derive'));
    const [a, b, c, d] = seedRng('derive');
    const hex = createHash('sha256').update(`${a}.${b}.${c}.${d}:0`).digest('hex');
    const order = shuffle(seedRng(hex), ALL_TILES);
    expect(s.hands[0].deal[0]).toEqual(order.slice(0, 7));
    expect(liveDealOrder(seedRng('derive'), 1)).not.toEqual(order);
  });
  it('the first hand: seat 0 picks the first 7 tiles of the shuffled set, then seats 1, 2, 3 in turn', () => {
    const s = live('dcs-tournament', 4, 'picks');
    const order = liveDealOrder(seedRng('picks'), 0);
    expect(s.hands[0].deal).toEqual([order.slice(0, 7), order.slice(7, 14), order.slice(14, 21), order.slice(21, 28)]);
    expect(s.hands[0].picker).toBe(0);
  });
  it('at a house table the tiles left after the picks are the yard, in shuffled order', () => {
    const s = live('citizen', 3, 'yard');
    const order = liveDealOrder(seedRng('yard'), 0);
    expect(s.hands[0].dealtYard).toEqual(order.slice(21));
  });
  it('the winner of a hand picks first next hand, and the next hand is dealt at once', () => {
    let s = live('dcs-tournament', 4, 'next-hand');
    const rng = seedRng('driver');
    for (;;) {
      const before = s;
      const action = randomAction(s, rng);
      if (!action) throw new Error('game ended before a hand was won');
      const r = apply(s, action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      const ended = s.hands[before.hands.length - 1];
      if (s.hands.length > before.hands.length && ended.winner !== null) {
        const w = ended.winner;
        const order = liveDealOrder(before.rng!, before.hands.length);
        const next = s.hands[s.hands.length - 1];
        expect(next.picker).toBe(w);
        expect(next.deal[w]).toEqual(order.slice(0, 7));
        expect(next.deal[(w + 1) % 4]).toEqual(order.slice(7, 14));
        expect(r.events.map((e) => e.type)).toContain('hand-started');
        break;
      }
    }
  });
  it('a live deal where nobody holds a double is reshuffled and dealt again automatically', () => {
    const s = live('citizen', 2, 'nodouble-246');
    expect(s.hands.map((h) => h.endedBy)).toEqual(['reshuffle', null]);
    expect(s.hands[0].actions).toEqual([]);
    expect(s.hands[1].pendingLead?.reason).toMatch(/house-double|next-double/);
    const rec = toRecord(s);
    expect(replayRecord(rec)).toEqual(gameResult(s));
  });
});

describe('SPEC 1.7 — forfeit after the 5th timeout', () => {
  it('the seat is skipped from then on; its tiles stay in hand; if it was its turn, the turn passes', () => {
    let s = act(deal(T4(), DEAL_A), '0 6-6', '1 forfeit');
    expect(s.forfeited).toEqual([false, true, false, false]);
    expect(hand(s).turn).toBe(2);
    expect(hand(s).holdings[1]).toHaveLength(7);
    expect(rejected(s, '1 knock').code).toBe('WRONG_TURN');
    expect(rejected(s, '1 forfeit').code).toBe('WRONG_TURN');
    s = act(s, '2 6-1 E', '3 6-2 W', '0 2-0 W');
    expect(hand(s).turn).toBe(2);
  });
  it('a forfeit out of turn does not move the turn', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '3 forfeit');
    expect(hand(s).turn).toBe(1);
    expect(hand(act(s, '1 6-3 W', '2 6-1 E')).turn).toBe(0);
  });
  it('a forfeited seat\u2019s tiles still count in a domino', () => {
    const steps = ['0 6-6', '3 forfeit', '1 knock', '2 knock'];
    for (const t of ['6-5 E', '5-5 E', '5-4 E', '4-4 E', '4-3 E']) steps.push(`0 ${t}`, '1 knock', '2 knock');
    steps.push('0 3-1 E');
    const s = act(deal(withScores(T4(), [0, 0, 0, 0], [true, true, true, true]), DEAL_B), ...steps);
    expect(hand(s).endedBy).toBe('domino');
    expect(hand(s).points[0]).toBe(20 + 15 + 105);
  });
  it('locks ignore the forfeited seat\u2019s playable tiles; it cannot win the lock but its pips count', () => {
    const s = act(deal(withScores(T3(), [10, 10, 10], [true, true, true]), DEAL_F3, YARD_F3), '0 6-6', '1 knock', '2 forfeit');
    const h = hand(s);
    expect(h.endedBy).toBe('locked');
    expect(h.winner).toBe(0);
    expect(h.points).toEqual([85, 0, 0]); // 33 + 51 = 84 → 85
  });
  it('when only one seat is left playing, the game ends with that seat as winner; forfeited seats are placed last', () => {
    const s = act(deal(T3(), DEAL_F3, YARD_F3), '0 6-6', '1 forfeit', '2 forfeit');
    expect(s.finished).toBe(true);
    expect(s.endedBy).toBe('forfeit');
    expect(s.winner).toBe(0);
    expect(hand(s).endedBy).toBe('forfeit');
    expect(tablePlaces(s).order).toEqual([0, 2, 1]);
    expect(rejected(s, '0 knock').code).toBe('GAME_OVER');
  });
  it('if the seat that must lead forfeits, the next double in line held by a playing seat leads', () => {
    const s = act(deal(T4(), DEAL_A), '0 forfeit');
    expect(hand(s).pendingLead).toEqual({ seat: 1, tile: '5-5', reason: 'next-double' });
    expect(hand(s).turn).toBe(1);
  });
  it('a forfeited seat is placed last even with the higher score', () => {
    const s = act(deal(withScores(T4(), [100, 20, 30, 30], [true, true, true, true]), DEAL_A), '0 6-6', '0 forfeit');
    const p = tablePlaces(s);
    expect(p.order).toEqual([2, 3, 1, 0]);
    expect(p.ties).toEqual([[2, 3]]);
    expect(p.places.map((x) => x.place)).toEqual([1, 1, 3, 4]);
  });
  it('a forfeited game replays from its record', () => {
    const g = live('dcs-tournament', 4, 'forfeits');
    const end = playRandomGame(g, seedRng('forfeits'), { forfeitRate: 0.01 }).state;
    expect(end.forfeitOrder.length).toBeGreaterThan(0);
    expect(replayRecord(JSON.parse(JSON.stringify(toRecord(end))))).toEqual(gameResult(end));
  });
});

describe('SPEC 3.4 — the hard stop', () => {
  const yellow = (scores: number[]) => withScores(T4(), scores, [true, true, true, true]);
  it('ends the game at once; the hand in progress is void and its points are taken back', () => {
    const s = act(deal(yellow([40, 20, 20, 0]), DEAL_A), '0 6-6', '1 6-3 W');
    expect(s.scores).toEqual([40, 35, 20, 0]);
    const r = hardStop(s);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.finished).toBe(true);
    expect(r.state.endedBy).toBe('hard-stop');
    expect(r.state.scores).toEqual([40, 20, 20, 0]);
    expect(hand(r.state)).toMatchObject({ endedBy: 'hard-stop', void: true, points: [0, 0, 0, 0] });
    expect(r.state.winner).toBe(0);
    const places = tablePlaces(r.state);
    expect(places.order).toEqual([0, 1, 2, 3]);
    expect(places.ties).toEqual([[1, 2]]);
    expect(places.places.map((p) => p.place)).toEqual([1, 2, 2, 4]);
  });
  it('a voided game (a director\'s replay) ends the same way but says "void" and has no winner; its record replays to it', () => {
    const mid = act(deal(yellow([40, 20, 20, 0]), DEAL_A), '0 6-6', '1 6-3 W');
    const stopped = hardStop(mid, 'void');
    if (!stopped.ok) throw new Error(stopped.error.message);
    expect(stopped.state).toMatchObject({ finished: true, endedBy: 'void', winner: null, scores: [40, 20, 20, 0] });
    // From the deal (a record starts at 0-0-0-0): the same void, replayed exactly.
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 6-3 W');
    const r = hardStop(s, 'void');
    if (!r.ok) throw new Error(r.error.message);
    expect(hand(r.state)).toMatchObject({ endedBy: 'void', void: true, points: [0, 0, 0, 0] });
    const record = toRecord(r.state);
    expect(record).toMatchObject({ voided: true });
    expect(record.hardStop).toBeUndefined();
    expect(replayRecord(JSON.parse(JSON.stringify(record)))).toEqual(gameResult(r.state));
    expect(replayRecord({ ...record, hardStop: true })).toMatchObject({ error: { code: 'INVALID_RECORD' } });
  });
  it('a Grey player who got on in the void hand is Grey again', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 6-3 W', '2 6-1 E', '3 6-2 N', '0 5-1 E');
    expect(s.onBoard[0]).toBe(true);
    const r = hardStop(s);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.onBoard[0]).toBe(false);
    expect(r.state.scores[0]).toBe(0);
  });
  it('a tie at the top leaves the winner open for the tiebreaker draw', () => {
    const r = hardStop(deal(yellow([40, 40, 0, 0]), DEAL_A));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.winner).toBeNull();
    expect(tablePlaces(r.state).ties).toEqual([[0, 1], [2, 3]]);
  });
  it('a finished game cannot be stopped (GAME_OVER); a stopped game replays from its record', () => {
    const g = live('dcs-tournament', 4, 'stop');
    const mid = playRandomGame(g, seedRng('stop'), { maxActions: 60 }).state;
    const r = hardStop(mid);
    if (!r.ok) throw new Error(r.error.message);
    expect(hardStop(r.state)).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
    const rec = toRecord(r.state);
    expect(rec.hardStop).toBe(true);
    expect(replayRecord(JSON.parse(JSON.stringify(rec)))).toEqual(gameResult(r.state));
    expect(currentHand(r.state)).toBeNull();
  });
});

describe('SPEC 3.5 — places at a table', () => {
  it('the seat that reached 150 is first, then by score', () => {
    const g = live('dcs-tournament', 4, 'places');
    const end = playRandomGame(g, seedRng('places')).state;
    const p = tablePlaces(end);
    expect(p.order[0]).toBe(end.winner);
    expect(p.places[0].reachedTarget).toBe(true);
    const rest = p.order.slice(1).map((seat) => end.scores[seat]);
    expect(rest).toEqual(rest.slice().sort((a, b) => b - a));
  });
});
