import fc from 'fast-check';
import { boardTiles } from './board';
import { apply, createGame, currentHand, sideOf } from './game';
import { randomAction } from './random-play';
import { gameResult, replayRecord, toRecord } from './record';
import { seedRng, shuffle } from './rng';
import { RULESETS } from './rulesets';
import { roundToFive } from './scoring';
import { pips, type Tile } from './tiles';
import type { Action, GameEvent, GameState, RulesetId } from './types';
import { playerView } from './views';

interface Step {
  before: GameState;
  action: Action;
  after: GameState;
  events: GameEvent[];
}

interface Game {
  start: GameState;
  steps: Step[];
  end: GameState;
}

const tableArb = fc
  .record({
    ruleset: fc.constantFrom<RulesetId>('dcs-tournament', 'citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym'),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    players: fc.integer({ min: 2, max: 4 }),
    partners: fc.boolean(),
    nine: fc.boolean(),
    target250: fc.boolean(),
    minScore5: fc.boolean(),
    driver: fc.integer({ min: 0, max: 1_000_000 }),
    falseKnocks: fc.boolean(),
    forfeits: fc.boolean(),
  })
  .map((t) => {
    const tournament = t.ruleset === 'dcs-tournament';
    const players = tournament ? (t.players === 2 ? 3 : 4) : t.players;
    const settings: Record<string, number> = {};
    if (!tournament) {
      if (t.nine && players < 4) settings.handSize = 9;
      if (t.target250) settings.target = 250;
      if (t.minScore5) settings.minScore = 5;
    }
    return { ...t, players, partners: !tournament && players === 4 && t.partners, settings };
  });

function playGame(t: { ruleset: RulesetId; seed: string; players: number; partners: boolean; settings: Record<string, number>; driver: number; falseKnocks: boolean; forfeits: boolean }): Game {
  const g = createGame({ ruleset: t.ruleset, players: t.players, partners: t.partners, settings: t.settings, seed: t.seed });
  if (!g.ok) throw new Error(`${g.error.code}: ${g.error.message}`);
  const rng = seedRng(`driver-${t.driver}`);
  const steps: Step[] = [];
  let s = g.state;
  const opts = { falseKnockRate: t.falseKnocks ? 0.05 : 0, forfeitRate: t.forfeits ? 0.003 : 0, reshuffleRate: 0.5 };
  for (let i = 0; i < 6000; i++) {
    const action = randomAction(s, rng, opts);
    if (!action) break;
    const r = apply(s, action);
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    steps.push({ before: s, action, after: r.state, events: r.events });
    s = r.state;
  }
  return { start: g.state, steps, end: s };
}

const RUNS = { numRuns: 30 };
const gameArb = tableArb.map(playGame);

describe('properties of random legal games (every ruleset)', () => {
  it('every game ends (target or forfeit) and the 28 tiles are conserved in every hand at every step', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        expect(g.end.finished).toBe(true);
        for (const st of [g.start, ...g.steps.map((x) => x.after)]) {
          for (const h of st.hands.slice(-2)) {
            const all: Tile[] = [...h.holdings.flat(), ...h.yard, ...boardTiles(h.board)];
            expect(all).toHaveLength(28);
            expect(new Set(all).size).toBe(28);
          }
        }
      }),
      RUNS,
    );
  });

  it('every score and every logged points value is a multiple of 5', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        for (const st of g.steps.map((x) => x.after)) for (const v of st.scores) expect(v % 5).toBe(0);
        for (const h of g.end.hands) for (const e of h.log) if (e.type === 'play') expect(e.points % 5).toBe(0);
      }),
      RUNS,
    );
  });

  it('tournament: a Grey player\u2019s first points are exactly 10 from a play totalling 10, and nobody scores while Grey', () => {
    fc.assert(
      fc.property(gameArb.filter((g) => g.start.config.ruleset === 'dcs-tournament'), (g) => {
        for (const st of g.steps) {
          for (let seat = 0; seat < st.before.config.players; seat++) {
            const gained = st.after.scores[seat] - st.before.scores[seat];
            if (st.before.onBoard[seat] || st.after.hands.length !== st.before.hands.length && gained === 0) continue;
            if (gained > 0) {
              expect(gained).toBeGreaterThanOrEqual(10);
              const h = st.after.hands[st.before.hands.length - 1];
              const entry = h.log[h.log.length - 1];
              // the exact-10 play itself; a count after it (domino) may add more once Yellow
              expect(entry).toMatchObject({ type: 'play', seat, sum: 10, points: 10 });
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('house: a seat off the board scores only an award of at least the get-on number and the smallest score', () => {
    fc.assert(
      fc.property(gameArb.filter((g) => g.start.config.ruleset !== 'dcs-tournament'), (g) => {
        const { getOn, minScore } = g.start.config.settings;
        for (const h of g.end.hands) {
          for (const e of h.log) {
            if (e.type === 'play' && e.points > 0) {
              expect(e.points).toBe(e.sum);
              expect(e.points).toBeGreaterThanOrEqual(minScore);
            }
          }
        }
        for (const st of g.steps) {
          for (let seat = 0; seat < st.before.config.players; seat++) {
            if (!st.before.onBoard[seat] && st.after.scores[seat] > st.before.scores[seat]) {
              expect(st.after.scores[seat] - st.before.scores[seat]).toBeGreaterThanOrEqual(Math.max(getOn, minScore));
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('totals equal the sum of the hands\u2019 points (plays, bonuses, counts), per side', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const s = g.end;
        const n = s.config.players;
        for (let seat = 0; seat < n; seat++) {
          let total = 0;
          for (const h of s.hands) {
            if (h.void) continue;
            for (let x = 0; x < n; x++) if (sideOf(s.config, x) === sideOf(s.config, seat)) total += h.points[x];
          }
          expect(s.scores[seat]).toBe(total);
        }
        for (const h of s.hands) {
          const fromLog = Array<number>(n).fill(0);
          for (const e of h.log) if (e.type === 'play') fromLog[e.seat] += e.points + (e.bonus ?? 0);
          // what the log does not show is the count, which only the hand winner can earn
          for (let x = 0; x < n; x++) if (x !== h.winner) expect(h.points[x]).toBe(fromLog[x]);
        }
      }),
      RUNS,
    );
  });

  it('the game ends the moment someone reaches the target, and nothing is accepted after', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const target = g.start.config.settings.target;
        for (const st of g.steps) {
          expect(Math.max(...st.before.scores)).toBeLessThan(target);
          if (Math.max(...st.after.scores) >= target) {
            expect(st.after.finished).toBe(true);
            expect(st.after.endedBy).toBe('target');
            expect(st.after.scores[st.after.winner as number]).toBeGreaterThanOrEqual(target);
          }
        }
        const r = apply(g.end, { seat: 0, type: 'knock' });
        expect(r).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
      }),
      RUNS,
    );
  });

  it('domino and lock counts follow the rules (lowest pips wins; opponents\u2019 pips rounded to 5)', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const s = g.end;
        const def = RULESETS[s.config.ruleset];
        for (const st of g.steps) {
          const idx = st.before.hands.length - 1;
          const h = st.after.hands[idx];
          if (st.before.hands[idx].endedBy !== null || (h.endedBy !== 'domino' && h.endedBy !== 'locked')) continue;
          const active = [...Array(s.config.players).keys()].filter((x) => !st.after.forfeited[x]);
          const pipsOf = (x: number) => h.holdings[x].reduce((a, t) => a + pips(t), 0);
          const counted = st.events.find((e) => e.type === 'counted');
          expect(counted).toBeDefined();
          if (!counted || counted.type !== 'counted') continue;
          if (h.endedBy === 'locked') {
            expect(active.every((x) => h.holdings[x].every((t) => !boardTiles(h.board).includes(t)))).toBe(true);
            const low = Math.min(...active.map(pipsOf));
            if (h.winner === null) {
              const sides = new Set(active.filter((x) => pipsOf(x) === low).map((x) => sideOf(s.config, x)));
              expect(sides.size).toBeGreaterThan(1);
              continue;
            }
            expect(pipsOf(h.winner)).toBe(low);
            const lowSides = new Set(active.filter((x) => pipsOf(x) === low).map((x) => sideOf(s.config, x)));
            expect(lowSides.size).toBe(1);
          } else {
            expect(h.holdings[h.winner as number]).toEqual([]);
          }
          const w = h.winner as number;
          const count = [...Array(s.config.players).keys()].filter((x) => sideOf(s.config, x) !== sideOf(s.config, w)).reduce((a, x) => a + pipsOf(x), 0);
          expect(counted.count).toBe(count);
          const rounded = roundToFive(count);
          const onBefore = st.before.onBoard[w] || st.after.hands[idx].log.some((e) => e.type === 'play' && sideOf(s.config, e.seat) === sideOf(s.config, w) && e.points > 0);
          if (def.tournament) expect(counted.points).toBe(onBefore ? rounded : 0);
          else expect([0, rounded]).toContain(counted.points);
        }
      }),
      RUNS,
    );
  });

  it('a doubles bonus goes only to a seat dealt 4+ doubles that never drew in that hand', () => {
    fc.assert(
      fc.property(gameArb.filter((g) => g.start.config.ruleset !== 'dcs-tournament'), (g) => {
        for (const h of g.end.hands) {
          for (const [i, e] of h.log.entries()) {
            if (e.type !== 'play' || e.bonus === undefined) continue;
            expect(h.dealtDoubles[e.seat]).toBeGreaterThanOrEqual(4);
            expect(e.bonus).toBe(h.dealtDoubles[e.seat] >= 5 ? 100 : 50);
            expect(h.log.slice(0, i).some((x) => x.type === 'draw' && x.seat === e.seat)).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it('replayRecord(toRecord(game)) reproduces the game exactly, at the end and midway', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, k) => {
        expect(replayRecord(JSON.parse(JSON.stringify(toRecord(g.end))))).toEqual(gameResult(g.end));
        const mid = g.steps.length ? g.steps[k % g.steps.length].after : g.start;
        expect(replayRecord(JSON.parse(JSON.stringify(toRecord(mid))))).toEqual(gameResult(mid));
      }),
      RUNS,
    );
  });

  it('player views never contain another seat\u2019s tiles, the yard or the generator, and do not change when hidden tiles are swapped', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, k) => {
        const samples = g.steps.filter((_, i) => i % 17 === k % 17).map((x) => x.after);
        for (const st of samples) {
          const h = currentHand(st);
          if (!h || !h.board.lead) continue;
          const n = st.config.players;
          const spectator = JSON.stringify(playerView(st, null));
          expect(spectator).not.toMatch(/"hand"|"holdings"|"yard"|"rng"|"deal"/);
          for (let v = 0; v < n; v++) {
            const view = playerView(st, v);
            // The public board, log and history, and the ended hand revealed whole (lastHand), name tiles of their own; the
            // swap below shows that none of them depends on a tile hidden now.
            const text = JSON.stringify({ ...view, log: [], history: [], board: null, lead: null, legalMoves: [], lastHand: null });
            for (let o = 0; o < n; o++) if (o !== v) for (const t of h.holdings[o]) expect(text).not.toContain(`"${t}"`);
            for (const t of h.yard) expect(text).not.toContain(`"${t}"`);
            expect(view.hand?.slice().sort()).toEqual(h.holdings[v].slice().sort());
            // swap hidden tiles among the other seats and the yard, keeping counts
            const hidden = [...h.yard, ...h.holdings.filter((_, o) => o !== v).flat()];
            const mixed = shuffle(seedRng(`mix-${k}`), hidden);
            const other = structuredClone(st);
            const oh = other.hands[other.hands.length - 1];
            let p = 0;
            oh.yard = mixed.slice(p, (p += h.yard.length));
            for (let o = 0; o < n; o++) if (o !== v) oh.holdings[o] = mixed.slice(p, (p += h.holdings[o].length));
            expect(playerView(other, v)).toEqual(view);
          }
        }
      }),
      RUNS,
    );
  });
});
