/**
 * Bots: legality (every action goes through apply), the greedy rules, the
 * expert's use of its own information only, the omniscient ranking, the
 * strength ordering in small seeded matches, and determinism.
 */
import { endsTotal, placeLead, placeTile } from '../board';
import { FastGame } from '../fast/fast-game';
import { fastBoardFromReadable, fastPositionFromState } from '../fast/readable-bridge';
import { ALL_TILES_MASK, TILE_HIGH, TILE_LOW } from '../fast/tables';
import { apply, createGame, currentHand } from '../game';
import { replayRecord } from '../record';
import { seedRng, type RngState } from '../rng';
import { RULESETS } from '../rulesets';
import { playAward } from '../scoring';
import { tileIndex } from '../tiles';
import type { Action, GameState, PlayAction } from '../types';
import { playerView, type PlayerView } from '../views';
import { createBot, playGame } from './driver';
import { expertBot } from './expert';
import { GREY_TABLE, greedyBot, greedyMove, YELLOW_TABLE } from './greedy';
import { knockVoids } from './knowledge';
import { MiniBoard } from './mini-board';
import { rankMoves } from './omniscient';
import type { Bot, BotSpec } from './bot-types';

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The open-end total and points of a play, by the readable engine's own board and scoring. */
function playOutcome(state: GameState, a: PlayAction): { sum: number; points: number } {
  const h = currentHand(state) as NonNullable<ReturnType<typeof currentHand>>;
  const board = h.board.lead ? placeTile(h.board, a.tile, a.end ?? 'W') : placeLead(h.board, Number(a.tile[0]), Number(a.tile[2]));
  const sum = endsTotal(board);
  const points = playAward(RULESETS[state.config.ruleset], state.config.settings, state.onBoard[a.seat], sum).points;
  return { sum, points };
}

/**
 * Plays a game with the given bots and calls `visit(state, seat, action)` before every action is applied.
 * Returns the final state.
 */
function walk(
  seed: string,
  specs: readonly (BotSpec | Bot)[],
  visit: (state: GameState, seat: number, action: Action) => void,
  ruleset = 'dcs-tournament',
  players = specs.length,
): GameState {
  const created = createGame({ ruleset, players, seed });
  if (!created.ok) throw new Error(created.error.message);
  const bots = specs.map((s) => (typeof s === 'object' && 'decide' in s ? s : createBot(s)));
  const rngs = bots.map((_, i) => seedRng(`${seed}/bot/${i}`));
  let state = created.state;
  for (let guard = 0; !state.finished && guard < 20_000; guard++) {
    const h = currentHand(state);
    if (!h || h.turn === null) break;
    const seat = h.turn;
    const action = bots[seat].decide(playerView(state, seat), rngs[seat]);
    visit(state, seat, action);
    const r = apply(state, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
  }
  return state;
}

/** Wraps a bot: checks each of its actions is one of the view's legal moves (or, if allowed, a knock). */
function checked(bot: Bot, mayFalseKnock: boolean, seen: { n: number; falseKnocks: number }): Bot {
  return {
    name: bot.name,
    choose: bot.choose,
    decide(view: PlayerView, rng: RngState): Action {
      const a = bot.decide(view, rng);
      const legal = (view.legalMoves ?? []).some((m) => sameAction(m, a));
      if (!legal) {
        if (!(mayFalseKnock && a.type === 'knock')) throw new Error(`${bot.name} chose an illegal ${JSON.stringify(a)}`);
        seen.falseKnocks++;
      }
      seen.n++;
      return a;
    },
  };
}

const quickExpert = (): Bot => expertBot({ rollouts: 24, minSamples: 3, maxSamples: 12 });

describe('every bot only plays legal actions (through apply)', () => {
  it('dcs-tournament, 4 seats: random (with false knocks), greedy, expert over seeded games', () => {
    const seen = { n: 0, falseKnocks: 0 };
    for (let i = 0; i < 40; i++) {
      const bots = [
        checked(createBot({ name: 'random', options: { falseKnockRate: 0.1 } }), true, seen),
        checked(greedyBot(), false, seen),
        checked(quickExpert(), false, seen),
        checked(createBot('random'), false, seen),
      ];
      const rot = i % 4;
      const seated = bots.slice(rot).concat(bots.slice(0, rot));
      const r = playGame({ ruleset: 'dcs-tournament', players: 4, seed: `legal-${i}`, bots: seated });
      expect(r.state.finished).toBe(true);
      // the record replays to the same result
      const replay = replayRecord(JSON.parse(JSON.stringify(r.record)));
      expect('error' in replay).toBe(false);
      if (!('error' in replay)) expect(replay.scores).toEqual(r.state.scores);
    }
    expect(seen.n).toBeGreaterThan(3000);
    expect(seen.falseKnocks).toBeGreaterThan(0);
  });

  it('dcs-tournament, the odd 3-seat table (7 tiles sleep)', () => {
    const seen = { n: 0, falseKnocks: 0 };
    for (let i = 0; i < 20; i++) {
      const bots = [checked(quickExpert(), false, seen), checked(greedyBot(), false, seen), checked(createBot('random'), false, seen)];
      const r = playGame({ ruleset: 'dcs-tournament', players: 3, seed: `legal3-${i}`, bots });
      expect(r.state.finished).toBe(true);
    }
  });

  it('house tables (yard and draws, partners): random, greedy, and the expert playing greedily', () => {
    const seen = { n: 0, falseKnocks: 0 };
    const tables: { ruleset: string; players: number; partners?: boolean }[] = [
      { ruleset: 'citizen', players: 2 },
      { ruleset: 'citizen', players: 3 },
      { ruleset: 'mook-camp-fitness', players: 4 },
      { ruleset: 'inmate', players: 4, partners: true },
      { ruleset: 'dcf-inmate-gym', players: 3 },
    ];
    for (const t of tables) {
      for (let i = 0; i < 4; i++) {
        const all = [checked(createBot('random'), false, seen), checked(greedyBot(), false, seen), checked(quickExpert(), false, seen), checked(greedyBot(), false, seen)];
        const r = playGame({ ...t, seed: `house-${t.ruleset}-${t.players}-${i}`, bots: all.slice(0, t.players) });
        expect(r.state.finished).toBe(true);
        if (t.players < 4) expect(r.state.hands.some((h) => h.actions.some((a) => a.type === 'draw'))).toBe(true);
      }
    }
  });
});

describe('greedy', () => {
  /** Boards (lead and one more tile) with two tiles off the board: one making exactly 10, one making 15. */
  function tenOrFifteen(): { board: MiniBoard; ten: number; fifteen: number } {
    for (let lead = 0; lead < 28; lead++) {
      for (let t1 = 0; t1 < 28; t1++) {
        if (t1 === lead) continue;
        for (let e1 = 0; e1 < 2; e1++) {
          let b;
          try {
            b = FastGame.boardFromPlays([[lead, 0], [t1, e1]]);
          } catch {
            continue;
          }
          const board = new MiniBoard().loadState(b);
          let ten = -1;
          let fifteen = -1;
          for (let t = 0; t < 28; t++) {
            if (t === lead || t === t1) continue;
            for (let e = 0; e < 2; e++) {
              const probe = new MiniBoard().copyFrom(board);
              if ((probe.playableMask() & (1 << t)) === 0) continue;
              const v = probe.endVal[e];
              if (TILE_HIGH[t] !== v && TILE_LOW[t] !== v) continue;
              const s = probe.place(t, e);
              if (s === 10 && ten < 0) ten = (t << 2) | e;
              if (s === 15 && fifteen < 0 && (ten < 0 || ten >> 2 !== t)) fifteen = (t << 2) | e;
            }
          }
          if (ten >= 0 && fifteen >= 0 && ten >> 2 !== fifteen >> 2) return { board, ten, fifteen };
        }
      }
    }
    throw new Error('no such board');
  }

  it('a Grey player takes an available exactly-10; a Yellow one takes the 15', () => {
    const { board, ten, fifteen } = tenOrFifteen();
    const hand = (1 << (ten >> 2)) | (1 << (fifteen >> 2));
    const sc = new MiniBoard();
    expect(greedyMove(board, hand, -1, 0, GREY_TABLE, YELLOW_TABLE, false, sc)).toBe(ten);
    expect(greedyMove(board, hand, -1, 0, YELLOW_TABLE, YELLOW_TABLE, false, sc)).toBe(fifteen);
  });

  it('in real games: always scores the most it can (a Grey player takes an exact 10) and leaves no multiple of 5 when it can help it', () => {
    let greyTens = 0;
    let avoided = 0;
    let avoidedTen = 0;
    for (let i = 0; i < 40; i++) {
      walk(`greedy-prop-${i}`, ['greedy', 'random', 'greedy', 'random'], (state, seat, action) => {
        if (seat % 2 !== 0) return;
        const legal = playerView(state, seat).legalMoves ?? [];
        const plays = legal.filter((a): a is PlayAction => a.type === 'play');
        if (plays.length < 2) return;
        const out = plays.map((p) => ({ p, ...playOutcome(state, p) }));
        const chosen = out.find((o) => sameAction(o.p, action));
        expect(chosen).toBeDefined();
        if (!chosen) return;
        const max = Math.max(...out.map((o) => o.points));
        expect(chosen.points).toBe(max);
        if (!state.onBoard[seat] && out.some((o) => o.sum === 10)) {
          expect(chosen.sum).toBe(10);
          greyTens++;
        }
        const hand = currentHand(state);
        const lastTile = hand !== null && hand.holdings[seat].length === 1;
        const best = out.filter((o) => o.points === max);
        const m5 = (s: number): boolean => s > 0 && s % 5 === 0;
        if (!lastTile && best.some((o) => !m5(o.sum)) && best.some((o) => m5(o.sum))) {
          expect(m5(chosen.sum)).toBe(false);
          avoided++;
        }
        const next = (seat + 1) % 4;
        if (!lastTile && !state.onBoard[next] && best.every((o) => m5(o.sum)) && best.some((o) => o.sum === 10) && best.some((o) => o.sum !== 10)) {
          expect(chosen.sum).not.toBe(10);
          avoidedTen++;
        }
      });
    }
    expect(greyTens).toBeGreaterThan(20);
    expect(avoided).toBeGreaterThan(50);
    expect(avoidedTen).toBeGreaterThanOrEqual(0);
  });
});

describe('expert', () => {
  /** The hand in progress with the other seats' tiles dealt again at random (same counts): the view is unchanged. */
  function reshuffleHidden(state: GameState, seat: number, seed: string): GameState {
    const copy: GameState = structuredClone(state);
    const h = copy.hands[copy.hands.length - 1];
    const others = h.holdings.map((_, s) => s).filter((s) => s !== seat);
    const pool = others.flatMap((s) => h.holdings[s]).concat(h.yard);
    const rng = seedRng(seed);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Number(BigInt(rng[0] ^ rng[1]) % BigInt(i + 1));
      rng[0] = (rng[0] * 1664525 + 1013904223) >>> 0;
      rng[1] = (rng[1] ^ (rng[0] >>> 7)) >>> 0;
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    let k = 0;
    for (const s of others) h.holdings[s] = pool.slice(k, (k += h.holdings[s].length));
    h.yard = pool.slice(k);
    return copy;
  }

  it('never reads hidden information: the same view with other hidden hands gives the same decision for the same seed', () => {
    let compared = 0;
    let differentHidden = 0;
    const bot = expertBot({ rollouts: 40 });
    for (let i = 0; i < 6; i++) {
      walk(`honest-${i}`, ['expert', 'greedy', 'random', 'greedy'], (state, seat) => {
        if (seat !== 0) return;
        const view = playerView(state, seat);
        if ((view.legalMoves ?? []).length < 2) return;
        const other = reshuffleHidden(state, seat, `shuffle-${i}-${state.version}`);
        expect(JSON.stringify(playerView(other, seat))).toBe(JSON.stringify(view));
        const h1 = currentHand(state)?.holdings;
        const h2 = currentHand(other)?.holdings;
        if (JSON.stringify(h1) !== JSON.stringify(h2)) differentHidden++;
        const a = bot.choose(state, seat, seedRng(`same-${state.version}`));
        const b = bot.choose(other, seat, seedRng(`same-${state.version}`));
        expect(b).toEqual(a);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(30);
    expect(differentHidden).toBeGreaterThan(compared / 2);
  });

  it('infers voids soundly: a seat that knocked honestly holds no tile of the numbers open then', () => {
    let checks = 0;
    for (let i = 0; i < 30; i++) {
      walk(`voids-${i}`, [{ name: 'random', options: { falseKnockRate: 0.05 } }, 'greedy', 'random', 'greedy'], (state, seat) => {
        const h = currentHand(state);
        if (!h) return;
        const voids = knockVoids(playerView(state, seat));
        voids.forEach((v, s) => {
          // A false knock is hidden from the other seats while the hand runs (they take it
          // for an honest one, as a person at the table would); soundness is about honest knocks.
          if (s !== seat && h.log.some((e) => e.type === 'knock' && e.seat === s && e.falseKnock)) return;
          for (const t of h.holdings[s]) {
            const hi = Number(t[0]);
            const lo = Number(t[2]);
            expect((v & (1 << hi)) === 0 && (v & (1 << lo)) === 0).toBe(true);
          }
          if (v !== 0) checks++;
        });
      });
    }
    expect(checks).toBeGreaterThan(100);
  });
});

describe('omniscient evaluator', () => {
  it('ranks a winning domino first: the last tile played, not a false knock that hands the next seat its own domino', () => {
    let found = 0;
    for (let i = 0; i < 200 && found < 20; i++) {
      walk(`omni-last-${i}`, ['greedy', 'random', 'greedy', 'random'], (state, seat) => {
        const h = currentHand(state);
        if (!h || h.holdings[seat].length !== 1 || !h.board.lead) return;
        const legal = playerView(state, seat).legalMoves ?? [];
        if (!legal.some((a) => a.type === 'play')) return;
        // after a knock the next seat would play its last tile
        const next = (seat + 1) % 4;
        const nextTiles = h.holdings[next];
        const fits = (t: string): boolean => legal.length > 0 && playerView(state, seat).openEnds.some((o) => o.value === Number(t[0]) || o.value === Number(t[2]));
        if (nextTiles.length !== 1 || !fits(nextTiles[0])) return;
        // Two Grey players' dominoes both score 0 (SPEC 1.5): only a Yellow seat's domino is worth more.
        if (!state.onBoard[seat]) return;
        const ranked = rankMoves(state, seat);
        expect(ranked[0].action.type).toBe('play');
        expect(ranked[ranked.length - 1].action.type).toBe('knock');
        expect(ranked[ranked.length - 1].falseKnock).toBe(true);
        expect(ranked[0].value).toBeGreaterThan(ranked[ranked.length - 1].value);
        found++;
      });
    }
    expect(found).toBeGreaterThan(5);
  });

  it('ranks every legal move of the seat on turn, and the false knock, best first', () => {
    let checked = 0;
    for (let i = 0; i < 4; i++) {
      walk(`omni-all-${i}`, ['greedy', 'random', 'greedy', 'random'], (state, seat) => {
        const view = playerView(state, seat);
        const legal = view.legalMoves ?? [];
        const ranked = rankMoves(state, seat, { depth: 2 });
        const expected = legal.length + (view.board?.lead && legal[0].type === 'play' ? 1 : 0);
        expect(ranked.length).toBe(expected);
        for (const r of ranked) expect(Number.isFinite(r.value)).toBe(true);
        for (let k = 1; k < ranked.length; k++) expect(ranked[k - 1].value).toBeGreaterThanOrEqual(ranked[k].value);
        for (const a of legal) expect(ranked.some((r) => sameAction(r.action, a))).toBe(true);
        expect(rankMoves(state, (seat + 1) % 4)).toEqual([]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('determinism', () => {
  it('the same seed and bots give the same game', () => {
    const bots: BotSpec[] = ['expert', { name: 'random', options: { falseKnockRate: 0.05 } }, 'greedy', 'random'];
    const a = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'det-1', bots });
    const b = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'det-1', bots });
    expect(b.record).toEqual(a.record);
    const c = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'det-2', bots });
    expect(c.record).not.toEqual(a.record);
  });
});

describe('MiniBoard', () => {
  it('gives the same open-end totals as the readable engine and the fast path', () => {
    let plays = 0;
    for (let i = 0; i < 30; i++) {
      walk(`mini-${i}`, ['random', 'random', 'random', 'random'], (state, _seat, action) => {
        const h = currentHand(state);
        if (!h || action.type !== 'play') return;
        const mb = new MiniBoard().loadState(fastBoardFromReadable(h.board));
        const move = (tileIndex(action.tile) << 2) | { W: 0, E: 1, N: 2, S: 3 }[action.end ?? 'W'];
        const expected = playOutcome(state, action).sum;
        expect(mb.place(move >> 2, move & 3)).toBe(expected);
        const g = new FastGame(1, 4);
        const p = fastPositionFromState(state);
        if (!p) throw new Error('no position');
        g.loadPosition(p);
        g.play(move);
        expect(g.lastSum).toBe(expected);
        expect(mb.total()).toBe(expected);
        plays++;
      });
    }
    expect(plays).toBeGreaterThan(1000);
    expect(ALL_TILES_MASK).toBe(0x0fffffff);
  });
});
