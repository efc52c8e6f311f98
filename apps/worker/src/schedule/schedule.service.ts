import { Injectable, Logger } from '@nestjs/common';
import { ChallengeTransitionPayload } from '@dcs/common';
import { ChallengeCalendar, TRANSITIONS } from '@dcs/tournament';
import { ScheduleRepository, TransitionResult } from './schedule.repository';

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
    const result = await this.repo.transition(payload.challengeId, payload.to, now, jobId);
    if (result.changed) {
      this.logger.log(`challenge ${result.challengeId}: ${result.from} → ${result.to}${result.promoted.length ? `, ${result.promoted.length} seated from the waitlist` : ''}`);
    }
    return result;
  }
}
