import { Injectable } from '@nestjs/common';
import type { Challenge, ChallengeStatus, Prisma } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';
import { lockChallenge, moveChallengeStatus, recordAudit, type TransitionTarget } from '@dcs/tournament';


/** The calendar's transitions before 12:00 (creating challenges is ChallengeCalendar's, libs/tournament; the line of players RegistrationsService's). */
@Injectable()
export class ScheduleRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string): Promise<Challenge | null> {
    return this.prisma.challenge.findUnique({ where: { id } });
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** The challenge under its row lock (the one registrations take too). */
  lock(tx: Tx, challengeId: string): Promise<Challenge | null> {
    return lockChallenge(tx, challengeId, 'UPDATE');
  }

  /**
   * Moves the locked challenge from `from` to `to`, audited with the job and what the move did.
   * Compare-and-set on the version read under the lock: belt and braces with FOR UPDATE.
   */
  async move(tx: Tx, challenge: Challenge, from: ChallengeStatus, to: TransitionTarget, audit: Record<string, unknown>): Promise<void> {
    if (!(await moveChallengeStatus(tx, challenge, from, to))) throw new Error(`challenge ${challenge.id} changed under the lock`);
    await recordAudit(tx, { action: 'challenge.status.changed', entityType: 'challenge', entityId: challenge.id, data: { from, to, ...audit } as Prisma.InputJsonValue });
  }
}
