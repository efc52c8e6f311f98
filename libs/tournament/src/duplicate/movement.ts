/**
 * Seating a duplicate night's rounds (SPEC 9.4): T = ceil(N / 4) tables for N checked-in people, the seats left
 * over (4T − N, at most 3) to computers, one computer a table at most. Round 1 is a random draw; every later round
 * a seeded draw that, in this order of priority, (1) keeps any two people from sitting at one table twice when that
 * is possible, and (2) while the event has R ≤ 4 rounds, gives everyone a seat number they have not held yet.
 * Deterministic from the night's secret seed (round r is drawn from sha256hex("<seed>:seating:r<r>"), so the seed
 * revealed at the end re-derives every seating); the result carries its reasons for the audit trail.
 *
 * How: round 1 shuffles people, tables and seats with the engine generator. A later round makes 6 attempts and keeps
 * the cheapest: each places people (in shuffled order) greedily at the table where the cost rises least, then
 * anneals — swaps two people of different tables, keeping a swap that lowers the cost and one that raises it by d
 * with probability exp(−d / temperature), the temperature falling from 2 to 0 over 400 tries a person — and keeps
 * the best seating seen. The cost of a table is 1000 × (pairs at it who met before) + (with R ≤ 4) the fewest of its
 * four who must take a seat number they held, over the 24 ways to seat them. 1000 outweighs every seat cost of a
 * night (at most 128 seats), so the priority is strict; a temperature of 2 never lets a pair meet again to save
 * seats. Computers meet anyone but rotate seat numbers like people: otherwise a computer kept on one seat number
 * unbalances the people's free seat numbers by the last round. "When that is possible" is met as well as this
 * search finds (nothing proves a seating optimal): the specs pin nights where a seating with no repeated pair is
 * known to exist, and the exact least for 8 people at 2 tables.
 */
import { nextInt, seedRng, sha256Hex, shuffle, type RngState } from '@dcs/engine';

export const DUPLICATE_MIN_PEOPLE = 8;
export const DUPLICATE_MAX_PEOPLE = 128;
export const DUPLICATE_MAX_ROUNDS = 6;
const SEATS = 4;
const PAIR_WEIGHT = 1000;
/** Swaps tried per person seated; and the annealing's first temperature (early on a pair may meet again to get out of a corner). */
const TRIES_PER_PERSON = 400;
const ATTEMPTS = 6;
const START_TEMPERATURE = 2;

/** A round's seating: `tables[t][s]` is the id sitting at seat s of table t + 1 (a person's id, or "computer:k"). */
export interface RoundSeating {
  readonly round: number;
  readonly tables: readonly (readonly string[])[];
}

export type MovementReason =
  | { readonly code: 'RANDOM_DRAW'; readonly message: string }
  | { readonly code: 'COMPUTERS'; readonly tables: readonly number[]; readonly message: string }
  | { readonly code: 'NOBODY_MEETS_AGAIN'; readonly message: string }
  | { readonly code: 'PAIRS_MEET_AGAIN'; readonly pairs: readonly (readonly [string, string])[]; readonly message: string }
  | { readonly code: 'NEW_SEAT_NUMBERS'; readonly message: string }
  | { readonly code: 'SEAT_NUMBERS_HELD_AGAIN'; readonly people: readonly { readonly id: string; readonly seat: number }[]; readonly message: string }
  | { readonly code: 'SEAT_NUMBERS_FREE'; readonly message: string };

export interface MovementDraw extends RoundSeating {
  /** the seed string this round was drawn from */
  readonly seed: string;
  readonly reasons: readonly MovementReason[];
}

export interface MovementInput {
  /** the night's secret seed, as it is revealed at the end (the round's draw seed is derived from it: movementRoundSeed) */
  readonly seed: string;
  /** the checked-in people (their order does not matter) */
  readonly people: readonly string[];
  /** R, the night's number of rounds */
  readonly rounds: number;
  /** the round to seat (1-based) */
  readonly round: number;
  /** the seatings of rounds 1 .. round − 1 */
  readonly previous: readonly RoundSeating[];
}

export const computerId = (k: number): string => `computer:${k}`;
export const isComputerId = (id: string): boolean => id.startsWith('computer:');

/** T = ceil(N / 4) tables; 4T − N computers. */
export function duplicateTableCount(people: number): number {
  return Math.ceil(people / SEATS);
}

/** The seed string of a round's draw: sha256hex("<seed>:seating:r<round>"). */
export function movementRoundSeed(seed: string, round: number): string {
  return sha256Hex(`${seed}:seating:r${round}`);
}

const PERMS: number[][] = (() => {
  const out: number[][] = [];
  const go = (prefix: number[]) => {
    if (prefix.length === SEATS) out.push(prefix);
    for (let s = 0; s < SEATS; s++) if (!prefix.includes(s)) go([...prefix, s]);
  };
  go([]);
  return out;
})();

function check(input: MovementInput): void {
  const n = input.people.length;
  if (n < DUPLICATE_MIN_PEOPLE || n > DUPLICATE_MAX_PEOPLE) throw new RangeError(`a duplicate night seats ${DUPLICATE_MIN_PEOPLE} to ${DUPLICATE_MAX_PEOPLE} people, not ${n}`);
  if (new Set(input.people).size !== n) throw new RangeError('a person is listed twice');
  if (input.people.some(isComputerId)) throw new RangeError('"computer:" ids are the computers\'');
  if (!Number.isInteger(input.rounds) || input.rounds < 1 || input.rounds > DUPLICATE_MAX_ROUNDS) throw new RangeError(`rounds must be 1..${DUPLICATE_MAX_ROUNDS}`);
  if (!Number.isInteger(input.round) || input.round < 1 || input.round > input.rounds) throw new RangeError(`round must be 1..${input.rounds}`);
  if (input.previous.length !== input.round - 1) throw new RangeError(`round ${input.round} needs the seatings of the ${input.round - 1} rounds before it`);
}

/** Occupants as indices: people 0..N−1, computers N.. (they meet anyone; their seat numbers rotate like people's). */
interface Work {
  n: number;
  met: Uint8Array;
  held: Uint8Array;
  seatsMatter: boolean;
}

function pairRepeats(w: Work, occ: readonly number[]): number {
  let r = 0;
  for (let a = 0; a < occ.length; a++) {
    const i = occ[a];
    if (i < 0 || i >= w.n) continue;
    for (let b = a + 1; b < occ.length; b++) {
      const j = occ[b];
      if (j >= 0 && j < w.n && w.met[i * w.n + j]) r++;
    }
  }
  return r;
}

/** The fewest people of the table who must take a seat number they held, and the seatings that achieve it. */
function seatCost(w: Work, occ: readonly number[]): number {
  if (!w.seatsMatter) return 0;
  let best = SEATS;
  for (const p of PERMS) {
    let c = 0;
    for (let k = 0; k < occ.length; k++) if (w.held[occ[k]] & (1 << p[k])) c++;
    if (c < best) best = c;
    if (best === 0) break;
  }
  return best;
}

const tableCost = (w: Work, occ: readonly number[]) => PAIR_WEIGHT * pairRepeats(w, occ) + seatCost(w, occ);

/** Seats each table's four: one of the best ways (the first of the 24, in an order shuffled per table). */
function seatTable(w: Work, occ: readonly number[], rng: RngState): number[] {
  let best: number[] = PERMS[0];
  let bestCost = Infinity;
  for (const p of shuffle(rng, PERMS)) {
    let c = 0;
    if (w.seatsMatter) for (let k = 0; k < SEATS; k++) if (w.held[occ[k]] & (1 << p[k])) c++;
    if (c < bestCost) {
      bestCost = c;
      best = p;
    }
  }
  const seated = Array<number>(SEATS);
  for (let k = 0; k < SEATS; k++) seated[best[k]] = occ[k];
  return seated;
}

/** Draws the seating of `input.round` (see the header). */
export function drawRound(input: MovementInput): MovementDraw {
  check(input);
  const people = [...input.people].sort();
  const n = people.length;
  const t = duplicateTableCount(n);
  const computers = SEATS * t - n;
  const seed = movementRoundSeed(input.seed, input.round);
  const rng = seedRng(seed);
  const index = new Map(people.map((id, i) => [id, i]));
  const idOf = (i: number) => (i < n ? people[i] : computerId(i - n + 1));
  // which tables get a computer (one each)
  const computerTables = shuffle(rng, Array.from({ length: t }, (_, i) => i)).slice(0, computers).sort((a, b) => a - b);
  const w: Work = { n, met: new Uint8Array(n * n), held: new Uint8Array(n + computers), seatsMatter: input.round > 1 && input.rounds <= 4 };
  for (const prev of input.previous) {
    for (const table of prev.tables) {
      const occ = table.map((id) => index.get(id) ?? -1);
      table.forEach((id, seat) => {
        // computers rotate seat numbers too, so that the people's free seat numbers stay balanced
        const k = isComputerId(id) ? Number(id.slice('computer:'.length)) : 0;
        const i = k >= 1 && k <= computers ? n + k - 1 : (index.get(id) ?? -1);
        if (i >= 0) w.held[i] |= 1 << seat;
      });
      for (const i of occ) for (const j of occ) if (i >= 0 && j >= 0 && i !== j) w.met[i * n + j] = 1;
    }
  }
  // slots: table k holds its computer (if any) first
  const tables: number[][] = Array.from({ length: t }, () => []);
  computerTables.forEach((k, c) => tables[k].push(n + c));
  const order = shuffle(rng, Array.from({ length: n }, (_, i) => i));
  if (input.round === 1) {
    let k = 0;
    for (const i of order) {
      while (tables[k].length === SEATS) k++;
      tables[k].push(i);
    }
  } else {
    // several independent attempts from the same generator; the cheapest seating wins (the first on a tie)
    let best: number[][] | null = null;
    let bestCost = Infinity;
    for (let attempt = 0; attempt < ATTEMPTS && bestCost > 0; attempt++) {
      const candidate = tables.map((occ) => occ.slice());
      placeGreedily(w, candidate, attempt === 0 ? order : shuffle(rng, order), rng);
      improve(w, candidate, rng, TRIES_PER_PERSON * n);
      const cost = candidate.reduce((sum, occ) => sum + tableCost(w, occ), 0);
      if (cost < bestCost) {
        bestCost = cost;
        best = candidate;
      }
    }
    (best as number[][]).forEach((occ, k) => (tables[k] = occ));
  }
  const seated = tables.map((occ) => seatTable(w, occ, rng));
  return { round: input.round, seed, tables: seated.map((occ) => occ.map(idOf)), reasons: reasonsFor(input, w, seated, computerTables, idOf) };
}

/** Each person, in the given order, to the table (in a shuffled order) where the cost rises least. */
function placeGreedily(w: Work, tables: number[][], order: readonly number[], rng: RngState): void {
  const tableOrder = shuffle(rng, Array.from({ length: tables.length }, (_, i) => i));
  for (const i of order) {
    let best = -1;
    let bestCost = Infinity;
    for (const k of tableOrder) {
      if (tables[k].length === SEATS) continue;
      const c = tableCost(w, [...tables[k], i]);
      if (c < bestCost) {
        bestCost = c;
        best = k;
      }
    }
    tables[best].push(i);
  }
}

/**
 * Simulated annealing over swaps of two people of different tables: a swap that lowers the cost is kept, one that
 * raises it by d is kept with probability exp(−d / temperature), the temperature falling linearly to 0 over the
 * tries; the best seating seen is the one returned. The generator makes every choice, so a seed gives one result.
 */
function improve(w: Work, tables: number[][], rng: RngState, tries: number): void {
  const costs = tables.map((occ) => tableCost(w, occ));
  let total = costs.reduce((a, b) => a + b, 0);
  let best = total;
  let bestTables = tables.map((occ) => occ.slice());
  const slots: [number, number][] = [];
  tables.forEach((occ, k) => occ.forEach((i, s) => i < w.n && slots.push([k, s])));
  for (let n = 0; n < tries && best > 0; n++) {
    const [ka, sa] = slots[nextInt(rng, slots.length)];
    const [kb, sb] = slots[nextInt(rng, slots.length)];
    if (ka === kb) continue;
    const a = tables[ka];
    const b = tables[kb];
    [a[sa], b[sb]] = [b[sb], a[sa]];
    const ca = tableCost(w, a);
    const cb = tableCost(w, b);
    const delta = ca + cb - costs[ka] - costs[kb];
    const temperature = START_TEMPERATURE * (1 - n / tries);
    if (delta <= 0 || nextInt(rng, 1_000_000) < Math.exp(-delta / temperature) * 1_000_000) {
      costs[ka] = ca;
      costs[kb] = cb;
      total += delta;
      if (total < best) {
        best = total;
        bestTables = tables.map((occ) => occ.slice());
      }
    } else {
      [a[sa], b[sb]] = [b[sb], a[sa]];
    }
  }
  bestTables.forEach((occ, k) => (tables[k] = occ));
}

function reasonsFor(input: MovementInput, w: Work, seated: number[][], computerTables: number[], idOf: (i: number) => string): MovementReason[] {
  const out: MovementReason[] = [];
  if (computerTables.length) {
    const list = computerTables.map((k) => k + 1);
    out.push({ code: 'COMPUTERS', tables: list, message: `${list.length} seat(s) left over go to computers, one a table: table(s) ${list.join(', ')}` });
  }
  if (input.round === 1) {
    out.push({ code: 'RANDOM_DRAW', message: 'round 1: people, tables and seats drawn at random' });
    return out;
  }
  const pairs: [string, string][] = [];
  for (const occ of seated) {
    for (let a = 0; a < SEATS; a++) {
      for (let b = a + 1; b < SEATS; b++) {
        const i = occ[a];
        const j = occ[b];
        if (i < w.n && j < w.n && w.met[i * w.n + j]) pairs.push([idOf(i), idOf(j)].sort() as [string, string]);
      }
    }
  }
  out.push(
    pairs.length === 0
      ? { code: 'NOBODY_MEETS_AGAIN', message: 'no two people sit at one table twice' }
      : { code: 'PAIRS_MEET_AGAIN', pairs, message: `${pairs.length} pair(s) meet again: the draw found no seating with fewer` },
  );
  if (!w.seatsMatter) {
    out.push({ code: 'SEAT_NUMBERS_FREE', message: `the night has ${input.rounds} rounds (more than 4): seat numbers may repeat` });
    return out;
  }
  const again: { id: string; seat: number }[] = [];
  seated.forEach((occ) => occ.forEach((i, seat) => i < w.n && w.held[i] & (1 << seat) && again.push({ id: idOf(i), seat })));
  out.push(
    again.length === 0
      ? { code: 'NEW_SEAT_NUMBERS', message: 'everyone has a seat number they have not held' }
      : { code: 'SEAT_NUMBERS_HELD_AGAIN', people: again, message: `${again.length} person(s) hold a seat number again: keeping people apart came first` },
  );
  return out;
}

/** Draws rounds 1..upTo one after the other (simulations, specs, re-derivation from the revealed seed). */
export function drawRounds(seed: string, people: readonly string[], rounds: number, upTo = rounds): MovementDraw[] {
  const out: MovementDraw[] = [];
  for (let round = 1; round <= upTo; round++) out.push(drawRound({ seed, people, rounds, round, previous: out }));
  return out;
}
