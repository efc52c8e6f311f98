import { Injectable } from '@nestjs/common';
import type { Currency } from '@dcs/db';
import { AppError, notFound, type Tx } from '@dcs/common';
import { TournamentClock } from '../time/tournament-clock';
import { welcomeGrantDue, welcomeGrantStatus, weekStartUtc, WELCOME_GRANT_GAMES } from '@dcs/house';
import { HouseRepository } from './house.repository';
import { insufficientFunds, WalletRepository } from '../ledger/wallet.repository';
import { PlayerFileRepository } from '../ledger/player-file.repository';
import { houseTx } from './house-tx';


/** A player's house accounts (SPEC 8.2, 8.4, 8.6, 8.7): wallets and ledgers, the welcome grant, the 18+ confirmation, assistive technology, an admin's correction, the file, workouts and excuses. An act of HouseService. */
@Injectable()
export class HouseAccounts {
  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly ledgerFile: PlayerFileRepository,
    private readonly clock: TournamentClock,
  ) {}

  /** Both wallets of a player (opened empty on first sight), with the held welcome grant's progress. */
  async wallet(userId: string) {
    const exists = await this.repo.walletUser(userId);
    if (!exists) throw notFound('User', userId);
    await houseTx(this.repo, (tx) => this.wallets.ensure(tx, userId));
    const balances = await this.wallets.balances(userId);
    const court = (await this.ledgerFile.court([userId])).get(userId)!;
    const grant = await this.wallets.grantProgress(userId);
    return { user: exists, balances, court, grant: welcomeGrantStatus(grant) };
  }

  /**
   * Posts the welcome grant if it is due now (SPEC 7 Decision, `welcomeGrantDue`: the games played and the
   * address verified), in the caller's transaction: the settlement of a counted game, and the verification of
   * the address (`welcomeOnVerified`) — whichever completes the condition pays it, once (the wallet lock, then
   * the grant's dedupe keys). True when this call posted it.
   */
  async payWelcomeIfDue(tx: Tx, userId: string): Promise<boolean> {
    if (!welcomeGrantDue(await this.wallets.grantFacts(tx, userId))) return false;
    return this.wallets.grantWelcome(tx, userId, `welcome grant: address verified and ${WELCOME_GRANT_GAMES} friendly games finished`);
  }

  /** The account's address was just verified: the grant is paid now if its games were already played. */
  welcomeOnVerified(userId: string): Promise<boolean> {
    return houseTx(this.repo, (tx) => this.payWelcomeIfDue(tx, userId));
  }

  /**
   * Posts the welcome grant now, once per account (what a game's settlement does when the account
   * has earned it): the seed's demo accounts, and fixtures that stand for an account that has.
   */
  grantWelcome(userId: string): Promise<boolean> {
    return houseTx(this.repo, (tx) => this.wallets.grantWelcome(tx, userId));
  }

  /** One page of a ledger: one indexed read (a wallet never seen is opened first; an unknown user is 404). */
  async ledger(userId: string, currency: Currency, limit: number, beforeSeq?: number) {
    const rows = await this.wallets.ledger(userId, currency, limit, beforeSeq);
    if (rows.length) return rows;
    await this.wallet(userId);
    return this.wallets.ledger(userId, currency, limit, beforeSeq);
  }

  /** SPEC 8.7: the 18+ confirmation, once per account (idempotent). */
  async confirmAdult(userId: string): Promise<Date> {
    const u = await this.repo.adultConfirmation(userId);
    if (u.adultConfirmedAt) return u.adultConfirmedAt;
    const at = this.clock.now();
    await this.repo.confirmAdult(userId, at);
    return (await this.repo.adultConfirmation(userId)).adultConfirmedAt!;
  }

  /**
   * SPEC 8.3: the player says (or stops saying) that they use assistive technology (VoiceOver,
   * Switch Control): +10 s on their stake-table clock from the next deal (a clock is fixed per seat
   * at the deal). Only on themselves; a change is audited in the same transaction, a repeat of the
   * current value changes nothing.
   */
  async setAssistiveTech(userId: string, on: boolean): Promise<void> {
    await houseTx(this.repo, async (tx) => {
      const u = await this.repo.lockAssistiveTech(tx, userId);
      if (!u) throw notFound('User', userId);
      if (u.assistiveTech === on) return;
      await this.repo.setAssistiveTech(tx, userId, on);
      await this.repo.audit(tx, { actorId: userId, action: 'user.assistive-technology', entityType: 'user', entityId: userId, data: { from: u.assistiveTech, to: on } });
    });
  }

  /**
   * An admin's correction of a wallet, with a reason, audited in the same transaction. It cannot
   * take a balance below zero (INSUFFICIENT_FUNDS); a credit pays what is owed first (SPEC 8.2). The
   * `requestId` makes a retried correction (the same currency, amount and reason) a no-op; the same
   * `requestId` with another body is refused with REQUEST_ID_REUSED, naming what it did (nothing applied).
   * An admin's own wallet is refused (OWN_WALLET): another admin corrects it.
   */
  async correct(actorId: string, userId: string, input: { currency: Currency; amount: number; reason: string; requestId: string }) {
    // A second person corrects an admin's own wallet: nobody credits (or debits) themselves.
    if (actorId === userId) throw new AppError('OWN_WALLET', 'Nobody corrects their own wallet: another admin must do it');
    await this.wallet(userId);
    await houseTx(this.repo, async (tx) => {
      const w = (await this.wallets.lockAll(tx, [userId], input.currency)).get(userId)!;
      const dedupeKey = `correction:${userId}:${input.requestId}`;
      const stored = await this.wallets.entryByKey(tx, dedupeKey);
      if (stored) {
        const same = stored.currency === input.currency && stored.amount === input.amount && stored.reason === input.reason;
        if (same) return;
        throw new AppError('REQUEST_ID_REUSED', 'This requestId was used for another correction of this wallet: nothing was applied', {
          requestId: input.requestId,
          stored: { currency: stored.currency, amount: stored.amount, reason: stored.reason, createdAt: stored.createdAt.toISOString() },
        });
      }
      if (w.balance + input.amount < 0) throw insufficientFunds(input.currency, { balance: w.balance, amount: input.amount });
      const entry = await this.wallets.post(tx, { userId, currency: input.currency, kind: 'correction', amount: input.amount, actorId, reason: input.reason, dedupeKey });
      if (entry) {
        await this.repo.audit(tx, { actorId, action: 'wallet.correction', entityType: 'user', entityId: userId, reason: input.reason, data: { currency: input.currency, amount: input.amount, entryId: entry.id } });
      }
    });
    return this.wallet(userId);
  }

  file(userId: string, limit: number, before?: Date) {
    return this.ledgerFile.file(userId, limit, before);
  }

  workouts(userId: string) {
    return this.repo.workouts(userId);
  }

  /** The player marks a workout done, or spends a Dr.'s excuse (Lay-in Slip) on it (SPEC 8.6). */
  async closeWorkout(userId: string, workoutId: string, how: 'done' | 'excuse') {
    return houseTx(this.repo, async (tx) => {
      const w = await this.repo.lockWorkout(tx, workoutId);
      if (!w || w.userId !== userId) throw notFound('Workout', workoutId);
      if (w.status !== 'owed') throw new AppError('WORKOUT_CLOSED', `This workout is already ${w.status}`);
      if (how === 'excuse') {
        const excuse = await this.repo.oldestUnusedExcuse(tx, userId);
        if (!excuse) throw new AppError('NO_EXCUSE', "You have no Dr.'s excuse to spend");
        await this.repo.spendExcuse(tx, excuse.id, w.id);
      }
      return this.repo.closeWorkout(tx, w.id, how === 'done' ? 'done' : 'excused', this.clock.now());
    });
  }

  async excuses(userId: string): Promise<{ unused: number; thisWeek: number }> {
    const [unused, thisWeek] = await Promise.all([
      this.repo.unusedExcuses(userId),
      this.repo.excusesInWeek(userId, weekStartUtc(this.clock.now())),
    ]);
    return { unused, thisWeek };
  }
}
