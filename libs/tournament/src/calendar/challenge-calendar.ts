import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Challenge, Prisma, Tier } from '@dcs/db';
import { AppConfig, ChallengeStartPayload, ChallengeTransitionPayload, JOBS, jobIds, jobOptions, QUEUES } from '@dcs/common';
import { DEFAULT_PRIZE_SPLIT, type PrizeSplit, TIER_PRIZE_POOL_CENTS } from '@dcs/ranking';
import { type ChallengeTimes, challengeTimes, eventTimes, seasonWeek, upcomingSaturdays } from '@dcs/schedule';
import { CalendarRepository, CityWithSeasons, CreatedBy, PendingChallenge } from './calendar.repository';
import { PRE_START } from '../challenge/challenge-rows';

/** How many Saturdays ahead every city has its challenges. */
export const WEEKS_AHEAD = 2;

export type TransitionTarget = 'registration_open' | 'check_in_open' | 'check_in_closed';

/** The transitions before 12:00 and the time on the challenge row each falls due at. */
export const TRANSITIONS: readonly { to: TransitionTarget; at: (c: PendingChallenge) => Date }[] = [
  { to: 'registration_open', at: (c) => c.registrationOpensAt },
  { to: 'check_in_open', at: (c) => c.checkInOpensAt },
  { to: 'check_in_closed', at: (c) => c.checkInClosesAt },
];


/** When a challenge starts: a city's Saturday at 12:00 (weekly), or a director's special event at a local date and time. */
export type ChallengeSlot = { kind: 'weekly'; localDate: string } | { kind: 'special'; localDate: string; startTime: string };

export interface PlanResult {
  created: Challenge[];
  /** slugs of cities whose challenges could not be computed (a misconfigured city) */
  skippedCities: string[];
}

/**
 * The weekly calendar's one producer: the rows of a city's challenges (the times from
 * libs/schedule, the season week, the tier's pool and split) and their timers — the
 * registration / check-in transitions and the 12:00 start, with deterministic job ids.
 * The worker's sweep, a new city and a director's challenge all create challenges and
 * queue their timers here, so they cannot differ.
 */
@Injectable()
export class ChallengeCalendar {
  private readonly logger = new Logger(ChallengeCalendar.name);

  constructor(
    private readonly repo: CalendarRepository,
    @InjectQueue(QUEUES.schedule) private readonly scheduleQueue: Queue,
    @InjectQueue(QUEUES.effects) private readonly challengeQueue: Queue,
    private readonly config: AppConfig,
  ) {
    // Both reconnect by themselves; timers missed meanwhile are queued by the next sweep.
    this.scheduleQueue.on('error', () => undefined);
    this.challengeQueue.on('error', () => undefined);
  }

  /**
   * Creates the challenges of the next WEEKS_AHEAD Saturdays (as of `asOf`) that do not exist yet,
   * for every city or only `cityId`. Does not queue timers: see `queueTimers` and `planCity`.
   */
  async upcoming(asOf: Date, cityId?: string, by: CreatedBy = { actorId: null }): Promise<PlanResult> {
    const skippedCities: string[] = [];
    const rows: Prisma.ChallengeCreateManyInput[] = [];
    const splits = await this.repo.tierSplits();
    for (const city of await this.repo.cities(cityId)) {
      try {
        for (const localDate of upcomingSaturdays(city.timeZone, asOf, WEEKS_AHEAD)) {
          rows.push(this.row(city, { kind: 'weekly', localDate }, city.tier, splits[city.tier] ?? DEFAULT_PRIZE_SPLIT));
        }
      } catch (err) {
        // One misconfigured city must not stop the calendar of the others.
        skippedCities.push(city.slug);
        this.logger.error(`city ${city.slug}: no challenges created (${(err as Error).message})`);
      }
    }
    return { created: await this.repo.createChallenges(rows, by), skippedCities };
  }

  /** A city just created gets its next Saturdays' challenges at once, timers queued, without waiting for the sweep. */
  async planCity(cityId: string, now: Date, by: CreatedBy): Promise<Challenge[]> {
    const { created } = await this.upcoming(now, cityId, by);
    for (const c of created) await this.queueTimersSafely(c);
    return created;
  }

  /**
   * One challenge of `city` at `slot` (a director's), at `tier` (the city's unless given) with its
   * pool unless `prizePoolCents` is given; its timers queued. Null when the city already has that
   * challenge (same local date and kind): nothing is written.
   */
  async createOne(city: CityWithSeasons, slot: ChallengeSlot, by: CreatedBy, opts: { tier?: Tier; prizePoolCents?: number } = {}): Promise<Challenge | null> {
    const tier = opts.tier ?? city.tier;
    const row = this.row(city, slot, tier, (await this.tierTerms(tier)).prizeSplit);
    if (opts.prizePoolCents !== undefined) row.prizePoolCents = opts.prizePoolCents;
    const [created] = await this.repo.createChallenges([row], by);
    if (!created) return null;
    await this.queueTimersSafely(created);
    return created;
  }

  /** The city with its seasons, as the calendar plans for it; null when there is none. */
  async city(cityId: string): Promise<CityWithSeasons | null> {
    return (await this.repo.cities(cityId))[0] ?? null;
  }

  /** What a challenge at `tier` is given: the tier's prize pool and its configured split. */
  async tierTerms(tier: Tier): Promise<{ prizePoolCents: number; prizeSplit: PrizeSplit }> {
    const splits = await this.repo.tierSplits();
    return { prizePoolCents: TIER_PRIZE_POOL_CENTS[tier], prizeSplit: { ...(splits[tier] ?? DEFAULT_PRIZE_SPLIT) } };
  }

  /** The start and windows of the city's challenge at `slot`, with the city's own offsets. Throws ScheduleInputError for a bad zone, date or time. */
  times(city: Pick<CityWithSeasons, 'timeZone' | 'registrationOpensMin' | 'checkInOpensMin' | 'checkInClosesMin'>, slot: ChallengeSlot): ChallengeTimes {
    const offsets = { registrationOpensMin: city.registrationOpensMin, checkInOpensMin: city.checkInOpensMin, checkInClosesMin: city.checkInClosesMin };
    return slot.kind === 'weekly' ? challengeTimes(city.timeZone, slot.localDate, offsets) : eventTimes(city.timeZone, slot.localDate, slot.startTime, offsets);
  }

  /** The city's row for `slot`. Throws ScheduleInputError for a bad zone, date or time. `split`: the tier's prize split, copied into the challenge. */
  row(city: CityWithSeasons, slot: ChallengeSlot, tier: Tier, split: PrizeSplit): Prisma.ChallengeCreateManyInput {
    const times = this.times(city, slot);
    // A special event counts for no season week: a season is its city's 12 Saturdays (SPEC 4).
    const season =
      slot.kind === 'weekly'
        ? city.seasons.map((s) => ({ id: s.id, week: seasonWeek(s.startDate, slot.localDate, s.challenges) })).find((s) => s.week !== null)
        : undefined;
    return {
      cityId: city.id,
      kind: slot.kind,
      localDate: slot.localDate,
      seasonId: season?.id ?? null,
      week: season?.week ?? null,
      ...times,
      tier,
      prizePoolCents: TIER_PRIZE_POOL_CENTS[tier],
      prizeSplit: { ...split },
      // The break between rounds as configured when the challenge is created: it stays the
      // challenge's own, so a change of the setting never alters a challenge already announced.
      breakSeconds: this.config.ROUND_BREAK_SECONDS,
    };
  }

  /** Every challenge that has not started has its timers (the sweep's second half). */
  async queuePending(): Promise<{ queued: number; retried: number }> {
    let queued = 0;
    let retried = 0;
    for (const challenge of await this.repo.pending()) {
      const r = await this.queueTimers(challenge);
      queued += r.queued;
      retried += r.retried;
    }
    return { queued, retried };
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
      await this.scheduleQueue.add(JOBS.challengeTransition, payload, jobOptions(QUEUES.schedule, JOBS.challengeTransition, jobId, delayUntil(t.at(challenge))));
      queued += 1;
    }
    const startId = jobIds.start(challenge.id);
    if (!(await this.challengeQueue.getJob(startId))) {
      const payload: ChallengeStartPayload = { challengeId: challenge.id };
      await this.challengeQueue.add(JOBS.challengeStart, payload, jobOptions(QUEUES.effects, JOBS.challengeStart, startId, delayUntil(challenge.startsAt)));
      queued += 1;
    }
    return { queued, retried };
  }

  /** After a commit: Redis being down must not fail what is already stored; the worker's next sweep queues what is missing. */
  async queueTimersSafely(challenge: PendingChallenge): Promise<void> {
    try {
      await this.queueTimers(challenge);
    } catch (err) {
      this.logger.warn(`challenge ${challenge.id}: timers not queued (${(err as Error).message}); the schedule sweep will`);
    }
  }
}

function delayUntil(at: Date): number {
  return Math.max(0, at.getTime() - Date.now());
}
