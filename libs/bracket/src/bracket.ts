/**
 * Single-elimination bracket of 4-player tables (SPEC 3.2), as pure functions
 * over JSON-serialisable values. Randomness (the seat draws) comes from the
 * bracket's seed string through the engine's seeded generator, so the whole
 * bracket — and every later round's seating — is re-derivable from it.
 *
 * Arithmetic. N players (16..512); S = the smallest 16·2^k ≥ N; R = log2(S) − 1
 * rounds. From round 2 on there are S/2, S/4, …, 4 players at S/8, S/16, …, 1
 * full tables of 4, table 2i and 2i+1 of round r feeding table i of round r+1.
 * Round 1 is played by P players at T tables while B players have byes:
 *   every round-1 table sends 2 forward, so   B + 2T = S/2   (round 2 is full)
 *   N even: all tables seat 4,  P = 4T      →  T = (N − S/2)/2,     B = S − N
 *   N odd:  one table seats 3,  P = 4T − 1  →  T = (N + 1 − S/2)/2, B = S − N − 1
 * i.e. B = S − N − (N mod 2) and P = N − B. Since S/2 < N ≤ S (or N = S = 16),
 * T ≥ 1 always; B = 0 exactly when N = S or N = S − 1.
 *
 * Seeding (decision). Round 2 is laid out as a standard seeded bracket of S/2
 * "lines": the standard order (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, …; each pair
 * of adjacent lines sums to S/2 + 1, recursively) gives each line position
 * 0..S/2−1 a line rank 1..S/2; table i of round 2 holds positions 4i..4i+3.
 * - The B byes are seeds 1..B; bye seed s sits on the line of rank s.
 * - Round 1 is a play-in for lines B+1..S/2. The P round-1 players, ranked
 *   1..P (local rank = seed − B), form T tables; table k (k = 1..T) seats local
 *   ranks {k, 2T+1−k, 2T+k, 4T+1−k} — one from each quarter of the round-1
 *   field. When N is odd local rank 4T does not exist, so the 3-player table is
 *   the one of the best round-1 seed (k = 1), as a bye would be.
 * - Table k feeds lines B+k and S/2+1−k: its better-seeded advancer takes line
 *   B+k, the other line S/2+1−k — routing by seed, not by finishing place,
 *   so 1st and 2nd at a round-1 table never need to be told apart. When B > 0
 *   the two lines are usually in different round-2 tables; when B = 0 they are
 *   the adjacent pair 2j, 2j+1 and round 1 is an ordinary level of the tree.
 * - Round-1 tables are listed in tree order: by the first line they feed.
 * If every table goes "by seed" the round-2 field is exactly the standard
 * seeded bracket, so seeds 1-4 are in four different quarters and, in every
 * round r ≥ 2, each table holds one seed from each quarter of that round's
 * field. Whatever the results, seeds 1-4 cannot meet before the semifinal
 * tables (the 2 tables of round R − 1).
 *
 * Seats (decision). Seats at a round's tables are drawn with
 * seedRng("<seed>:seats:<round>"), one shuffle per table in table order, of the
 * table's players as listed (round 1: by seed; round 2: by line; later rounds:
 * the advancers of table 2i then 2i+1, each pair by seed). Seat 0 is the first
 * seat of the table (who leads is the engine's business).
 */
import { seedRng, shuffle } from '@dcs/engine/rng';

export const MIN_BRACKET_PLAYERS = 16;
/** With `allowSmall` (events beyond the city): a 3- or 4-player final table alone. */
export const MIN_SMALL_BRACKET_PLAYERS = 3;
export const MAX_BRACKET_PLAYERS = 512;

export interface BracketPlayer {
  readonly id: string;
  /** 1 = best; the list is ordered by seed. */
  readonly seed: number;
}

export interface GenerateBracketInput {
  readonly players: readonly BracketPlayer[];
  /** Seed string of the bracket's recorded random draws (the seats). */
  readonly seed: string;
  /**
   * Events beyond the city (Regional, NDT Finals) may have fewer than 16 players: then S is the
   * smallest 4·2^k ≥ N and N may be 3..512 (4 players = the final table alone). Weekly challenges
   * keep the SPEC 3.2 minimum of 16.
   */
  readonly allowSmall?: boolean;
}

export type BracketErrorCode =
  | 'TOO_FEW_PLAYERS'
  | 'TOO_MANY_PLAYERS'
  | 'BAD_SEEDS'
  | 'DUPLICATE_PLAYER'
  | 'BAD_ROUND'
  | 'BAD_ADVANCERS';

export interface BracketError {
  readonly code: BracketErrorCode;
  readonly message: string;
}

export interface SeatedTable {
  readonly round: number;
  /** Index within the round, in tree order. */
  readonly index: number;
  /** The table's players in structural order (see the header). */
  readonly players: string[];
  /** Seat 0..n−1 → player id, drawn at random from the bracket seed. */
  readonly seats: string[];
}

export interface RoundOneTable extends SeatedTable {
  /** Round-2 line positions: [better-seeded advancer's line, the other advancer's line]. */
  readonly feeds: [number, number];
}

export interface Bye {
  readonly playerId: string;
  readonly seed: number;
  /** Round-2 line position, 0..S/2−1. */
  readonly line: number;
  /** Round-2 table (line ÷ 4) and its slot there (line mod 4). The seat is drawn when round 2 is seated. */
  readonly table: number;
  readonly slot: number;
}

export type RoundTwoLine =
  | { readonly kind: 'bye'; readonly playerId: string }
  | { readonly kind: 'advancer'; readonly fromTable: number; readonly which: 'better-seed' | 'other' };

export interface Bracket {
  readonly format: 1;
  readonly seed: string;
  readonly playerCount: number;
  /** S = 16·2^k. */
  readonly size: number;
  readonly rounds: number;
  readonly byeCount: number;
  /** Tables in each round, round 1 first. */
  readonly tablesPerRound: number[];
  /** Player ids by seed (index 0 = seed 1). */
  readonly seeding: string[];
  readonly round1: RoundOneTable[];
  /** In seed order. */
  readonly byes: Bye[];
  /** Where each round-2 line position comes from. */
  readonly round2Lines: RoundTwoLine[];
}

export interface BracketRound {
  readonly round: number;
  readonly tables: SeatedTable[];
}

export function isBracketError(value: unknown): value is BracketError {
  return typeof value === 'object' && value !== null && 'code' in value && !('format' in value);
}

function err(code: BracketErrorCode, message: string): BracketError {
  return { code, message };
}

/** Standard seeded-bracket order of n = 2^m line ranks: [1, n, n/2, n/2+1, …]. */
export function standardOrder(n: number): number[] {
  let order = [1];
  while (order.length < n) {
    const size = order.length * 2;
    const next: number[] = [];
    for (const r of order) next.push(r, size + 1 - r);
    order = next;
  }
  return order;
}

/** S, rounds, byes and round-1 shape for N players (N must be 16..512, or 3..512 with `allowSmall`). */
export function bracketShape(playerCount: number, allowSmall = false): {
  size: number;
  rounds: number;
  byes: number;
  roundOnePlayers: number;
  roundOneTables: number;
  tablesPerRound: number[];
} {
  let size = allowSmall ? 4 : MIN_BRACKET_PLAYERS;
  let rounds = allowSmall ? 1 : 3;
  while (size < playerCount) {
    size *= 2;
    rounds++;
  }
  const byes = size - playerCount - (playerCount % 2);
  const roundOneTables = (size / 2 - byes) / 2;
  const tablesPerRound = [roundOneTables];
  for (let t = size / 8; t >= 1; t /= 2) tablesPerRound.push(t);
  return { size, rounds, byes, roundOnePlayers: playerCount - byes, roundOneTables, tablesPerRound };
}

function seatTables(seed: string, round: number, lists: readonly string[][]): string[][] {
  const rng = seedRng(`${seed}:seats:${round}`);
  return lists.map((players) => shuffle(rng, players));
}

export function generateBracket(input: GenerateBracketInput): Bracket | BracketError {
  const n = input.players.length;
  const min = input.allowSmall ? MIN_SMALL_BRACKET_PLAYERS : MIN_BRACKET_PLAYERS;
  if (n < min) return err('TOO_FEW_PLAYERS', `a bracket needs at least ${min} players, got ${n}`);
  if (n > MAX_BRACKET_PLAYERS) return err('TOO_MANY_PLAYERS', `a bracket holds at most ${MAX_BRACKET_PLAYERS} players, got ${n}`);
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const p = input.players[i];
    if (p.seed !== i + 1) return err('BAD_SEEDS', `players must be ordered by seed 1..${n}; position ${i} has seed ${p.seed}`);
    if (typeof p.id !== 'string' || p.id.length === 0) return err('DUPLICATE_PLAYER', `player at seed ${p.seed} has no id`);
    if (ids.has(p.id)) return err('DUPLICATE_PLAYER', `player ${p.id} is listed twice`);
    ids.add(p.id);
  }
  const seeding = input.players.map((p) => p.id);
  const shape = bracketShape(n, input.allowSmall ?? false);
  const half = shape.size / 2;
  const t = shape.roundOneTables;
  const b = shape.byes;
  const p = shape.roundOnePlayers;

  const order = standardOrder(half);
  const lineOfRank = new Array<number>(half + 1);
  order.forEach((rank, position) => {
    lineOfRank[rank] = position;
  });

  const round2Lines = new Array<RoundTwoLine>(half);
  const byes: Bye[] = [];
  for (let s = 1; s <= b; s++) {
    const line = lineOfRank[s];
    const playerId = seeding[s - 1];
    byes.push({ playerId, seed: s, line, table: Math.floor(line / 4), slot: line % 4 });
    round2Lines[line] = { kind: 'bye', playerId };
  }

  const drafts: { players: string[]; feeds: [number, number] }[] = [];
  for (let k = 1; k <= t; k++) {
    const players = [k, 2 * t + 1 - k, 2 * t + k, 4 * t + 1 - k]
      .filter((local) => local <= p)
      .map((local) => seeding[b + local - 1]);
    drafts.push({ players, feeds: [lineOfRank[b + k], lineOfRank[half + 1 - k]] });
  }
  drafts.sort((x, y) => Math.min(...x.feeds) - Math.min(...y.feeds));
  const seats = seatTables(input.seed, 1, drafts.map((d) => d.players));
  const round1: RoundOneTable[] = drafts.map((d, index) => {
    round2Lines[d.feeds[0]] = { kind: 'advancer', fromTable: index, which: 'better-seed' };
    round2Lines[d.feeds[1]] = { kind: 'advancer', fromTable: index, which: 'other' };
    return { round: 1, index, players: d.players, seats: seats[index], feeds: d.feeds };
  });

  return {
    format: 1,
    seed: input.seed,
    playerCount: n,
    size: shape.size,
    rounds: shape.rounds,
    byeCount: b,
    tablesPerRound: shape.tablesPerRound,
    seeding,
    round1,
    byes,
    round2Lines,
  };
}

/** Round 1 as a plain round (the same tables as `bracket.round1`). */
export function roundOne(bracket: Bracket): BracketRound {
  return {
    round: 1,
    tables: bracket.round1.map((t) => ({ round: 1, index: t.index, players: [...t.players], seats: [...t.seats] })),
  };
}

/**
 * Seats round r+1 from round r's tables and, for each of them in index order,
 * its two advancing players (in any order). Round 2 also takes the byes.
 */
export function seatRound(
  bracket: Bracket,
  current: BracketRound,
  advancers: readonly (readonly string[])[],
): BracketRound | BracketError {
  const r = current.round;
  if (!Number.isInteger(r) || r < 1 || r >= bracket.rounds) {
    return err('BAD_ROUND', `round must be 1..${bracket.rounds - 1} (the final is round ${bracket.rounds})`);
  }
  const expected = bracket.tablesPerRound[r - 1];
  if (current.tables.length !== expected) return err('BAD_ROUND', `round ${r} has ${expected} tables, got ${current.tables.length}`);
  if (r === 1 && current.tables.some((t, i) => t.players.join() !== bracket.round1[i].players.join())) {
    return err('BAD_ROUND', 'round 1 must be the bracket\'s own round-1 tables');
  }
  if (advancers.length !== expected) return err('BAD_ADVANCERS', `expected advancers for ${expected} tables, got ${advancers.length}`);
  const seedOf = new Map<string, number>(bracket.seeding.map((id, i) => [id, i + 1]));
  const pairs: string[][] = [];
  for (let i = 0; i < expected; i++) {
    const pair = advancers[i];
    const table = current.tables[i];
    if (pair.length !== 2 || pair[0] === pair[1]) return err('BAD_ADVANCERS', `table ${i} must send exactly 2 different players`);
    for (const id of pair) {
      if (!table.players.includes(id)) return err('BAD_ADVANCERS', `${id} did not sit at table ${i} of round ${r}`);
    }
    pairs.push([...pair].sort((x, y) => (seedOf.get(x) ?? 0) - (seedOf.get(y) ?? 0)));
  }

  let lists: string[][];
  if (r === 1) {
    const lines = bracket.round2Lines.map((line) => {
      if (line.kind === 'bye') return line.playerId;
      return pairs[line.fromTable][line.which === 'better-seed' ? 0 : 1];
    });
    lists = [];
    for (let i = 0; i < lines.length; i += 4) lists.push(lines.slice(i, i + 4));
  } else {
    lists = [];
    for (let i = 0; i < pairs.length; i += 2) lists.push([...pairs[i], ...pairs[i + 1]]);
  }
  const seats = seatTables(bracket.seed, r + 1, lists);
  return {
    round: r + 1,
    tables: lists.map((players, index) => ({ round: r + 1, index, players, seats: seats[index] })),
  };
}

/**
 * Generates the largest bracket (512 players) and returns it — nothing else,
 * so a benchmark script can time it. Expected well under 5 ms per call.
 */
export function benchmarkBracketGeneration(seed = 'bench'): Bracket | BracketError {
  const players: BracketPlayer[] = [];
  for (let i = 1; i <= MAX_BRACKET_PLAYERS; i++) players.push({ id: `p${i}`, seed: i });
  return generateBracket({ players, seed });
}
