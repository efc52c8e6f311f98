/**
 * Chip dumping (SPEC 7: "money that flows repeatedly from new or linked accounts to one player at
 * stake tables"): new accounts (or a player's second accounts) sit at a stake table with one player
 * and lose to them, game after game, so the play money of many accounts ends in one wallet. Pure:
 * the worker gathers the settled stake games' ledger lines (wallet settlement entries), the
 * accounts' ages and their device/IP links; the evaluation simulates them (docs/anticheat.md).
 */
import type { DetailValue, Signal } from './signals';

/** One ledger line of a settled stake game: a wallet's settlement entry (negative: paid, positive: won). */
export interface LedgerLine {
  entryId: string;
  userId: string;
  gameId: string;
  currency: string;
  amount: number;
  /** epoch ms */
  at: number;
}

/** What one account paid another in one settled game (a loser's payment split over the game's winners). */
export interface StakeFlow {
  gameId: string;
  at: number;
  from: string;
  to: string;
  currency: string;
  amount: number;
  /** the two ledger lines behind it (the payer's and the winner's settlement entries) */
  lines: [LedgerLine, LedgerLine];
}

/**
 * The flows of settled games from their ledger lines: in each game every payer's loss goes to the
 * game's winners in proportion to what they won (one winner: all of it). A game with no winner
 * line (everyone paid a computer seat, the house) has no flow between people.
 */
export function stakeFlows(lines: readonly LedgerLine[]): StakeFlow[] {
  const byGame = new Map<string, LedgerLine[]>();
  for (const l of lines) {
    const g = byGame.get(l.gameId);
    if (g) g.push(l);
    else byGame.set(l.gameId, [l]);
  }
  const out: StakeFlow[] = [];
  for (const [gameId, ls] of byGame) {
    const winners = ls.filter((l) => l.amount > 0);
    const won = winners.reduce((a, l) => a + l.amount, 0);
    if (won === 0) continue;
    for (const payer of ls.filter((l) => l.amount < 0)) {
      for (const w of winners) {
        if (w.userId === payer.userId || w.currency !== payer.currency) continue;
        out.push({ gameId, at: Math.max(payer.at, w.at), from: payer.userId, to: w.userId, currency: payer.currency, amount: Math.round((-payer.amount * w.amount) / won), lines: [payer, w] });
      }
    }
  }
  return out.sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : 1));
}

export interface ChipDumpingOptions {
  /** an account younger than this at its first payment to the receiver is new */
  newAccountMs: number;
  /** games a new account linked to the receiver (device or address) must have lost to it */
  minGamesLinked: number;
  /** games a new (unlinked) account must have lost to the receiver */
  minGamesNew: number;
  /** games an old account linked to the receiver must have lost to it (households play each other, and one may be far stronger) */
  minGamesLinkedOld: number;
  /** at most this share of the games between the two may have paid the donor (the flow is one way) */
  maxReturnShare: number;
  /** at least this share of the donor's losses at stake tables went to the receiver */
  minConcentration: number;
}

/** Decision (docs/anticheat.md "Chip dumping"): the thresholds the evaluation was run with. */
export const DEFAULT_CHIP_DUMPING_OPTIONS: ChipDumpingOptions = {
  newAccountMs: 14 * 86_400_000,
  minGamesLinked: 3,
  minGamesNew: 4,
  minGamesLinkedOld: 12,
  maxReturnShare: 0.2,
  minConcentration: 0.6,
};

/** One donor's record against the receiver. */
export interface DonorFlow {
  donor: string;
  newAccount: boolean;
  linked: boolean;
  /** games the donor paid the receiver, and what it paid */
  gamesLost: number;
  amount: number;
  /** games the receiver paid the donor */
  gamesWon: number;
  /** share of the donor's paying games that paid the receiver */
  concentration: number;
  /** the donor's flows to the receiver */
  flows: StakeFlow[];
}

/** Candidate donor → receiver pairs: repeated flows to one player (before the account facts are read). */
export function chipDumpingCandidates(flows: readonly StakeFlow[], opts: ChipDumpingOptions = DEFAULT_CHIP_DUMPING_OPTIONS): { donor: string; receiver: string }[] {
  const lost = new Map<string, number>();
  for (const f of flows) lost.set(`${f.from} ${f.to}`, (lost.get(`${f.from} ${f.to}`) ?? 0) + 1);
  const min = Math.min(opts.minGamesLinked, opts.minGamesNew);
  return [...lost].filter(([, n]) => n >= min).map(([k]) => {
    const [donor, receiver] = k.split(' ');
    return { donor, receiver };
  });
}

export interface AccountFacts {
  /** epoch ms each account was created */
  createdAt: ReadonlyMap<string, number>;
  /** `a b` (both orders) for accounts linked by a shared device or IP address */
  linked: ReadonlySet<string>;
}

/** Each donor's record against `receiver`: the games between the two, each way, and how concentrated the donor's losses are. */
interface FlowIndex {
  byPayer: Map<string, StakeFlow[]>;
  payersOf: Map<string, Set<string>>;
}
const indexes = new WeakMap<readonly StakeFlow[], FlowIndex>();

/** The flows by payer, and each receiver's payers: built once per flows array (a scan evaluates every receiver on the same flows). */
function indexOf(flows: readonly StakeFlow[]): FlowIndex {
  let ix = indexes.get(flows);
  if (!ix) {
    ix = { byPayer: new Map(), payersOf: new Map() };
    for (const f of flows) {
      const xs = ix.byPayer.get(f.from);
      if (xs) xs.push(f);
      else ix.byPayer.set(f.from, [f]);
      const ps = ix.payersOf.get(f.to);
      if (ps) ps.add(f.from);
      else ix.payersOf.set(f.to, new Set([f.from]));
    }
    indexes.set(flows, ix);
  }
  return ix;
}

export function donorFlows(receiver: string, flows: readonly StakeFlow[], facts: AccountFacts, opts: ChipDumpingOptions = DEFAULT_CHIP_DUMPING_OPTIONS): DonorFlow[] {
  const { byPayer: from, payersOf } = indexOf(flows);
  const donors = new Set([...(payersOf.get(receiver) ?? [])].filter((p) => p !== receiver));
  return [...donors].sort().map((donor) => {
    const mine = from.get(donor) ?? [];
    const toR = mine.filter((f) => f.to === receiver);
    const paying = new Set(mine.map((f) => f.gameId)).size;
    const lostGames = new Set(toR.map((f) => f.gameId)).size;
    const wonGames = new Set((from.get(receiver) ?? []).filter((f) => f.to === donor).map((f) => f.gameId)).size;
    const created = facts.createdAt.get(donor);
    return {
      donor,
      newAccount: created !== undefined && toR.length > 0 && toR[0].at - created < opts.newAccountMs,
      linked: facts.linked.has(`${donor} ${receiver}`) || facts.linked.has(`${receiver} ${donor}`),
      gamesLost: lostGames,
      amount: toR.reduce((a, f) => a + f.amount, 0),
      gamesWon: wonGames,
      concentration: paying ? lostGames / paying : 0,
      flows: toR,
    };
  });
}

/** Whether a donor's record is a dump: new or linked, repeated losses to the receiver, one way, concentrated on them. */
export function isDump(d: DonorFlow, opts: ChipDumpingOptions = DEFAULT_CHIP_DUMPING_OPTIONS): boolean {
  if (!d.newAccount && !d.linked) return false;
  const min = !d.newAccount ? opts.minGamesLinkedOld : d.linked ? opts.minGamesLinked : opts.minGamesNew;
  return d.gamesLost >= min && d.gamesWon <= opts.maxReturnShare * (d.gamesLost + d.gamesWon) && d.concentration >= opts.minConcentration;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The chip-dumping signal of one receiver: value = the one-way games (lost minus won) of the donors
 * whose record is a dump; fires when at least one donor's is (threshold: the smaller game minimum).
 * Subjects: the receiver and those donors. Details: each donor's figures and the ledger lines of
 * their payments (reviewers only), newest 200.
 */
export function chipDumpingSignal(receiver: string, donors: readonly DonorFlow[], opts: ChipDumpingOptions = DEFAULT_CHIP_DUMPING_OPTIONS): Signal {
  const dumps = donors.filter((d) => isDump(d, opts));
  const value = dumps.reduce((a, d) => a + d.gamesLost - d.gamesWon, 0);
  const threshold = Math.min(opts.minGamesLinked, opts.minGamesNew);
  const lines: DetailValue[] = dumps
    .flatMap((d) => d.flows)
    .sort((a, b) => a.at - b.at)
    .slice(-200)
    .flatMap((f) => f.lines.map((l) => ({ entryId: l.entryId, userId: l.userId, gameId: l.gameId, currency: l.currency, amount: l.amount, at: new Date(l.at).toISOString() })));
  const users = [receiver, ...dumps.map((d) => d.donor)].sort();
  return {
    kind: 'chip_dumping',
    userIds: users,
    value,
    threshold,
    baseline: { minGamesLinked: opts.minGamesLinked, minGamesNew: opts.minGamesNew, minGamesLinkedOld: opts.minGamesLinkedOld, maxReturnShare: opts.maxReturnShare, minConcentration: opts.minConcentration, newAccountDays: opts.newAccountMs / 86_400_000 },
    sampleSize: dumps.reduce((a, d) => a + d.gamesLost + d.gamesWon, 0),
    fired: dumps.length > 0 && value >= threshold,
    details: {
      receiver,
      donors: dumps.map((d) => ({ userId: d.donor, newAccount: d.newAccount, linked: d.linked, gamesLost: d.gamesLost, gamesWon: d.gamesWon, amount: d.amount, concentration: r3(d.concentration) })),
      ledger: lines,
    },
  };
}
