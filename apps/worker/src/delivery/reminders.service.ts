import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Clock, deliveryJobIds, JOBS, jobOptions, QUEUES, type ReminderKind, type ReminderPayload } from '@dcs/common';
import { checkInClosingReminders, checkInOpenReminders, registrationOpenReminders, type ReminderChallenge } from '@dcs/tournament';
import { RemindersRepository } from './reminders.repository';

/** How far ahead the sweep queues reminders (a city's registration opens 5.5 days before its Saturday). */
const HORIZON_MS = 8 * 24 * 3600 * 1000;
const CLOSING_LEAD_MS = 10 * 60 * 1000;

/** When each reminder of a challenge is due. */
export function reminderTimes(c: ReminderChallenge): { kind: ReminderKind; at: Date }[] {
  return [
    { kind: 'registration_open', at: c.registrationOpensAt },
    { kind: 'check_in_open', at: c.checkInOpensAt },
    { kind: 'check_in_closing', at: new Date(c.checkInClosesAt.getTime() - CLOSING_LEAD_MS) },
  ];
}

/**
 * The challenge reminders: delayed jobs with deterministic ids (`reminder.<kind>.<challengeId>`), queued by
 * the sweep at start-up and every schedule sweep interval (re-adding is a no-op; a lost one comes back).
 * Each stores its notices through the one notification path, whose dedupe key makes it once per player
 * however many workers fire it; their deliveries carry them by e-mail and push.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger(RemindersService.name);

  constructor(
    @InjectQueue(QUEUES.delivery) private readonly queue: Queue<ReminderPayload>,
    private readonly repo: RemindersRepository,
    private readonly clock: Clock,
  ) {}

  async sweep(): Promise<number> {
    const now = this.clock.now();
    const coming = await this.repo.coming(now, new Date(now.getTime() + HORIZON_MS));
    const jobs = coming.flatMap((c) =>
      reminderTimes(c).map(({ kind, at }) => ({
        name: JOBS.reminder,
        data: { kind, id: c.id },
        opts: jobOptions(QUEUES.delivery, JOBS.reminder, deliveryJobIds.reminder(kind, c.id), Math.max(0, at.getTime() - Date.now())),
      })),
    );
    if (jobs.length) await this.queue.addBulk(jobs);
    return jobs.length;
  }

  /** A reminder at its time: the players it is for, told once. A reminder whose moment passed (the worker was down) is dropped. */
  async fire(p: ReminderPayload): Promise<number> {
    const c = await this.repo.challenge(p.id);
    if (!c || c.status === 'cancelled') return 0;
    const now = this.clock.now();
    const due = reminderTimes(c).find((t) => t.kind === p.kind);
    if (!due) return 0;
    if (due.at.getTime() > now.getTime() + 1000) {
      // Fired early (clock skew): once more at its time, under an id of its own.
      await this.queue.add(JOBS.reminder, p, jobOptions(QUEUES.delivery, JOBS.reminder, `${deliveryJobIds.reminder(p.kind, p.id)}.again-${now.getTime()}`, due.at.getTime() - now.getTime()));
      return 0;
    }
    let rows;
    switch (p.kind) {
      case 'registration_open':
        if (now >= c.checkInOpensAt) return 0;
        rows = registrationOpenReminders(c, await this.repo.playedCity(c.cityId, c.id));
        break;
      case 'check_in_open':
        if (now >= c.checkInClosesAt) return 0;
        rows = checkInOpenReminders(c, await this.repo.notCheckedIn(c.id));
        break;
      case 'check_in_closing':
        if (now >= c.checkInClosesAt) return 0;
        rows = checkInClosingReminders(c, await this.repo.notCheckedIn(c.id));
        break;
    }
    const n = await this.repo.store(rows);
    if (n) this.logger.log(`${p.kind} reminder of ${c.cityName} ${c.localDate}: ${n} player(s)`);
    return n;
  }
}
