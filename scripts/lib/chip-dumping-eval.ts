/**
 * The chip-dumping part of `npm run anticheat:eval` (docs/anticheat.md "Chip dumping"): a month of
 * stake games between simulated accounts, settled into ledger lines as the platform settles them,
 * then the worker's decision (stakeFlows → chipDumpingCandidates → donorFlows → chipDumpingSignal)
 * on every receiver. Honest accounts: established players, new accounts (weaker on average) losing
 * to strangers, new accounts with one favourite rival, and linked households who play each other.
 * Dumpers: a receiver and 1-5 fresh second accounts (half of them linked to the receiver by device
 * or address) that lose 3-6 stake games to it, some with decoy games; and "aged" dumpers whose
 * unlinked second accounts wait 20 days before dumping (beyond the 14-day "new" bound).
 */
import { chipDumpingCandidates, chipDumpingSignal, DEFAULT_CHIP_DUMPING_OPTIONS, donorFlows, stakeFlows, type LedgerLine } from '../../libs/anticheat/src/index';
import { SimRng } from '../../libs/anticheat/src/sim';

const DAY = 86_400_000;

export interface ChipDumpingRow {
  type: 'chip-dumper' | 'chip-dumper-aged';
  rings: number;
  detected: number;
  recall: number;
}

export interface ChipDumpingEval {
  rows: ChipDumpingRow[];
  honest: { accounts: number; flagged: number; falsePositiveRate: number; newAccounts: number; newFlagged: number; newFalsePositiveRate: number };
  games: number;
  options: typeof DEFAULT_CHIP_DUMPING_OPTIONS;
}

interface Account {
  id: string;
  skill: number;
  createdAt: number;
  honest: boolean;
  isNew: boolean;
}

export function evaluateChipDumping(seed: string, scale: { honest: number; newAccounts: number; households: number; rings: number; gamesPerPlayer: number }): ChipDumpingEval {
  const rng = new SimRng(`chip-${seed}`);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const accounts: Account[] = [];
  const linked = new Set<string>();
  const link = (a: string, b: string): void => {
    linked.add(`${a} ${b}`);
    linked.add(`${b} ${a}`);
  };
  let n = 0;
  const account = (honest: boolean, isNew: boolean, createdAt: number, skill = normal()): Account => {
    const a = { id: `u${++n}`, skill, createdAt, honest, isNew };
    accounts.push(a);
    return a;
  };
  const established = Array.from({ length: scale.honest }, () => account(true, false, -365 * DAY));
  const rookies = Array.from({ length: scale.newAccounts }, () => account(true, true, rng.next() * 20 * DAY, normal() - 0.7));
  const households = Array.from({ length: scale.households }, () => {
    const [a, b] = [account(true, false, -200 * DAY), account(true, false, -200 * DAY)];
    link(a.id, b.id);
    return [a, b] as const;
  });
  const lines: LedgerLine[] = [];
  let games = 0;
  /** One settled 2-person stake game: the loser pays the stake (double when skunked or forfeited). */
  const play = (a: Account, b: Account, at: number, loser?: Account): void => {
    const pA = 1 / (1 + Math.exp(-(a.skill - b.skill)));
    const lost = loser ?? (rng.next() < pA ? b : a);
    const won = lost === a ? b : a;
    const stake = [100, 250, 500, 1_000][rng.int(4)];
    const amount = stake * (loser || rng.next() < 0.2 ? 2 : 1);
    const gameId = `g${++games}`;
    lines.push({ entryId: `${gameId}:${lost.id}`, userId: lost.id, gameId, currency: 'DD', amount: -amount, at }, { entryId: `${gameId}:${won.id}`, userId: won.id, gameId, currency: 'DD', amount, at });
  };
  const pool = [...established, ...rookies, ...households.flat()];
  const stranger = (me: Account): Account => {
    for (;;) {
      const o = pool[rng.int(pool.length)];
      if (o !== me) return o;
    }
  };
  const month = (from = 0): number => from + rng.next() * (30 * DAY - from);
  for (const p of established) for (let i = 0; i < scale.gamesPerPlayer / 2; i++) play(p, stranger(p), month());
  for (const [i, r] of rookies.entries()) {
    // a third of the new accounts keep coming back to one favourite rival (half their games)
    const rival = i % 3 === 0 ? stranger(r) : null;
    for (let g = 0; g < scale.gamesPerPlayer / 2; g++) play(r, rival && rng.next() < 0.5 ? rival : stranger(r), month(r.createdAt));
  }
  for (const [a, b] of households) {
    for (let g = 0; g < scale.gamesPerPlayer / 2; g++) play(a, b, month());
    for (let g = 0; g < scale.gamesPerPlayer / 4; g++) {
      play(a, stranger(a), month());
      play(b, stranger(b), month());
    }
  }
  const rings: { type: ChipDumpingRow['type']; receiver: Account; sybils: Account[] }[] = [];
  for (let i = 0; i < scale.rings; i++) {
    const aged = i % 5 === 4;
    const receiver = rng.next() < 0.5 ? established[rng.int(established.length)] : account(false, false, -100 * DAY);
    const created = rng.next() * 5 * DAY;
    const sybils = Array.from({ length: 1 + rng.int(5) }, () => account(false, !aged, created));
    for (const s of sybils) {
      if (!aged && rng.next() < 0.5) link(s.id, receiver.id);
      const start = created + (aged ? 20 * DAY : rng.next() * DAY);
      const dumps = 3 + rng.int(4);
      for (let g = 0; g < dumps; g++) play(s, receiver, start + g * 3_600_000 + rng.next() * DAY, s);
      // decoys: a game or two against strangers, now and then one won from the receiver
      if (rng.next() < 0.3) for (let g = 0, k = 1 + rng.int(2); g < k; g++) play(s, stranger(s), start + rng.next() * 5 * DAY);
      if (rng.next() < 0.2) play(s, receiver, start + rng.next() * 5 * DAY, receiver);
    }
    rings.push({ type: aged ? 'chip-dumper-aged' : 'chip-dumper', receiver, sybils });
  }

  const flows = stakeFlows(lines);
  const createdAt = new Map(accounts.map((a) => [a.id, a.createdAt]));
  const flagged = new Map<string, Set<string>>();
  for (const receiver of [...new Set(chipDumpingCandidates(flows).map((c) => c.receiver))]) {
    const s = chipDumpingSignal(receiver, donorFlows(receiver, flows, { createdAt, linked }));
    if (s.fired) flagged.set(receiver, new Set(s.userIds));
  }
  const flaggedAccounts = new Set([...flagged.values()].flatMap((s) => [...s]));
  const rows = (['chip-dumper', 'chip-dumper-aged'] as const).map((type) => {
    const of = rings.filter((r) => r.type === type);
    const detected = of.filter((r) => r.sybils.some((s) => flagged.get(r.receiver.id)?.has(s.id))).length;
    return { type, rings: of.length, detected, recall: of.length ? detected / of.length : 0 };
  });
  // An honest receiver of a ring is not an honest account here; honest = every honest account not part of a ring.
  const inRing = new Set(rings.flatMap((r) => [r.receiver.id, ...r.sybils.map((s) => s.id)]));
  const honest = accounts.filter((a) => a.honest && !inRing.has(a.id));
  const honestNew = honest.filter((a) => a.isNew);
  const fp = honest.filter((a) => flaggedAccounts.has(a.id)).length;
  const fpNew = honestNew.filter((a) => flaggedAccounts.has(a.id)).length;
  return {
    rows,
    honest: { accounts: honest.length, flagged: fp, falsePositiveRate: honest.length ? fp / honest.length : 0, newAccounts: honestNew.length, newFlagged: fpNew, newFalsePositiveRate: honestNew.length ? fpNew / honestNew.length : 0 },
    games,
    options: DEFAULT_CHIP_DUMPING_OPTIONS,
  };
}
