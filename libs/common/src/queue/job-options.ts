import type { JobsOptions } from 'bullmq';
import { JOBS, QUEUES } from './queues';

type JobName = (typeof JOBS)[keyof typeof JOBS];
type Options = Omit<JobsOptions, 'jobId' | 'delay'>;

const DAY_S = 24 * 3600;

/** A step of a running challenge or a season: gone once done (its rows say it happened), kept a while when it failed. */
const STEP: Options = { removeOnComplete: true, removeOnFail: 1000, attempts: 5, backoff: { type: 'exponential', delay: 500 } };

/**
 * A calendar timer (a transition, the 12:00 start): kept a week after it completed, so that the
 * schedule sweep re-adding the same id is a no-op, and a month after it failed (the sweep retries it).
 */
const TIMER: Options = { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 7 * DAY_S }, removeOnFail: { age: 30 * DAY_S } };

/** A game's analysis: the last thousand kept either way; not retried forever (the periodic scan queues what was missed). */
const ANALYSIS: Options = { removeOnComplete: 1000, removeOnFail: 1000, attempts: 5, backoff: { type: 'exponential', delay: 1000 } };

/**
 * The job options of every queue, one table a queue: a job kind's own row, else its queue's
 * default. Every producer takes its options here (jobOptions), so one job kind is never queued
 * with two retentions.
 */
/**
 * A message to send: retried with backoff while the SMTP server or the push service refuses or is down
 * (about 20 minutes in all), kept a day after it is sent so that queuing it again under its id is a no-op.
 */
const SEND: Options = { attempts: 8, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: DAY_S }, removeOnFail: { age: 7 * DAY_S } };

export const JOB_OPTIONS: Record<'schedule' | 'challenge' | 'season' | 'anticheat' | 'review' | 'delivery', { default: Options } & Partial<Record<JobName, Options>>> = {
  [QUEUES.schedule]: { default: TIMER },
  [QUEUES.effects]: { default: STEP, [JOBS.challengeStart]: TIMER, [JOBS.houseCommissary]: TIMER },
  [QUEUES.season]: { default: STEP },
  [QUEUES.anticheat]: { default: ANALYSIS },
  [QUEUES.review]: { default: ANALYSIS },
  [QUEUES.delivery]: { default: SEND, [JOBS.reminder]: TIMER },
};

/** The options of one job: its queue's row for its kind, with its deterministic id and its delay (ms from now). */
export function jobOptions(queue: keyof typeof JOB_OPTIONS, job: JobName, jobId: string, delay = 0): JobsOptions {
  const table = JOB_OPTIONS[queue];
  return { jobId, delay, ...(table[job] ?? table.default) };
}
