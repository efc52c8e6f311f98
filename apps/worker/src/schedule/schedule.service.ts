import { Injectable, Logger } from '@nestjs/common';
import type { ChallengeStatus } from '@dcs/db';
import { ChallengeTransitionPayload } from '@dcs/common';
import { ChallengeCalendar, PRE_START, RegistrationsService, TRANSITIONS, type TransitionTarget } from '@dcs/tournament';
import { ScheduleRepository } from './schedule.repository';

export interface TransitionResult {
  challengeId: string;
  from: ChallengeStatus | null;
  to: TransitionTarget;
  changed: boolean;
  /** user ids moved from the waitlist to a seat at check-in close */
  promoted: string[];
  /** user ids whose registration was withdrawn at check-in close because they are suspended or banned */
  withdrawn: string[];
}

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
    private readonly calendar: ChallengeCalendar,
    private readonly registrations: RegistrationsService,
  ) {}

  /**
   * Creates the challenges of every city's next WEEKS_AHEAD Saturdays (as of `asOf`) that
   * do not exist yet, then makes sure every challenge that has not started has its timers.
   */
  async sweep(asOf: Date): Promise<ScheduleSweepResult> {
    const { created, skippedCities } = await this.calendar.upcoming(asOf);
    const { queued, retried } = await this.calendar.queuePending();
    return { asOf: asOf.toISOString(), created: created.length, queued, retried, skippedCities };
  }

  /** Runs one transition; `{ notDueUntil }` when it is not due yet (the caller puts the job back). */
  async transition(payload: ChallengeTransitionPayload, now: Date, jobId: string): Promise<TransitionResult | { notDueUntil: Date }> {
    const challenge = await this.repo.find(payload.challengeId);
    if (challenge) {
      const due = TRANSITIONS.find((t) => t.to === payload.to)!.at(challenge);
      if (due.getTime() > now.getTime()) return { notDueUntil: due };
    }
    const result = await this.move(payload.challengeId, payload.to, now, jobId);
    if (result.changed) {
      this.logger.log(`challenge ${result.challengeId}: ${result.from} → ${result.to}${result.promoted.length ? `, ${result.promoted.length} seated from the waitlist` : ''}`);
    }
    return result;
  }

  /**
   * Moves the challenge forward to `to` (never back, never out of cancelled/running/completed),
   * under the challenge's row lock, which registrations take too. Closing check-in withdraws the
   * players who may not take part and seats checked-in waitlisted players in the places registered
   * no-shows leave (RegistrationsService.closeCheckIn, SPEC 3.1). A retried job finds the status
   * already reached and changes nothing.
   */
  private move(challengeId: string, to: TransitionTarget, now: Date, jobId: string): Promise<TransitionResult> {
    return this.repo.transaction(async (tx): Promise<TransitionResult> => {
      const challenge = await this.repo.lock(tx, challengeId);
      if (!challenge) return { challengeId, from: null, to, changed: false, promoted: [], withdrawn: [] };
      const from = challenge.status;
      const rank = PRE_START.indexOf(from);
      if (rank < 0 || rank >= PRE_START.indexOf(to)) return { challengeId, from, to, changed: false, promoted: [], withdrawn: [] };
      const closed = to === 'check_in_closed' ? await this.registrations.closeCheckIn(tx, challenge, now) : null;
      await this.repo.move(tx, challenge, from, to, { jobId, ...(closed ? { promotedFromWaitlist: closed.promoted, withdrawnSuspendedOrBanned: closed.withdrawn } : {}) });
      return { challengeId, from, to, changed: true, promoted: closed?.promoted ?? [], withdrawn: closed?.withdrawn ?? [] };
    });
  }
}
