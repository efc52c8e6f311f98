/**
 * A population simulator for the evaluation (scripts/anticheat-eval.ts) and the
 * tests: 4-seat dcs-tournament games on the engine's fast path, played by
 * honest players of mixed strength and by cheaters, with synthetic decision
 * times. Nothing here is used by detection itself.
 *
 * Policies at a real choice (2+ legal plays):
 * - random: a uniform legal play; greedy: the engine's greedy policy;
 * - search: determinised Monte-Carlo on the seat's knowledge, like the engine's
 *   expert (sampled deals of the unknown tiles, each candidate rolled out with
 *   the greedy policy — with the next-player threat look, unlike the detector's
 *   cheaper omniscient evaluation, so the two are not the same function).
 * Honest players mix the three by strength. Cheaters:
 * - peeker: in a share of the hands (`peekRate`) sees one opponent's hand — a random
 *   one each peeked hand, or (`peekTarget: 'fixed'`) the same one all game — and
 *   searches with it fixed;
 * - colluder: sees the partner's hand always, searches for the pair's joint
 *   result (which feeds the partner), and false-knocks when that lets the
 *   partner (next to play) score while it could not;
 * - timing: an honest strong player whose decision times come from a bot
 *   (near-constant, or instant).
 */
import { GREY_TABLE, MiniBoard, YELLOW_TABLE, greedyFastMove, greedyPlayout, type GameRecord } from '@dcs/engine';
import { FastGame, MATCH, MOVE_KNOCK, sumAfter } from '@dcs/engine/fast';

export type SimKind = 'honest' | 'peeker' | 'colluder' | 'timing';

export interface StrengthMix {
  search: number;
  greedy: number;
  random: number;
}

export const STRENGTHS: Record<'strong' | 'medium' | 'weak', StrengthMix> = {
  strong: { search: 0.85, greedy: 0.1, random: 0.05 },
  medium: { search: 0.5, greedy: 0.4, random: 0.1 },
  weak: { search: 0.1, greedy: 0.6, random: 0.3 },
};

export interface SimPlayer {
  id: string;
  kind: SimKind;
  mix: StrengthMix;
  /** colluder: the partner's id */
  partner?: string;
  /** colluder: false-knocks to leave the board to the partner (default true) */
  collusionKnocks?: boolean;
  /** peeker: share of hands with a peek */
  peekRate?: number;
  /** peeker: how many opponents' hands a peek shows (default 1; 0: the control of `peekValue`, which searches in the same hands but sees nothing) */
  peekSeats?: number;
  /**
   * peeker: whom a one-opponent peek shows — 'random' (a random opponent each peeked hand, the
   * default) or 'fixed' (one opponent, drawn at the start of the game, for the whole game: a
   * confederate behind one player, a shared screen)
   */
  peekTarget?: 'random' | 'fixed';
  /** peeker: the id of the player whose hand it sees (a co-located confederate) whenever that player is at its table */
  peekAt?: string;
  /**
   * how the player's search values a play: the engine's greedy playout with the next-player threat
   * look to the end of the hand ('threat', the default), or without it ('plain'), or no playout at all
   * ('one-ply': what the play scores now, less the best the next seat could score right after it —
   * the rule of thumb of a person who sees the hands and looks one move ahead)
   */
  playout?: 'threat' | 'plain' | 'one-ply';
  /** timing model: a human's median ms and spread of ln(ms); a bot's constant ms and tiny spread */
  medianMs: number;
  logSd: number;
  /** timing bot: decision time does not depend on the choice */
  botClock?: boolean;
  /** honest false-knock mistakes per turn with a playable tile */
  mistakeKnockRate: number;
}

export interface SimGame {
  record: GameRecord;
  decisionMs: number[][];
  seatUsers: string[];
  scores: number[];
  /** [hand][seat]: mask of the seats whose hands that seat saw in the hand (peeks, a colluder's partner) */
  known: number[][];
}

/** mulberry32: a tiny seeded generator for the simulation. */
export class SimRng {
  private s: number;
  constructor(seed: string | number) {
    let h = 2166136261;
    const str = String(seed);
    for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
    this.s = h >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

export interface SimOptions {
  /** sampled deals per search decision (default 8) */
  samples?: number;
}

const WIN_VALUE = 60;
const ON_BOARD_VALUE = 20;

class Searcher {
  readonly world = new FastGame(1, 4);
  readonly game = new FastGame(1, 4);
  readonly mini = new MiniBoard();
  readonly moves = new Int32Array(32);
  readonly totals = new Float64Array(32);
  readonly pool = new Int32Array(28);
  readonly gains = new Float64Array(4);
  readonly startScores = new Int32Array(4);
  readonly startOn = new Uint8Array(4);

  private value(g: FastGame, seat: number, partner: number): number {
    const n = g.players;
    for (let s = 0; s < n; s++) {
      let v = g.scores[s] - this.startScores[s];
      if (g.onBoard[s] !== 0 && this.startOn[s] === 0) v += ON_BOARD_VALUE;
      if (g.gameOver !== 0 && g.gameWinner === s) v += WIN_VALUE;
      this.gains[s] = v;
    }
    if (partner < 0) {
      let others = 0;
      for (let s = 0; s < n; s++) if (s !== seat) others += this.gains[s];
      return this.gains[seat] - others / (n - 1);
    }
    let rest = 0;
    for (let s = 0; s < n; s++) if (s !== seat && s !== partner) rest += this.gains[s];
    return (this.gains[seat] + this.gains[partner]) / 2 - rest / (n - 2);
  }

  /** Monte-Carlo choice of `seat` on turn in `g`; `known` is a mask of seats whose hands it sees; `partner` ≥ 0 for the pair's joint result. */
  choose(g: FastGame, seat: number, known: number, partner: number, samples: number, rng: SimRng, playout: 'threat' | 'plain' | 'one-ply' = 'threat'): number {
    const count = g.legalMoves(seat, this.moves);
    if (count === 1) return this.moves[0];
    const n = g.players;
    let pool = 0;
    for (let s = 0; s < n; s++) if (s !== seat && (known & (1 << s)) === 0) pool |= g.hands[s];
    let np = 0;
    for (let m = pool; m !== 0; m &= m - 1) this.pool[np++] = 31 - Math.clz32(m & -m);
    for (let s = 0; s < 4; s++) {
      this.startScores[s] = g.scores[s];
      this.startOn[s] = g.onBoard[s];
    }
    this.totals.fill(0, 0, count);
    for (let k = 0; k < samples; k++) {
      this.world.copyFrom(g);
      // shuffle the unknown tiles and deal them back by each unknown seat's count
      for (let i = np - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        const t = this.pool[i];
        this.pool[i] = this.pool[j];
        this.pool[j] = t;
      }
      let at = 0;
      for (let s = 0; s < n; s++) {
        if (s === seat || (known & (1 << s)) !== 0) continue;
        let c = 0;
        for (let m = g.hands[s]; m !== 0; m &= m - 1) c++;
        let h = 0;
        for (let q = 0; q < c; q++) h |= 1 << this.pool[at++];
        this.world.hands[s] = h;
      }
      for (let i = 0; i < count; i++) {
        const c = this.game;
        c.copyFrom(this.world);
        c.play(this.moves[i]);
        if (playout === 'one-ply') {
          const next = seat + 1 === n ? 0 : seat + 1;
          const reply = c.handOver === 0 && next !== partner ? bestPoints(c, next) : 0;
          this.totals[i] += this.value(c, seat, partner) - reply / (n - 1);
          continue;
        }
        greedyPlayout(c, this.mini, playout === 'threat');
        this.totals[i] += this.value(c, seat, partner);
      }
    }
    let best = 0;
    for (let i = 1; i < count; i++) if (this.totals[i] > this.totals[best]) best = i;
    return this.moves[best];
  }
}

let searcher: Searcher | null = null;

function bestPoints(g: FastGame, seat: number): number {
  const hand = g.hands[seat];
  const table = g.onBoard[seat] !== 0 ? YELLOW_TABLE : GREY_TABLE;
  const ends = g.armsOpen !== 0 ? 4 : 2;
  let best = 0;
  for (let e = 0; e < ends; e++) {
    for (let m = hand & MATCH[g.endVal[e]]; m !== 0; m &= m - 1) {
      const p = table[sumAfter(g, 31 - Math.clz32(m & -m), e)];
      if (p > best) best = p;
    }
  }
  return best;
}

function decisionTime(p: SimPlayer, count: number, rng: SimRng): number {
  if (p.botClock) return Math.max(1, Math.round(p.medianMs * Math.exp(p.logSd * rng.normal())));
  const base = count <= 1 ? p.medianMs * 0.45 : p.medianMs * Math.exp(0.25 * Math.min(count - 1, 4));
  return Math.max(80, Math.round(base * Math.exp(p.logSd * rng.normal())));
}

/** Plays one full 4-seat dcs-tournament game; `players` in seat order. */
export function playSimGame(players: readonly SimPlayer[], seed: string, opts: SimOptions = {}): SimGame {
  const samples = opts.samples ?? 8;
  const rng = new SimRng(seed);
  const s = (searcher ??= new Searcher());
  const g = new FastGame(seed, 4);
  const rec = g.record()!;
  const seatOf = new Map(players.map((p, i) => [p.id, i]));
  const partnerSeat = players.map((p) => (p.partner !== undefined && seatOf.has(p.partner) ? seatOf.get(p.partner)! : -1));
  const mini = new MiniBoard();
  const moves = new Int32Array(32);
  const decisionMs: number[][] = [];
  const knownByHand: number[][] = [];
  // a fixed-target peeker's target seat for this game
  const target = players.map((p, seat) =>
    p.kind === 'peeker' && p.peekAt !== undefined && seatOf.has(p.peekAt) && seatOf.get(p.peekAt) !== seat
      ? seatOf.get(p.peekAt)!
      : p.kind === 'peeker' && p.peekTarget === 'fixed'
        ? (seat + 1 + rng.int(3)) % 4
        : -1,
  );
  while (g.gameOver === 0) {
    g.dealHand();
    const times: number[] = [];
    decisionMs.push(times);
    // who peeks at whom this hand
    const peeked = players.map(() => false);
    const known = players.map((p, seat) => {
      let m = 0;
      if (partnerSeat[seat] >= 0) m |= 1 << partnerSeat[seat];
      if (p.kind === 'peeker' && rng.next() < (p.peekRate ?? 0.5)) {
        peeked[seat] = true;
        if (target[seat] >= 0) return m | (1 << target[seat]);
        const first = rng.int(3);
        for (let k = 0; k < (p.peekSeats ?? 1); k++) m |= 1 << ((seat + 1 + ((first + k) % 3)) % 4);
      }
      return m;
    });
    knownByHand.push(known);
    while (g.handOver === 0) {
      const seat = g.turn;
      const p = players[seat];
      const count = g.legalMoves(seat, moves);
      let move: number;
      if (count === 0) move = MOVE_KNOCK;
      else if (g.tilesOnBoard > 0 && rng.next() < p.mistakeKnockRate) move = MOVE_KNOCK;
      else if (
        partnerSeat[seat] >= 0 &&
        p.collusionKnocks !== false &&
        g.tilesOnBoard > 0 &&
        (seat + 1) % 4 === partnerSeat[seat] &&
        bestPoints(g, seat) === 0 &&
        bestPoints(g, partnerSeat[seat]) >= 10 &&
        rng.next() < 0.5
      ) {
        move = MOVE_KNOCK; // a false knock that leaves the board to the partner
      } else if (count === 1) move = moves[0];
      else {
        const r = rng.next();
        const cheating = known[seat] !== 0 || peeked[seat];
        if (cheating || r < p.mix.search) move = s.choose(g, seat, known[seat], partnerSeat[seat], samples, rng, p.playout ?? 'threat');
        else if (r < p.mix.search + p.mix.greedy) move = greedyFastMove(g, mini, true);
        else move = moves[rng.int(count)];
      }
      times.push(decisionTime(p, count, rng));
      g.apply(move);
    }
  }
  return {
    record: rec.toRecord() as unknown as GameRecord,
    decisionMs,
    seatUsers: players.map((p) => p.id),
    scores: Array.from(g.scores),
    known: knownByHand,
  };
}

export interface PeekEffect {
  /** real choices measured */
  choices: number;
  /** two independent own-information searches disagree (the search's own randomness) */
  noise: number;
  /** an own-information search and one that also sees one random opponent's hand disagree */
  oneOpponent: number;
  /** … one that sees every opponent's hand */
  allOpponents: number;
}

/**
 * How much seeing hands changes the simulated searcher's decision (a diagnostic of the
 * evaluation, not detection): self-play games where, at every real choice, the 8-sample
 * search is run on the seat's own information twice, with one random opponent's hand and
 * with every hand; the disagreement rates beyond `noise` are what a peek changes.
 */
export function peekDecisionEffect(games: number, seed: string, samples = 8): PeekEffect {
  const rng = new SimRng(`${seed}/effect`);
  const s = (searcher ??= new Searcher());
  const mini = new MiniBoard();
  const moves = new Int32Array(32);
  let choices = 0;
  let noise = 0;
  let one = 0;
  let all = 0;
  for (let gi = 0; gi < games; gi++) {
    const g = new FastGame(`${seed}/effect/${gi}`, 4);
    while (g.gameOver === 0) {
      g.dealHand();
      while (g.handOver === 0) {
        const seat = g.turn;
        const count = g.legalMoves(seat, moves);
        let mv: number;
        if (count === 0) mv = MOVE_KNOCK;
        else if (count === 1) mv = moves[0];
        else {
          const a = s.choose(g, seat, 0, -1, samples, rng);
          const b = s.choose(g, seat, 0, -1, samples, rng);
          const c = s.choose(g, seat, 1 << ((seat + 1 + rng.int(3)) % 4), -1, samples, rng);
          const d = s.choose(g, seat, 0b1111 & ~(1 << seat), -1, samples, rng);
          choices++;
          if (a !== b) noise++;
          if (a !== c) one++;
          if (a !== d) all++;
          // medium-strength play keeps the positions varied
          mv = rng.next() < 0.5 ? a : greedyFastMove(g, mini, true);
        }
        g.apply(mv);
      }
    }
  }
  return { choices, noise: noise / choices, oneOpponent: one / choices, allOpponents: all / choices };
}

export interface PeekValue {
  games: number;
  /** the player's wins (ties for first count) per game, with its 95 % half-width */
  winRate: number;
  winRate95: number;
  pointsPerGame: number;
}

/**
 * What a peek is worth to the simulated player (a diagnostic of the evaluation, not detection):
 * one medium-strength player of the given kind against three honest medium players, seats rotated.
 * Compare a peeker with its control (`peekSeats: 0`: it searches in the same hands, seeing nothing),
 * not with an honest player, since a peeker searches in every peeked hand.
 */
export function peekValue(variant: Partial<SimPlayer>, games: number, seed: string): PeekValue {
  const base = (id: string): SimPlayer => ({ id, kind: 'honest', mix: STRENGTHS.medium, medianMs: 2000, logSd: 0.5, mistakeKnockRate: 0.002 });
  let wins = 0;
  let points = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % 4;
    const g = playSimGame(
      [0, 1, 2, 3].map((s) => (s === seat ? { ...base('x'), ...variant } : base(`h${s}`))),
      `${seed}/value/${i}`,
    );
    if (g.scores[seat] === Math.max(...g.scores)) wins++;
    points += g.scores[seat];
  }
  const p = wins / games;
  return { games, winRate: p, winRate95: 1.96 * Math.sqrt((p * (1 - p)) / games), pointsPerGame: points / games };
}
