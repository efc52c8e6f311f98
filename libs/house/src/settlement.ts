/** Settling a stake table (SPEC 8.1) and the Clock Jar (8.6). Pure. */

/** A loser under this line is skunked and pays double: under 80 in a game to 150, under 130 in a game to 250. */
export const skunkLineOf = (target: number) => (target === 250 ? 130 : 80);

/** Each human's worst case, held at the deal: twice the stake. */
export const holdOf = (stake: number) => 2 * stake;

export interface SettleInput {
  players: number;
  partners: boolean;
  target: number;
  /** the seat that won (its team, with partners) */
  winner: number;
  /** final scores per seat (partners: the team's score on both seats) */
  scores: readonly number[];
  /** seats that forfeited or abandoned: they pay as if skunked */
  forfeited: readonly boolean[];
  stake: number;
}

export interface Payment {
  from: number;
  to: number;
  amount: number;
  skunk: boolean;
}

const sameSide = (partners: boolean, a: number, b: number) => (partners ? a % 2 === b % 2 : a === b);

/**
 * Who pays whom: each loser pays the stake to the winner, double if skunked (or forfeited). With
 * partners (0 and 2 against 1 and 3) each losing seat pays the next seat in turn order, which is on
 * the winning team, so each winner is paid once (Decision, SPEC 8.1).
 */
export function settlePayments(i: SettleInput): Payment[] {
  const line = skunkLineOf(i.target);
  const out: Payment[] = [];
  for (let s = 0; s < i.players; s++) {
    if (sameSide(i.partners, s, i.winner)) continue;
    const skunk = i.forfeited[s] || i.scores[s] < line;
    const to = i.partners ? (s + 1) % i.players : i.winner;
    out.push({ from: s, to, amount: skunk ? 2 * i.stake : i.stake, skunk });
  }
  return out;
}

/** Each seat's net from the payments (what it gains, negative when it pays); sums to zero. */
export function netOf(players: number, payments: readonly Payment[]): number[] {
  const net = Array<number>(players).fill(0);
  for (const p of payments) {
    net[p.from] -= p.amount;
    net[p.to] += p.amount;
  }
  return net;
}

/** The most a weekly count of Dr.'s excuses (Lay-in Slips) from the jar may reach. */
export const EXCUSES_PER_WEEK = 3;

/** Monday 00:00 UTC of the week holding `t` (the jar's week, SPEC 8.6). */
export function weekStartUtc(t: Date): Date {
  const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000);
}

export interface JarInput {
  /** the human won the game */
  won: boolean;
  /** anyone seated was in court: the jar does not count */
  courtTable: boolean;
  /** computer run-outs in the game */
  computerTimeouts: number;
  /** a stake table's ticket fine and currency; null elsewhere */
  stake: { ticketFine: number } | null;
  /** excuses already paid to this player this week */
  excusesThisWeek: number;
}

export type JarPayout = { kind: 'fines'; amount: number } | { kind: 'excuse' } | { kind: 'none' };

/**
 * The Clock Jar for one winner: each computer timeout's fine on a stake table, or one Dr.'s excuse
 * for the game anywhere else (at most 3 a week). Losers and court tables get nothing.
 */
export function jarPayout(i: JarInput): JarPayout {
  if (!i.won || i.courtTable || i.computerTimeouts === 0) return { kind: 'none' };
  if (i.stake) return i.stake.ticketFine > 0 ? { kind: 'fines', amount: i.computerTimeouts * i.stake.ticketFine } : { kind: 'none' };
  return i.excusesThisWeek < EXCUSES_PER_WEEK ? { kind: 'excuse' } : { kind: 'none' };
}

/**
 * Expunging (SPEC 8.6): a computer ran out at a cash table where this player had no timeouts in
 * the game, and nothing was expunged for them in this game yet.
 */
export const mayExpunge = (i: { cashTable: boolean; ownTimeoutsInGame: number; expungedInGame: boolean; openTickets: number }) =>
  i.cashTable && i.ownTimeoutsInGame === 0 && !i.expungedInGame && i.openTickets > 0;
