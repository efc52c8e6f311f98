import { Injectable } from '@nestjs/common';
import { Prisma, type Currency, type WalletEntry, type WalletEntryKind } from '@dcs/db';
import { AppError, PrismaService, type Tx } from '@dcs/common';
import { COMMISSARY, commissaryDue, commissaryKey, debtPayment, splitFine, type GrantFacts } from '@dcs/house';
import { storeNotifications } from '../notifications/notifications.repository';
import { walletDebtNotice } from './wallet.messages';

/** SPEC 8.2 Decision: what a new account is granted. */
export const WELCOME_GRANT: Readonly<Record<Currency, number>> = { DD: 10_000, soups: 100 };

export interface WalletPost {
  userId: string;
  currency: Currency;
  kind: WalletEntryKind;
  /** the balance change (negative takes money out) */
  amount: number;
  /** the debt change */
  owedChange?: number;
  houseTableId?: string | null;
  gameId?: string | null;
  actorId?: string | null;
  reason?: string | null;
  /** one money fact, one key: a retried post with the same key changes nothing */
  dedupeKey: string;
}

export interface WalletBalance {
  currency: Currency;
  balance: number;
  owed: number;
}

const CHECK_VIOLATION = '23514';

/**
 * Only an account whose welcome grant was paid (it earned it: SPEC 7, a grant follows the account)
 * draws the weekly commissary; otherwise a script's fresh accounts would each draw 1,000 DD a week.
 */
const WELCOMED = Prisma.sql`EXISTS (SELECT 1 FROM wallet_entries e WHERE e.user_id = wallets.user_id AND e.dedupe_key = 'grant:' || wallets.user_id::text || ':DD')`;

/**
 * Entries that put money back that was already the player's (a hold's release) are not credits;
 * every other entry that adds to a balance — a settlement, a jar payout, a returned fine, an admin's
 * correction, a grant of any kind, the commissary — is, and pays what is owed first (SPEC 8.2).
 */
const NOT_CREDIT: ReadonlySet<WalletEntryKind> = new Set<WalletEntryKind>(['release', 'hold', 'debt_payment']);

/**
 * The wallets aggregate (SPEC 8.2): the only code that reads or writes `wallets`,
 * `wallet_entries` and `grant_games` (the games counted toward a held welcome grant). A balance row per wallet is updated in the transaction that appends each
 * entry, under that row's lock; CHECK constraints keep balance and debt non-negative and a
 * trigger keeps the ledger append-only. Lock order: a transaction that touches several wallets
 * locks them by (userId, currency) ascending (see `lockAll`).
 */
@Injectable()
export class WalletRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Opens both wallets of an account, empty, once (idempotent). The welcome grant is held until earned (`countGrantGame`). */
  async ensure(tx: Tx, userId: string): Promise<void> {
    const have = await tx.wallet.count({ where: { userId } });
    if (have === 2) return;
    for (const currency of ['DD', 'soups'] as const) {
      await tx.$executeRaw`INSERT INTO wallets (user_id, currency, balance, owed, seq, updated_at) VALUES (${userId}::uuid, ${currency}::"Currency", 0, 0, 0, now()) ON CONFLICT DO NOTHING`;
    }
  }

  /**
   * Posts the welcome grant (SPEC 8.2) to both wallets, once per account whatever calls it (the dedupe
   * keys are the account's): called when the account has earned it (HouseAccounts.payWelcomeIfDue) and by
   * the seed for its demo accounts. True when this call posted it.
   */
  async grantWelcome(tx: Tx, userId: string, reason = 'welcome grant'): Promise<boolean> {
    await this.ensure(tx, userId);
    let posted = false;
    for (const currency of ['DD', 'soups'] as const) {
      const entry = await this.post(tx, { userId, currency, kind: 'grant', amount: WELCOME_GRANT[currency], dedupeKey: `grant:${userId}:${currency}`, reason });
      posted ||= entry !== null;
    }
    return posted;
  }

  /**
   * Records a finished game that counts toward the account's held welcome grant (SPEC 7 Decision,
   * `countsForWelcomeGrant`), in the caller's transaction (the game's settlement), under the account's
   * DD wallet lock (`grantFacts` takes it first too).
   */
  async countGrantGame(tx: Tx, userId: string, gameId: string): Promise<void> {
    await this.lockAll(tx, [userId], 'DD');
    await tx.$executeRaw`INSERT INTO grant_games (user_id, game_id) VALUES (${userId}::uuid, ${gameId}::uuid) ON CONFLICT DO NOTHING`;
  }

  /**
   * What decides whether the welcome grant is due (`welcomeGrantDue`), read under the account's DD wallet
   * lock: the game settlements and the address's verification that may each complete the condition take
   * that lock first, so whichever commits last reads what the other wrote, and the grant is posted once.
   */
  async grantFacts(tx: Tx, userId: string): Promise<GrantFacts> {
    await this.lockAll(tx, [userId], 'DD');
    return this.grantProgress(userId, tx);
  }

  /** The held grant's progress: games counted so far, whether the address is verified, and whether the grant was paid. */
  async grantProgress(userId: string, db: Pick<Tx, 'grantGame' | 'walletEntry' | 'user'> = this.prisma): Promise<GrantFacts> {
    const [gamesCounted, granted, user] = await Promise.all([
      db.grantGame.count({ where: { userId } }),
      db.walletEntry.count({ where: { dedupeKey: `grant:${userId}:DD` } }),
      db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } }),
    ]);
    return { gamesCounted, granted: granted > 0, verified: !!user?.emailVerifiedAt };
  }

  /** Locks the wallets named, in the one order (deadlock-free), for the rest of the transaction. */
  async lockAll(tx: Tx, userIds: readonly string[], currency: Currency): Promise<Map<string, WalletBalance>> {
    const ids = [...new Set(userIds)].sort();
    const out = new Map<string, WalletBalance>();
    for (const id of ids) {
      await this.ensure(tx, id);
      const rows = await tx.$queryRaw<{ balance: number; owed: number }[]>`SELECT balance, owed FROM wallets WHERE user_id = ${id}::uuid AND currency = ${currency}::"Currency" FOR UPDATE`;
      out.set(id, { currency, balance: rows[0].balance, owed: rows[0].owed });
    }
    return out;
  }

  /** A fine: what the balance covers is taken, the rest is owed (SPEC 8.2 Decision) and the player told. */
  async fine(tx: Tx, userId: string, currency: Currency, amount: number, dedupeKey: string, meta: { houseTableId?: string; gameId?: string; reason: string }): Promise<void> {
    const w = (await this.lockAll(tx, [userId], currency)).get(userId)!;
    const { paid, owed } = splitFine(amount, w.balance);
    const entry = await this.post(tx, { userId, currency, kind: 'fine', amount: -paid, owedChange: owed, dedupeKey, ...meta });
    // The wallet goes into debt, or deeper: the player is told in this transaction (once per fine).
    if (entry && owed > 0) {
      await storeNotifications(tx, [walletDebtNotice({ userId, currency, fined: amount, addedToDebt: owed, owedNow: w.owed + owed, fineKey: dedupeKey, gameId: meta.gameId, houseTableId: meta.houseTableId })]);
    }
  }

  /**
   * Appends one entry and moves the balance, atomically; null when the entry was already posted
   * (idempotent retry). A balance or debt that would go negative is refused by the database: the
   * transaction fails with INSUFFICIENT_FUNDS (callers check first; this is the backstop).
   *
   * A credit (any entry adding to the balance but a hold's release: NOT_CREDIT) pays what the wallet
   * owes first, here, in the same transaction: a `debt_payment` entry right after it, keyed by the
   * credit's own key, so whatever credits a wallet — today's kinds or a new grant — cannot skip it.
   */
  async post(tx: Tx, p: WalletPost): Promise<WalletEntry | null> {
    await tx.$queryRaw`SELECT 1 FROM wallets WHERE user_id = ${p.userId}::uuid AND currency = ${p.currency}::"Currency" FOR UPDATE`;
    const done = await tx.walletEntry.findUnique({ where: { dedupeKey: p.dedupeKey } });
    if (done) return null;
    const entry = await this.append(tx, p);
    if (p.amount > 0 && !NOT_CREDIT.has(p.kind) && entry.owedAfter > 0) {
      const pay = debtPayment(p.amount, entry.owedAfter);
      await this.append(tx, {
        userId: p.userId,
        currency: p.currency,
        kind: 'debt_payment',
        amount: -pay,
        owedChange: -pay,
        houseTableId: p.houseTableId,
        gameId: p.gameId,
        reason: `${p.kind.replace('_', ' ')} pays the debt first`,
        dedupeKey: `debt:${p.dedupeKey}`,
      });
    }
    return entry.row;
  }

  private async append(tx: Tx, p: WalletPost): Promise<{ row: WalletEntry; owedAfter: number }> {
    const owedChange = p.owedChange ?? 0;
    try {
      const rows = await tx.$queryRaw<{ balance: number; owed: number; seq: number }[]>`
        UPDATE wallets SET balance = balance + ${p.amount}, owed = owed + ${owedChange}, seq = seq + 1, updated_at = now()
        WHERE user_id = ${p.userId}::uuid AND currency = ${p.currency}::"Currency" RETURNING balance, owed, seq`;
      if (!rows.length) throw new Error(`no ${p.currency} wallet for ${p.userId}`);
      const row = await tx.walletEntry.create({
        data: {
          userId: p.userId,
          currency: p.currency,
          seq: rows[0].seq,
          kind: p.kind,
          amount: p.amount,
          owedChange,
          balanceAfter: rows[0].balance,
          houseTableId: p.houseTableId ?? null,
          gameId: p.gameId ?? null,
          actorId: p.actorId ?? null,
          reason: p.reason ?? null,
          dedupeKey: p.dedupeKey,
        },
      });
      return { row, owedAfter: rows[0].owed };
    } catch (err) {
      if (isCheckViolation(err)) throw insufficientFunds(p.currency);
      throw err;
    }
  }

  /** The entry posted under a key (an admin's correction replayed: what it was). */
  entryByKey(tx: Tx, dedupeKey: string): Promise<WalletEntry | null> {
    return tx.walletEntry.findUnique({ where: { dedupeKey } });
  }

  // ------------------------------------------------------------ the weekly commissary (SPEC 8.2)

  /** The next batch of wallets in `currency` below the commissary's threshold, after `afterUserId`, in user order (the primary key's). */
  async commissaryCandidates(currency: Currency, afterUserId: string | null, limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ user_id: string }[]>`
      SELECT user_id::text FROM wallets
      WHERE currency = ${currency}::"Currency" AND balance < ${COMMISSARY[currency].below} AND user_id > ${afterUserId ?? '00000000-0000-0000-0000-000000000000'}::uuid
        AND ${WELCOMED}
      ORDER BY user_id LIMIT ${limit}`;
    return rows.map((r) => r.user_id);
  }

  /**
   * Grants the week's commissary to each wallet of the batch still below the threshold, in one
   * transaction: the wallets locked in user order (the one lock order), the balance read under the
   * lock, one `commissary` entry per account and week (its key: a second run, or a second worker
   * running the same batch, grants nothing), which pays the debt first. Answers how many it granted.
   */
  async grantCommissary(tx: Tx, userIds: readonly string[], currency: Currency, week: string): Promise<number> {
    if (!userIds.length) return 0;
    const ids = [...userIds].sort();
    const locked = await tx.$queryRaw<{ user_id: string; balance: number }[]>`
      SELECT user_id::text, balance FROM wallets WHERE currency = ${currency}::"Currency" AND user_id = ANY(${ids}::uuid[]) AND ${WELCOMED} ORDER BY user_id FOR UPDATE`;
    let granted = 0;
    for (const w of locked) {
      if (!commissaryDue(currency, w.balance)) continue;
      const entry = await this.post(tx, { userId: w.user_id, currency, kind: 'commissary', amount: COMMISSARY[currency].grant, dedupeKey: commissaryKey(w.user_id, currency, week), reason: `the weekly commissary, ${week}` });
      if (entry) granted += 1;
    }
    return granted;
  }

  commissaryRun(week: string) {
    return this.prisma.commissaryRun.findUnique({ where: { week } });
  }

  /** Records that the week's commissary ran to the end (once; a concurrent run's record stands). */
  async commissaryDone(week: string, weekStart: Date, granted: number, at: Date): Promise<void> {
    await this.prisma.commissaryRun.createMany({ data: [{ week, weekStart, granted, finishedAt: at }], skipDuplicates: true });
  }

  balances(userId: string, db: Pick<Prisma.TransactionClient, 'wallet'> = this.prisma): Promise<WalletBalance[]> {
    return db.wallet.findMany({ where: { userId }, select: { currency: true, balance: true, owed: true }, orderBy: { currency: 'asc' } });
  }

  /** Newest first, keyset-paged on the entry's sequence number (fast at any depth: the (user, currency, seq) index). */
  ledger(userId: string, currency: Currency, limit: number, beforeSeq?: number): Promise<WalletEntry[]> {
    return this.prisma.walletEntry.findMany({
      where: { userId, currency, ...(beforeSeq !== undefined ? { seq: { lt: beforeSeq } } : {}) },
      orderBy: { seq: 'desc' },
      take: limit,
    });
  }

  /** Every ledger's sum per kind (the money-conservation check: settlements, holds and releases net to zero). */
  async sumsByKind(): Promise<Record<string, number>> {
    const rows = await this.prisma.walletEntry.groupBy({ by: ['kind'], _sum: { amount: true } });
    return Object.fromEntries(rows.map((r) => [r.kind, r._sum.amount ?? 0]));
  }
}

export const insufficientFunds = (currency: Currency, details?: object) =>
  new AppError('INSUFFICIENT_FUNDS', `Not enough ${currency} in your wallet for this`, details);

function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { code?: string }; message?: string };
  return e?.code === CHECK_VIOLATION || e?.meta?.code === CHECK_VIOLATION || /violates check constraint|23514/.test(e?.message ?? '');
}
