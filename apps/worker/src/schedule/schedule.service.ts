import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import type { Prisma } from '@dcs/db';
import { ChallengeStartPayload, ChallengeTransitionPayload, JOBS, jobIds, QUEUES } from '@dcs/common';
import { DEFAULT_PRIZE_SPLIT, type PrizeSplit, TIER_PRIZE_POOL_CENTS } from '@dcs/ranking';
import { challengeTimes, seasonWeek, upcomingSaturdays } from '@dcs/schedule';
import { CityWithSeasons, PendingChallenge, PRE_START, ScheduleRepository, TransitionResult, TransitionTarget } from './schedule.repository';

/** How many Saturdays ahead every city has its challenges. */
export const WEEKS_AHEAD = 2;

const TRANSITIONS: readonly { to: TransitionTarget; at: (c: PendingChallenge) => Date }[] = [
  { to: 'registration_open', at: (c) => c.registrationOpensAt },
  { to: 'check_in_open', at: (c) => c.checkInOpensAt },
  { to: 'check_in_closed', at: (c) => c.checkInClosesAt },
];


const DAY_S = 24 * 3600;
/** Timers are kept a while after completing, so re-adding the same id stays a no-op. */
const timerOpts = (jobId: string, delay: number): JobsOptions => ({
  jobId,
  delay,
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * DAY_S },
  removeOnFail: { age: 30 * DAY_S },
});

export interface ScheduleSweepResult {
  asOf: string;
  created: number;
  /** timers added to the queues by this sweep (already present ones are not counted) */
  queued: number;
  /** failed transition jobs sent back for another try */
  retried: number;
  skippedCities: string[];
}

@Injectable()
export class ScheduleService {
  private readonly logger = new Logger(ScheduleService.name);

  constructor(
    private readonly repo: ScheduleRepository,
    @InjectQueue(QUEUES.schedule) private readonly scheduleQueue: Queue,
    @InjectQueue(QUEUES.challenge) private readonly challengeQueue: Queue,
  ) {
    // Both reconnect by themselves; a sweep that fails meanwhile is retried by the next one.
    this.scheduleQueue.on('error', () => undefined);
    this.challengeQueue.on('error', () => undefined);
  }

  /**
   * Creates the challenges of every city's next WEEKS_AHEAD Saturdays (as of `asOf`) that
   * do not exist yet, then makes sure every challenge that has not started has its timers.
   */
  async sweep(asOf: Date): Promise<ScheduleSweepResult> {
    const skippedCities: string[] = [];
    const rows: Prisma.ChallengeCreateManyInput[] = [];
    const splits = await this.repo.tierSplits();
    for (const city of await this.repo.cities()) {
      try {
        rows.push(...this.challengesFor(city, asOf, splits[city.tier] ?? DEFAULT_PRIZE_SPLIT));
      } catch (err) {
        // One misconfigured city must not stop the calendar of the others.
        skippedCities.push(city.slug);
        this.logger.error(`city ${city.slug}: no challenges created (${(err as Error).message})`);
      }
    }
    const created = await this.repo.createChallenges(rows);
    let queued = 0;
    let retried = 0;
    for (const challenge of await this.repo.pending()) {
      const r = await this.queueTimers(challenge);
      queued += r.queued;
      retried += r.retried;
    }
    return { asOf: asOf.toISOString(), created: created.length, queued, retried, skippedCities };
  }

  /** `split` is the tier's prize split (libs/ranking PrizeSplit), copied into each challenge it creates. */
  private challengesFor(city: CityWithSeasons, asOf: Date, split: PrizeSplit): Prisma.ChallengeCreateManyInput[] {
    return upcomingSaturdays(city.timeZone, asOf, WEEKS_AHEAD).map((localDate) => {
      const times = challengeTimes(city.timeZone, localDate, {
        registrationOpensMin: city.registrationOpensMin,
        checkInOpensMin: city.checkInOpensMin,
        checkInClosesMin: city.checkInClosesMin,
      });
      const season = city.seasons
        .map((s) => ({ id: s.id, week: seasonWeek(s.startDate, localDate, s.challenges) }))
        .find((s) => s.week !== null);
      return {
        cityId: city.id,
        localDate,
        seasonId: season?.id ?? null,
        week: season?.week ?? null,
        ...times,
        prizePoolCents: TIER_PRIZE_POOL_CENTS[city.tier],
        prizeSplit: { ...split },
      };
    });
  }

  /**
   * The challenge's transitions still ahead of its status, and its 12:00 start job, with
   * deterministic ids: one already queued is left alone; an overdue one runs at once.
   */
  async queueTimers(challenge: PendingChallenge): Promise<{ queued: number; retried: number }> {
    let queued = 0;
    let retried = 0;
    const rank = PRE_START.indexOf(challenge.status);
    for (const t of TRANSITIONS) {
      if (PRE_START.indexOf(t.to) <= rank) continue;
      const jobId = jobIds.transition(challenge.id, t.to);
      const existing = await this.scheduleQueue.getJob(jobId);
      if (existing) {
        // A transition that exhausted its attempts (e.g. the database was down) gets another go.
        if (await existing.isFailed()) {
          await existing.retry('failed');
          retried += 1;
        }
        continue;
      }
      const payload: ChallengeTransitionPayload = { challengeId: challenge.id, to: t.to };
      await this.scheduleQueue.add(JOBS.challengeTransition, payload, timerOpts(jobId, delayUntil(t.at(challenge))));
      queued += 1;
    }
    const startId = jobIds.start(challenge.id);
    if (!(await this.challengeQueue.getJob(startId))) {
      const payload: ChallengeStartPayload = { challengeId: challenge.id };
      await this.challengeQueue.add(JOBS.challengeStart, payload, timerOpts(startId, delayUntil(challenge.startsAt)));
      queued += 1;
    }
    return { queued, retried };
  }

  /** Runs one transition; `{ notDueUntil }` when it is not due yet (the caller puts the job back). */
  async transition(payload: ChallengeTransitionPayload, now: Date, jobId: string): Promise<TransitionResult | { notDueUntil: Date }> {
    const challenge = await this.repo.find(payload.challengeId);
    if (challenge) {
      const due = TRANSITIONS.find((t) => t.to === payload.to)!.at(challenge);
      if (due.getTime() > now.getTime()) return { notDueUntil: due };
    }
    const result = await this.repo.transition(payload.challengeId, payload.to, now, jobId);
    if (result.changed) {
      this.logger.log(`challenge ${result.challengeId}: ${result.from} → ${result.to}${result.promoted.length ? `, ${result.promoted.length} seated from the waitlist` : ''}`);
    }
    return result;
  }
}

function delayUntil(at: Date): number {
  return Math.max(0, at.getTime() - Date.now());
}
