import { Injectable, Logger } from '@nestjs/common';
import { CURRENCIES, isoWeekOf, isoWeekStart } from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';
import { TournamentClock } from '../time/tournament-clock';
import { HouseRepository } from './house.repository';
import { WalletRepository } from '../ledger/wallet.repository';

const WEEK_MS = 7 * 86_400_000;

/**
 * The weekly commissary (SPEC 8.2, "a way out of debt"): each wallet below 1,000 DD is granted
 * 1,000 DD, each below 10 soups 10 soups, every Monday 00:00 UTC, once per account, currency and ISO
 * week, paying the debt first (WalletRepository.post). One delayed job a week (`house-commissary.<week>`),
 * queued by each finished run and by the recovery sweep (HouseService.recover).
 */
@Injectable()
export class CommissaryService {
  private readonly logger = new Logger(CommissaryService.name);
  /** How many wallets one transaction grants (50,000 accounts: 200 short transactions a currency). */
  static readonly BATCH = 250;

  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly queue: EffectsQueue,
    private readonly clock: TournamentClock,
  ) {}

  /** A time of the injected clock as a time of the queue (BullMQ delays run on the machine's clock). */
  private queueAt(at: Date): Date {
    return new Date(Date.now() + (at.getTime() - this.clock.now().getTime()));
  }

  /**
   * The commissary's jobs, for the recovery sweep: next Monday's (a delayed job with the week's id,
   * so every worker and every sweep queue the same one), and this week's again when it was missed —
   * last week's ran (the commissary was running then) and this week's has no row yet (its job was
   * lost with Redis). A fresh database starts with next Monday's.
   */
  async timers(): Promise<Effect[]> {
    const now = this.clock.now();
    const week = isoWeekOf(now);
    const start = isoWeekStart(week)!;
    const next = new Date(start.getTime() + WEEK_MS);
    const out: Effect[] = [{ kind: 'house-commissary', week: isoWeekOf(next), at: this.queueAt(next) }];
    const missed = !(await this.wallets.commissaryRun(week)) && !!(await this.wallets.commissaryRun(isoWeekOf(new Date(start.getTime() - WEEK_MS))));
    if (missed) out.push({ kind: 'house-commissary', week, at: this.queueAt(now) });
    return out;
  }

  /**
   * The week's run: batches of wallets in user order, one short transaction each, so 50,000 accounts
   * hold no lock for long; two workers running it at once grant nobody twice (the wallet lock, then
   * the grant's key), and a batch that fails fails the job, whose retry grants only what is missing.
   * A job that fires before Monday 00:00 UTC (by the injected clock) waits; one for a week that is
   * over does nothing (a week missed is not paid later). Queues next week's run when done.
   */
  async run(week: string, batch = CommissaryService.BATCH): Promise<{ week: string; granted: number } | 'wait' | 'noop'> {
    const start = isoWeekStart(week);
    if (!start) throw new Error(`not an ISO week: ${week}`);
    const now = this.clock.now();
    if (now.getTime() < start.getTime()) {
      await this.queue.run([{ kind: 'house-commissary', week, at: this.queueAt(start), again: true }]);
      return 'wait';
    }
    if (isoWeekOf(now) !== week || (await this.wallets.commissaryRun(week))) return 'noop';
    let granted = 0;
    for (const currency of CURRENCIES) {
      let after: string | null = null;
      for (;;) {
        const ids = await this.wallets.commissaryCandidates(currency, after, batch);
        if (!ids.length) break;
        granted += await this.repo.transaction((tx) => this.wallets.grantCommissary(tx, ids, currency, week), { timeout: 20_000 });
        after = ids[ids.length - 1];
      }
    }
    await this.wallets.commissaryDone(week, start, granted, now);
    const next = new Date(start.getTime() + WEEK_MS);
    await this.queue.run([{ kind: 'house-commissary', week: isoWeekOf(next), at: this.queueAt(next) }]);
    this.logger.log(`commissary ${week}: ${granted} grant(s)`);
    return { week, granted };
  }
}
