/**
 * Anti-cheat evaluation: `npm run anticheat:eval -- [--quick] [--long [--honest N]] [--games N] [--skip-diagnostics] [--json]`.
 *
 * Simulates a population on the engine's fast path (libs/anticheat/src/sim.ts):
 * honest players of mixed strength and style (how they judge a play: like the engine's expert,
 * without its threat look, or one move ahead), peekers (one opponent's hand in half the
 * hands: a random opponent each time, or one fixed opponent for the whole game), all-seeing peekers
 * (every hand in half the hands; judging the plays they see like the engine's expert, without the
 * threat look, or one move ahead — the last like neither of the detector's valuations), colluding pairs
 * (share hands, play for the pair, feed each other, false-knock for each other; the
 * "quiet" pairs never false-knock)
 * and timing bots (honest play, bot decision times). Every game goes through
 * the same detectors the worker runs (analyzeGame → evidence → signals), and
 * every player's signals are evaluated after each of their games, as the
 * worker does (so repeated looks count against the false-positive rate).
 *
 * Baselines are calibrated first on a separate, honest-only population (its own
 * seed); the thresholds are the library's defaults, never tuned on cheaters.
 * Co-seating is not scored here: the simulation seats colluders together by
 * construction, which would make that signal trivially right.
 */
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_BASELINES,
  DEFAULT_THRESHOLDS,
  addCoLocationGame,
  addSeat,
  analyzeGame,
  coLocateGame,
  coLocationSignal,
  emptyCoLocationEvidence,
  hiddenInfoSignal,
  emptyPairEvidence,
  emptyPlayerEvidence,
  mergePair,
  pairKey,
  pairSignals,
  pairsOfGame,
  playerSignals,
  quantile,
  sdFromSums,
  type Baselines,
  type Signal,
  type CoLocationEvidence,
  type GameAnalysis,
  type SessionObservation,
  type PairEvidence,
  type PlayerEvidence,
} from '../libs/anticheat/src/index';
import { STRENGTHS, SimRng, peekDecisionEffect, peekValue, playSimGame, type SimPlayer } from '../libs/anticheat/src/sim';
import { evaluateChipDumping } from './lib/chip-dumping-eval';

const quick = process.argv.includes('--quick');
/** the long curve of the one-opponent peekers: 1,000 games of the remote peekers beside honest players, no peek-value diagnostics */
const long = process.argv.includes('--long');
/** leave out the self-play diagnostics (peek effect, peek value: 8,000 games of the full run) */
const skipDiagnostics = process.argv.includes('--skip-diagnostics');
const honestArg = process.argv.indexOf('--honest');
/** honest players of a long run (`--honest N`; default 8): the false-positive rate at 1,000 games needs a few hundred */
const longHonest = honestArg >= 0 ? Number(process.argv[honestArg + 1]) : 8;
const gamesArg = process.argv.indexOf('--games');
/** games per player (`--games N`; default 100, quick 40) */
const gamesOpt = gamesArg >= 0 ? Number(process.argv[gamesArg + 1]) : NaN;
/** the checkpoints of the recall table (games per player) */
const CHECKPOINTS = [20, 25, 50, 100, 250, 500, 1000];
const asJson = process.argv.includes('--json');
const log = (s: string): void => {
  if (!asJson) console.log(s);
};

type Kind =
  | 'honest'
  | 'peeker'
  | 'peeker-fixed'
  | 'peeker-all'
  | 'peeker-all-plain'
  | 'peeker-all-oneply'
  | 'colluder'
  | 'colluder-quiet'
  | 'timing'
  | 'peeker-colocated'
  | 'confederate';
/** Where a player connects from: a home address (households share one, a campus shares a /24), sometimes a café's. */
interface Net {
  home: string;
  cafe: string | null;
  /** share of games played from the café */
  cafeRate: number;
  device: string;
}
interface Pop {
  players: SimPlayer[];
  kind: Map<string, Kind>;
  /** colluding pairs as units */
  pairs: [SimPlayer, SimPlayer][];
  /** co-located one-opponent peekers and the confederate whose screen they see: seated together */
  colocated: [SimPlayer, SimPlayer][];
  net: Map<string, Net>;
  /** honest players in a household (two share one address) */
  households: number;
  campus: number;
  cafeGoers: number;
}

function human(id: string, rng: SimRng): SimPlayer {
  const r = rng.next();
  const mix = r < 0.3 ? STRENGTHS.strong : r < 0.7 ? STRENGTHS.medium : STRENGTHS.weak;
  // how the player judges a play when it thinks it through: most like the engine's expert, some
  // without the next seat's threat, some only one move ahead (the honest field is not one style)
  const style = rng.next();
  return {
    id,
    kind: 'honest',
    mix,
    playout: style < 0.6 ? 'threat' : style < 0.8 ? 'plain' : 'one-ply',
    medianMs: 1200 + rng.next() * 2400,
    logSd: 0.35 + rng.next() * 0.45,
    mistakeKnockRate: 0.002,
  };
}

function population(seed: string, counts: Record<Kind, number>): Pop {
  const rng = new SimRng(seed);
  const players: SimPlayer[] = [];
  const kind = new Map<string, Kind>();
  const pairs: [SimPlayer, SimPlayer][] = [];
  const colocated: [SimPlayer, SimPlayer][] = [];
  const add = (p: SimPlayer, k: Kind): SimPlayer => {
    // a cheater judges plays like the engine's expert unless its kind says otherwise (the style drawn for it is not used)
    if (k !== 'honest' && k !== 'confederate' && k !== 'peeker-all-plain' && k !== 'peeker-all-oneply') p = { ...p, playout: 'threat' };
    players.push(p);
    kind.set(p.id, k);
    return p;
  };
  for (let i = 0; i < counts.honest; i++) add(human(`honest-${i}`, rng), 'honest');
  for (let i = 0; i < counts.peeker; i++) add({ ...human(`peeker-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 1 }, 'peeker');
  for (let i = 0; i < counts['peeker-all']; i++) add({ ...human(`peekall-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 3 }, 'peeker-all');
  for (let i = 0; i < counts.colluder / 2; i++) {
    const a = add({ ...human(`coll-${i}a`, rng), kind: 'colluder', partner: `coll-${i}b` }, 'colluder');
    const b = add({ ...human(`coll-${i}b`, rng), kind: 'colluder', partner: `coll-${i}a` }, 'colluder');
    pairs.push([a, b]);
  }
  for (let i = 0; i < counts['colluder-quiet'] / 2; i++) {
    const a = add({ ...human(`quiet-${i}a`, rng), kind: 'colluder', partner: `quiet-${i}b`, collusionKnocks: false }, 'colluder-quiet');
    const b = add({ ...human(`quiet-${i}b`, rng), kind: 'colluder', partner: `quiet-${i}a`, collusionKnocks: false }, 'colluder-quiet');
    pairs.push([a, b]);
  }
  for (let i = 0; i < counts.timing; i++) {
    const instant = i % 2 === 1;
    add(
      { ...human(`timing-${i}`, rng), mix: STRENGTHS.strong, kind: 'timing', botClock: true, medianMs: instant ? 150 : 900 + rng.next() * 600, logSd: 0.06 },
      'timing',
    );
  }
  // added last so the other players' draws stay as they were
  for (let i = 0; i < counts['peeker-fixed']; i++) {
    add({ ...human(`peekfix-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 1, peekTarget: 'fixed' }, 'peeker-fixed');
  }
  // all-seeing peekers who judge the plays they see otherwise than the engine's expert (the default
  // peeker's search): without the threat look, or one move ahead only (the detector has no valuation like it)
  for (let i = 0; i < counts['peeker-all-plain']; i++) add({ ...human(`peekallplain-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 3, playout: 'plain' }, 'peeker-all-plain');
  for (let i = 0; i < counts['peeker-all-oneply']; i++) add({ ...human(`peekallone-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 3, playout: 'one-ply' }, 'peeker-all-oneply');
  // a peeker who sees the confederate's screen (one room, one network) in half the hands, always at its table
  for (let i = 0; i < counts['peeker-colocated']; i++) {
    const c = add(human(`confed-${i}`, rng), 'confederate');
    const p = add({ ...human(`peekcol-${i}`, rng), kind: 'peeker', peekRate: 0.5, peekSeats: 1, peekAt: c.id }, 'peeker-colocated');
    colocated.push([p, c]);
  }
  return { players, kind, pairs, colocated, ...networks(players, kind, colocated, `${seed}/net`) };
}

/**
 * The honest base rate of shared addresses: 10 % of honest players live in two-person households
 * (one address), a campus of 12 shares one /24 (each its own address), 20 % play 15 % of their
 * games from one of 4 cafés (one address each). Everyone else has an address of their own.
 * A co-located peeker and its confederate connect from one address (one room) at every game.
 */
function networks(players: SimPlayer[], kind: Map<string, Kind>, colocated: [SimPlayer, SimPlayer][], seed: string): Pick<Pop, 'net' | 'households' | 'campus' | 'cafeGoers'> {
  const rng = new SimRng(seed);
  const net = new Map<string, Net>();
  players.forEach((p, i) => net.set(p.id, { home: `100.${64 + (i >> 8)}.${i & 255}.10`, cafe: null, cafeRate: 0, device: `device-${p.id}` }));
  const honest = players.filter((p) => kind.get(p.id) === 'honest');
  const order = honest.map((p) => ({ p, k: rng.next() })).sort((a, b) => a.k - b.k).map((x) => x.p);
  const households = Math.floor((order.length * 0.1) / 2) * 2;
  for (let i = 0; i < households; i += 2) net.get(order[i + 1].id)!.home = net.get(order[i].id)!.home;
  const campus = Math.min(12, order.length - households);
  for (let i = 0; i < campus; i++) net.get(order[households + i].id)!.home = `131.107.7.${20 + i}`;
  const cafes = ['198.51.100.7', '198.51.100.77', '203.0.113.9', '192.0.2.44'];
  const cafeGoers = Math.floor(order.length * 0.2);
  for (const p of order.slice(-cafeGoers)) Object.assign(net.get(p.id)!, { cafe: cafes[rng.int(cafes.length)], cafeRate: 0.15 });
  for (const [p, c] of colocated) net.get(p.id)!.home = net.get(c.id)!.home;
  return { net, households, campus, cafeGoers };
}

/** One round: every player at one table; colluding pairs sit together. */
function tables(pop: Pop, rng: SimRng): SimPlayer[][] {
  const paired = new Set([...pop.pairs, ...pop.colocated].flat().map((p) => p.id));
  const units: SimPlayer[][] = [...[...pop.pairs, ...pop.colocated].map((p) => [...p]), ...pop.players.filter((p) => !paired.has(p.id)).map((p) => [p])];
  for (let i = units.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [units[i], units[j]] = [units[j], units[i]];
  }
  const out: SimPlayer[][] = [];
  let cur: SimPlayer[] = [];
  const singles: SimPlayer[] = [];
  for (const u of units) {
    if (u.length === 2) {
      if (cur.length <= 2) cur.push(...u);
      else out.push(u.slice());
    } else singles.push(u[0]);
    if (cur.length === 4) {
      out.push(cur);
      cur = [];
    }
  }
  // fill the tables that hold a pair with singles, then tables of singles
  for (const t of out) while (t.length < 4 && singles.length > 0) t.push(singles.pop()!);
  if (cur.length > 0) out.push(cur);
  for (const t of out) while (t.length < 4 && singles.length > 0) t.push(singles.pop()!);
  while (singles.length >= 4) out.push(singles.splice(0, 4));
  const full = out.filter((t) => t.length === 4);
  // random seat order (a pair may or may not sit next to each other)
  for (const t of full) {
    for (let i = 3; i > 0; i--) {
      const j = rng.int(i + 1);
      [t[i], t[j]] = [t[j], t[i]];
    }
  }
  return full;
}

interface RunResult {
  games: number;
  analyses: GameAnalysis[];
  analyzeMs: number[];
  simMs: number;
  players: Map<string, PlayerEvidence>;
  pairsEv: Map<string, PairEvidence>;
  /** per pair: co-location at their games together */
  coloc: Map<string, CoLocationEvidence>;
  /** pair-games, and how many were co-located, between two honest players (the field's base rate) */
  honestPairGames: number;
  honestColocated: number;
  /** first game count at which each player was flagged, and by which signals */
  flagged: Map<string, { games: number; kinds: Set<string> }>;
  /** the same for hidden_info's advantage view alone (the statistic before issue 14), as a comparison */
  flaggedPlainOnly: Map<string, number>;
}

function run(pop: Pop, rounds: number, seed: string, baselines: Baselines | null, keepAnalyses: boolean): RunResult {
  const rng = new SimRng(`${seed}/seating`);
  const players = new Map(pop.players.map((p) => [p.id, emptyPlayerEvidence(p.id)]));
  const pairsEv = new Map<string, PairEvidence>();
  const flagged = new Map<string, { games: number; kinds: Set<string> }>();
  const flaggedPlainOnly = new Map<string, number>();
  const analyses: GameAnalysis[] = [];
  const analyzeMs: number[] = [];
  const coloc = new Map<string, CoLocationEvidence>();
  const netRng = new SimRng(`${seed}/where`);
  let honestPairGames = 0;
  let honestColocated = 0;
  let simMs = 0;
  let games = 0;
  const flag = (id: string, kind: string, sg?: Signal): void => {
    const ev = players.get(id)!;
    const f = flagged.get(id);
    // an honest player flagged: say by what, and with what figures (stderr: the board of the evaluation)
    if (baselines && pop.kind.get(id) === 'honest' && !f?.kinds.has(kind)) {
      const p = pop.players.find((x) => x.id === id)!;
      process.stderr.write(`honest player flagged: ${id} (search ${p.mix.search}, ${p.playout ?? 'threat'}) by ${kind} at game ${ev.games}: ${sg ? JSON.stringify({ value: sg.value, baseline: sg.baseline, n: sg.sampleSize, details: sg.details }) : ''}\n`);
    }
    if (f) f.kinds.add(kind);
    else flagged.set(id, { games: ev.games, kinds: new Set([kind]) });
  };
  for (let r = 0; r < rounds; r++) {
    if (long && r % 50 === 0) process.stderr.write(`round ${r}/${rounds} (${games} games)\n`);
    // a long run reports each checkpoint as it passes it (recall and honest false positives so far)
    if (long && baselines && CHECKPOINTS.includes(r)) {
      const kinds = [...new Set(pop.kind.values())];
      const line = kinds.map((k) => {
        const ps = pop.players.filter((p) => pop.kind.get(p.id) === k);
        return `${k} ${ps.filter((p) => flagged.has(p.id)).length}/${ps.length}`;
      });
      process.stderr.write(`checkpoint ${r} games: flagged ${line.join(', ')}\n`);
    }
    for (const [ti, t] of tables(pop, rng).entries()) {
      const t0 = performance.now();
      const g = playSimGame(t, `${seed}/r${r}/t${ti}`);
      const t1 = performance.now();
      const a = analyzeGame({ record: g.record, seatUsers: g.seatUsers, decisionMs: g.decisionMs });
      const t2 = performance.now();
      simMs += t1 - t0;
      analyzeMs.push(t2 - t1);
      games++;
      if (keepAnalyses) analyses.push(a);
      for (const s of a.seats) addSeat(players.get(s.userId!)!, s);
      // where each player connected from for this game: a socket connection at its start (the
      // co-located pair also signs in on the room's address a few minutes before)
      const at = games * 3_600_000;
      const sessions = new Map<string, SessionObservation[]>(
        t.map((p) => {
          const n = pop.net.get(p.id)!;
          const ip = n.cafe && netRng.next() < n.cafeRate ? n.cafe : n.home;
          const own: SessionObservation[] = [{ userId: p.id, at, ip, fingerprintHash: n.device }];
          if (pop.kind.get(p.id) === 'confederate' || pop.kind.get(p.id) === 'peeker-colocated') own.unshift({ userId: p.id, at: at - 5 * 60_000, ip: n.home, fingerprintHash: n.device });
          return [p.id, own];
        }),
      );
      for (const p of pairsOfGame(a)) {
        const k = pairKey(p.users[0], p.users[1]);
        const ev = pairsEv.get(k) ?? emptyPairEvidence(p.users[0], p.users[1]);
        mergePair(ev, p);
        pairsEv.set(k, ev);
        const c = coloc.get(k) ?? emptyCoLocationEvidence(p.users[0], p.users[1]);
        const g = coLocateGame(sessions.get(p.users[0])!, sessions.get(p.users[1])!);
        addCoLocationGame(c, `g${games}`, at, g);
        coloc.set(k, c);
        if (pop.kind.get(p.users[0]) === 'honest' && pop.kind.get(p.users[1]) === 'honest') {
          honestPairGames++;
          if (g.level) honestColocated++;
        }
        if (!baselines) continue;
        for (const s of pairSignals(ev, baselines)) if (s.fired) s.userIds.forEach((u) => flag(u, s.kind, s));
        const cs = coLocationSignal(c, players.get(p.users[0])!.games, players.get(p.users[1])!.games, baselines);
        if (cs.fired) cs.userIds.forEach((u) => flag(u, cs.kind, cs));
      }
      if (baselines) {
        for (const s of a.seats) {
          const ev = players.get(s.userId!)!;
          for (const sg of playerSignals(ev, baselines)) if (sg.fired) flag(s.userId!, sg.kind, sg);
          // the same evidence with the plain valuation alone (hidden_info before the threat view)
          if (!flaggedPlainOnly.has(ev.userId) && hiddenInfoSignal({ ...ev, advThreatN: 0 }, baselines).fired) flaggedPlainOnly.set(ev.userId, ev.games);
        }
      }
    }
  }
  return { games, analyses, analyzeMs, simMs, players, pairsEv, coloc, honestPairGames, honestColocated, flagged, flaggedPlainOnly };
}

function calibrate(r: RunResult, pop: Pop): Baselines {
  const ev = [...r.players.values()];
  const pts = r.analyses.flatMap((a) => a.seats.map((s) => s.points));
  const mean = pts.reduce((x, y) => x + y, 0) / pts.length;
  const sd = Math.sqrt(pts.reduce((x, y) => x + (y - mean) ** 2, 0) / (pts.length - 1));
  const sum = (f: (e: PlayerEvidence) => number): number => ev.reduce((x, e) => x + f(e), 0);
  const sds = ev.filter((e) => e.timedChoices >= 50).map((e) => sdFromSums(e.timedChoices, e.logMsSum, e.logMsSq));
  const pairs = [...r.pairsEv.values()];
  // what strength is worth: the excess of the best kind of honest player (strength and style) over the field
  const groups = new Map<string, PlayerEvidence[]>();
  for (const p of pop.players) {
    const k = `${p.mix.search}/${p.playout ?? 'threat'}`;
    groups.set(k, [...(groups.get(k) ?? []), r.players.get(p.id)!]);
  }
  let pointsMargin = 0;
  let winMargin = 0;
  for (const g of groups.values()) {
    if (g.length < 3) continue;
    const games = g.reduce((x, e) => x + e.games, 0);
    pointsMargin = Math.max(pointsMargin, g.reduce((x, e) => x + e.points, 0) / games - mean);
    winMargin = Math.max(winMargin, g.reduce((x, e) => x + e.wins, 0) / games - g.reduce((x, e) => x + e.expectedWins, 0) / games);
  }
  const fk = pairs.reduce((x, p) => x + p.falseKnocks, 0);
  const helps = pairs.reduce((x, p) => x + p.falseKnockHelps, 0);
  return {
    // theory says 0 for any own-information player; the measured honest mean is printed beside it
    advantageMean: DEFAULT_BASELINES.advantageMean,
    hiddenHitRate: sum((e) => e.hiddenHits) / Math.max(1, sum((e) => e.hiddenPoints)),
    pointsMean: Math.round(mean * 10) / 10,
    pointsSd: Math.round(sd * 10) / 10,
    pointsStrengthMargin: Math.ceil(pointsMargin * 10) / 10,
    winRateStrengthMargin: Math.ceil(winMargin * 1000) / 1000,
    falseKnockRate: sum((e) => e.falseKnocks) / Math.max(1, sum((e) => e.playTurns)),
    // three quarters of the most regular honest player's spread
    timingSdFloor: Math.round(0.75 * Math.min(...sds) * 1000) / 1000,
    instantHardRate: Math.max(0.005, sum((e) => e.hardInstant) / Math.max(1, sum((e) => e.hardChoices))),
    falseKnockHelpShare: fk > 0 ? Math.max(0.1, helps / fk) : DEFAULT_BASELINES.falseKnockHelpShare,
    replyAdvantageMean: Math.round((sum((e) => e.replySum) / Math.max(1, sum((e) => e.replyN))) * 10_000) / 10_000,
    // not measured on the simulation: a bound on how often two honest players of one pool meet (docs/anticheat.md)
    coLocationRate: DEFAULT_BASELINES.coLocationRate,
  };
}

function main(): void {
  const rounds = Number.isInteger(gamesOpt) && gamesOpt > 0 ? gamesOpt : quick ? 40 : long ? 1000 : 100;
  const counts: Record<Kind, number> = long
    ? { honest: longHonest, peeker: 8, 'peeker-fixed': 8, 'peeker-all': 0, 'peeker-all-plain': 0, 'peeker-all-oneply': 0, colluder: 0, 'colluder-quiet': 0, timing: 0, 'peeker-colocated': 0, confederate: 0 }
    : quick
    ? { honest: 56, peeker: 4, 'peeker-fixed': 4, 'peeker-all': 4, 'peeker-all-plain': 4, 'peeker-all-oneply': 4, colluder: 4, 'colluder-quiet': 4, timing: 4, 'peeker-colocated': 4, confederate: 0 }
    : { honest: 200, peeker: 12, 'peeker-fixed': 12, 'peeker-all': 12, 'peeker-all-plain': 12, 'peeker-all-oneply': 12, colluder: 12, 'colluder-quiet': 12, timing: 12, 'peeker-colocated': 12, confederate: 0 };
  const calCount = quick ? 32 : 64;
  const calRounds = quick ? 20 : long ? 0 : 40;

  log(`anti-cheat evaluation (${quick ? 'quick' : long ? 'long' : 'full'}): calibration ${calCount} honest players x ${calRounds} games, then ${Object.values(counts).reduce((a, b) => a + b, 0) + counts['peeker-colocated']} players x ${rounds} games`);
  const t0 = performance.now();
  const calPop = population('calibration', { honest: calCount, peeker: 0, 'peeker-fixed': 0, 'peeker-all': 0, 'peeker-all-plain': 0, 'peeker-all-oneply': 0, colluder: 0, 'colluder-quiet': 0, timing: 0, 'peeker-colocated': 0, confederate: 0 });
  const cal = run(
    calPop,
    calRounds,
    'calibration',
    null,
    true,
  );
  // a long run tests with the library's defaults (the full run's calibration) instead of calibrating again
  const baselines = long ? DEFAULT_BASELINES : calibrate(cal, calPop);
  const honestAdv = [...cal.players.values()].reduce((x, e) => x + e.advSum, 0) / [...cal.players.values()].reduce((x, e) => x + e.choices, 0);
  log(`calibrated baselines: ${JSON.stringify(baselines)} (measured honest advantage mean ${honestAdv.toFixed(3)})`);

  const pop = population('test', counts);
  const res = run(pop, rounds, 'test', baselines, false);
  const elapsed = (performance.now() - t0) / 1000;

  const byKind = new Map<Kind, SimPlayer[]>();
  for (const p of pop.players) {
    const k = pop.kind.get(p.id)!;
    byKind.set(k, [...(byKind.get(k) ?? []), p]);
  }
  const honest = byKind.get('honest') ?? [];
  const fpHonest = honest.filter((p) => res.flagged.has(p.id));
  const checkpoints = CHECKPOINTS.filter((c) => c <= rounds);
  const flaggedBy = (ps: SimPlayer[], c: number): number => ps.filter((p) => (res.flagged.get(p.id)?.games ?? Infinity) <= c).length;
  const rows = (['peeker-colocated', 'peeker-all', 'peeker-all-plain', 'peeker-all-oneply', 'colluder', 'colluder-quiet', 'timing', 'peeker-fixed', 'peeker'] as Kind[]).map((k) => {
    const ps = byKind.get(k) ?? [];
    if (ps.length === 0) return null;
    const hit = ps.filter((p) => res.flagged.has(p.id));
    const g = hit.map((p) => res.flagged.get(p.id)!.games);
    const kinds = new Map<string, number>();
    for (const p of hit) for (const s of res.flagged.get(p.id)!.kinds) kinds.set(s, (kinds.get(s) ?? 0) + 1);
    return {
      type: k,
      players: ps.length,
      detected: hit.length,
      recall: ps.length ? hit.length / ps.length : 0,
      precision: hit.length + fpHonest.length > 0 ? hit.length / (hit.length + fpHonest.length) : 1,
      gamesToDetectMedian: g.length ? Math.round(quantile(g, 0.5) * 10) / 10 : null,
      gamesToDetectP90: g.length ? Math.round(quantile(g, 0.9) * 10) / 10 : null,
      signals: Object.fromEntries(kinds),
      /** hidden_info with the plain valuation alone (before the threat view): recall within the run's games */
      plainOnlyRecall: ps.length ? ps.filter((p) => res.flaggedPlainOnly.has(p.id)).length / ps.length : 0,
      /** recall, and the honest false-positive rate, within each number of games */
      at: Object.fromEntries(checkpoints.map((c) => [c, { recall: ps.length ? flaggedBy(ps, c) / ps.length : 0, falsePositiveRate: honest.length ? flaggedBy(honest, c) / honest.length : 0 }])),
    };
  }).filter((r) => r !== null);
  // the field's base rate of co-location: honest pairs at one table that shared a device, address or network
  const coLocation = {
    households: pop.households / 2,
    campus: pop.campus,
    cafeGoers: pop.cafeGoers,
    honestPairGames: res.honestPairGames,
    honestColocated: res.honestColocated,
    baseRate: res.honestPairGames > 0 ? res.honestColocated / res.honestPairGames : 0,
    honestPairsColocatedTwice: [...res.coloc.values()].filter((c) => c.colocatedGames >= 2 && c.users.every((u) => pop.kind.get(u) === 'honest')).length,
    mostColocatedHonestPair: Math.max(0, ...[...res.coloc.values()].filter((c) => c.users.every((u) => pop.kind.get(u) === 'honest')).map((c) => c.colocatedGames)),
  };
  // hidden-information advantage per type, pooled over its players: effect per choice in units of the
  // per-choice spread, and the games a player of the type needs for the test to reach z 4.5 with 90 %
  // power ((4.5 + 1.28)² / (effect² · choices a game)) — an extrapolation, beside the measured recall
  const advantage = (['honest', 'peeker', 'peeker-fixed', 'peeker-all', 'peeker-all-plain', 'peeker-all-oneply'] as Kind[]).map((k) => {
    const ev = (byKind.get(k) ?? []).map((p) => res.players.get(p.id)!);
    const n = ev.reduce((x, e) => x + e.choices, 0);
    const sum = ev.reduce((x, e) => x + e.advSum, 0);
    const sq = ev.reduce((x, e) => x + e.advSq, 0);
    const games = ev.reduce((x, e) => x + e.games, 0);
    const sd = sdFromSums(n, sum, sq);
    const effect = n > 0 && sd > 0 ? (sum / n - baselines.advantageMean) / sd : 0;
    const perGame = games > 0 ? n / games : 0;
    const nT = ev.reduce((x, e) => x + e.advThreatN, 0);
    const sumT = ev.reduce((x, e) => x + e.advThreatSum, 0);
    const sdT = sdFromSums(nT, sumT, ev.reduce((x, e) => x + e.advThreatSq, 0));
    const effectT = nT > 0 && sdT > 0 ? (sumT / nT - baselines.advantageMean) / sdT : 0;
    return {
      type: k,
      meanPerChoice: n > 0 ? sum / n : 0,
      sdPerChoice: sd,
      effectPerChoice: effect,
      gamesFor90: effect > 0 && perGame > 0 ? Math.ceil((4.5 + 1.2816) ** 2 / (effect * effect * perGame)) : null,
      /** the same with the threat-aware valuation */
      meanPerChoiceThreat: nT > 0 ? sumT / nT : 0,
      sdPerChoiceThreat: sdT,
      effectPerChoiceThreat: effectT,
      gamesFor90Threat: effectT > 0 && perGame > 0 ? Math.ceil((4.5 + 1.2816) ** 2 / (effectT * effectT * perGame)) : null,
    };
  });
  // what a peek changes in the simulated searcher's decisions (a diagnostic of the simulation, not detection)
  const effect = skipDiagnostics ? { choices: 0, noise: 0, oneOpponent: 0, allOpponents: 0 } : peekDecisionEffect(quick || long ? 8 : 30, 'test');
  // what a peek is worth: win rate of a medium player against three honest medium ones, beside its control
  const valueGames = skipDiagnostics ? 0 : quick ? 200 : long ? 20 : 2000;
  const value = {
    control: peekValue({ kind: 'peeker', peekRate: 0.5, peekSeats: 0 }, valueGames, 'test'),
    peeker: peekValue({ kind: 'peeker', peekRate: 0.5, peekSeats: 1 }, valueGames, 'test'),
    'peeker-fixed': peekValue({ kind: 'peeker', peekRate: 0.5, peekSeats: 1, peekTarget: 'fixed' }, valueGames, 'test'),
    'peeker-all': peekValue({ kind: 'peeker', peekRate: 0.5, peekSeats: 3 }, valueGames, 'test'),
  };
  // chip dumping at stake tables: ledger flows, not play (scripts/lib/chip-dumping-eval.ts)
  const chipDumping = evaluateChipDumping('test', quick ? { honest: 400, newAccounts: 200, households: 40, rings: 100, gamesPerPlayer: 20 } : { honest: 2_000, newAccounts: 1_000, households: 200, rings: 500, gamesPerPlayer: 40 });
  const cheaters = pop.players.filter((p) => pop.kind.get(p.id) !== 'honest');
  const tp = cheaters.filter((p) => res.flagged.has(p.id)).length;
  const ms = res.analyzeMs;
  const analyzeTotal = ms.reduce((a, b) => a + b, 0);
  const summary = {
    mode: quick ? 'quick' : long ? 'long' : 'full',
    gamesPerPlayer: rounds,
    games: res.games,
    baselines,
    thresholds: DEFAULT_THRESHOLDS,
    rows,
    honest: { players: honest.length, flagged: fpHonest.length, falsePositiveRate: honest.length ? fpHonest.length / honest.length : 0, flaggedBy: fpHonest.map((p) => [...res.flagged.get(p.id)!.kinds]) },
    overallPrecision: tp + fpHonest.length > 0 ? tp / (tp + fpHonest.length) : 1,
    analysis: {
      medianMs: quantile(ms, 0.5),
      p95Ms: quantile(ms, 0.95),
      gamesPerSecond: res.games / (analyzeTotal / 1000),
      simulationMsPerGame: res.simMs / res.games,
    },
    checkpoints,
    coLocation,
    chipDumping,
    peekEffect: effect,
    peekValue: value,
    advantage,
    elapsedSeconds: elapsed,
  };
  if (asJson) {
    console.log(JSON.stringify(summary, null, 2));
    return;
  }
  log('');
  log('type            players  detected  recall  precision  games to detect (median / p90)  signals');
  for (const r of rows) {
    log(
      `${r.type.padEnd(15)} ${String(r.players).padStart(7)} ${String(r.detected).padStart(9)} ${(r.recall * 100).toFixed(1).padStart(6)}% ${(r.precision * 100).toFixed(1).padStart(9)}%  ${String(r.gamesToDetectMedian ?? '-').padStart(14)} / ${String(r.gamesToDetectP90 ?? '-').padEnd(14)}  ${JSON.stringify(r.signals)}`,
    );
  }
  for (const r of chipDumping.rows) {
    log(`${r.type.padEnd(15)} ${String(r.rings).padStart(7)} ${String(r.detected).padStart(9)} ${(r.recall * 100).toFixed(1).padStart(6)}%  (rings: a receiver and its second accounts; chip_dumping over ${chipDumping.games} stake games)`);
  }
  log(
    `chip dumping: honest stake accounts ${chipDumping.honest.accounts}, flagged ${chipDumping.honest.flagged} (false-positive rate ${(chipDumping.honest.falsePositiveRate * 100).toFixed(2)}%); honest new accounts ${chipDumping.honest.newAccounts}, flagged ${chipDumping.honest.newFlagged} (${(chipDumping.honest.newFalsePositiveRate * 100).toFixed(2)}%)`,
  );
  log(`honest          ${String(honest.length).padStart(7)}   flagged ${fpHonest.length}  false-positive rate ${(summary.honest.falsePositiveRate * 100).toFixed(2)}%  ${JSON.stringify(summary.honest.flaggedBy)}`);
  log('');
  log(`recall within N games (honest false-positive rate within N games), ${rounds} games a player`);
  log(`type            ${checkpoints.map((c) => String(c).padStart(16)).join('')}`);
  for (const r of rows) log(`${r.type.padEnd(15)} ${checkpoints.map((c) => `${(r.at[c].recall * 100).toFixed(1)}% (${(r.at[c].falsePositiveRate * 100).toFixed(2)}%)`.padStart(16)).join('')}`);
  log(
    `co-location base rate: ${coLocation.households} households, a campus /24 of ${coLocation.campus}, ${coLocation.cafeGoers} café-goers; honest pairs co-located at ${coLocation.honestColocated} of ${coLocation.honestPairGames} pair-games (${(coLocation.baseRate * 100).toFixed(2)}%); ${coLocation.honestPairsColocatedTwice} honest pairs co-located twice or more, at most ${coLocation.mostColocatedHonestPair} times`,
  );
  log(
    `hidden_info with the plain valuation alone (before the threat view), same games: ${rows.map((r) => `${r.type} ${(r.plainOnlyRecall * 100).toFixed(1)}%`).join(', ')}; honest ${honest.filter((p) => res.flaggedPlainOnly.has(p.id)).length} flagged`,
  );
  log(`overall precision ${(summary.overallPrecision * 100).toFixed(1)}%`);
  log(
    `per-game analysis (omniscient + own-information evaluations): median ${summary.analysis.medianMs.toFixed(2)} ms, p95 ${summary.analysis.p95Ms.toFixed(2)} ms; batch throughput ${summary.analysis.gamesPerSecond.toFixed(1)} games/s (single core); simulation ${summary.analysis.simulationMsPerGame.toFixed(1)} ms/game`,
  );
  for (const a of advantage) {
    log(
      `hidden-information advantage, ${a.type.padEnd(17)}: plain ${a.meanPerChoice.toFixed(3)} ± ${a.sdPerChoice.toFixed(1)} a choice (effect ${a.effectPerChoice.toFixed(4)} sd${a.gamesFor90 === null ? '' : `, ≈ ${a.gamesFor90} games for 90 % at z 4.5`}); threat ${a.meanPerChoiceThreat.toFixed(3)} ± ${a.sdPerChoiceThreat.toFixed(1)} (effect ${a.effectPerChoiceThreat.toFixed(4)} sd${a.gamesFor90Threat === null ? '' : `, ≈ ${a.gamesFor90Threat} games`})`,
    );
  }
  if (!skipDiagnostics) {
    log(
      `peek effect on the simulated 8-sample search (${effect.choices} choices): two own-information searches disagree ${(effect.noise * 100).toFixed(1)}%; with one opponent's hand ${(effect.oneOpponent * 100).toFixed(1)}%; with every hand ${(effect.allOpponents * 100).toFixed(1)}%`,
    );
    for (const [k, v] of Object.entries(value)) {
      log(
        `peek value, ${k.padEnd(12)} (medium, vs 3 honest medium, ${v.games} games): wins ${(v.winRate * 100).toFixed(1)}% ± ${(v.winRate95 * 100).toFixed(1)}, ${v.pointsPerGame.toFixed(1)} points a game${k === 'control' ? ' (searches in the same hands, sees nothing)' : ''}`,
      );
    }
  }
  log(`${res.games} games in ${elapsed.toFixed(1)} s`);
}

main();
