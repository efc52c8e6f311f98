import { Injectable } from '@nestjs/common';
import type { Challenge, ChallengeStatus, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { PRE_START, type TransitionTarget } from '@dcs/tournament';

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

/** The calendar's transitions before 12:00 (creating challenges is ChallengeCalendar's, libs/tournament). */
@Injectable()
export class ScheduleRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string): Promise<Challenge | null> {
    return this.prisma.challenge.findUnique({ where: { id } });
  }

  /**
   * Moves the challenge forward to `to` (never back, never out of cancelled/running/completed),
   * under a row lock that registrations take too. Closing check-in seats checked-in waitlisted
   * players, in waitlist order, in the places registered no-shows leave (SPEC 3.1), and tells
   * them. A retried job finds the status already reached and changes nothing.
   */
  transition(challengeId: string, to: TransitionTarget, now: Date, jobId: string): Promise<TransitionResult> {
    return this.prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ status: ChallengeStatus }[]>`SELECT status FROM challenges WHERE id = ${challengeId}::uuid FOR UPDATE`;
      if (!locked) return { challengeId, from: null, to, changed: false, promoted: [], withdrawn: [] };
      const from = locked.status;
      const rank = PRE_START.indexOf(from);
      if (rank < 0 || rank >= PRE_START.indexOf(to)) return { challengeId, from, to, changed: false, promoted: [], withdrawn: [] };

      const challenge = await tx.challenge.findUniqueOrThrow({ where: { id: challengeId }, include: { city: { select: { name: true } } } });
      let promoted: string[] = [];
      let withdrawn: string[] = [];
      if (to === 'check_in_closed') {
        withdrawn = await this.withdrawIneligible(tx, challengeId, challenge.localDate, challenge.city.name, now);
        const seated = await tx.registration.count({ where: { challengeId, status: 'registered', checkedInAt: { not: null } } });
        const free = Math.max(0, challenge.capacity - seated);
        const lucky = free
          ? await tx.registration.findMany({
              where: {
                challengeId,
                status: 'waitlisted',
                checkedInAt: { not: null },
                // Belt and braces: withdrawIneligible ran just before.
                user: { OR: [{ status: 'active' }, { status: 'suspended', suspendedUntil: { lte: now } }] },
              },
              orderBy: { position: 'asc' },
              take: free,
              select: { id: true, userId: true, position: true },
            })
          : [];
        if (lucky.length) {
          await tx.registration.updateMany({ where: { id: { in: lucky.map((r) => r.id) }, status: 'waitlisted' }, data: { status: 'registered' } });
          await tx.notification.createMany({
            skipDuplicates: true,
            data: lucky.map((r) => ({
              userId: r.userId,
              kind: 'challenge.seated_from_waitlist',
              title: 'You have a seat',
              body: `A registered player did not check in, so you are seated in the ${challenge.city.name} challenge of ${challenge.localDate} at 12:00.`,
              data: { challengeId, position: r.position },
              dedupeKey: `seated:${challengeId}`,
            })),
          });
        }
        promoted = lucky.map((r) => r.userId);
      }

      // Compare-and-set on the version read under the lock: belt and braces with FOR UPDATE.
      const moved = await tx.challenge.updateMany({ where: { id: challengeId, version: challenge.version, status: from }, data: { status: to, version: { increment: 1 } } });
      if (moved.count !== 1) throw new Error(`challenge ${challengeId} changed under the lock`);
      await tx.auditLog.create({
        data: {
          action: 'challenge.status.changed',
          entityType: 'challenge',
          entityId: challengeId,
          data: { from, to, jobId, ...(to === 'check_in_closed' ? { promotedFromWaitlist: promoted, withdrawnSuspendedOrBanned: withdrawn } : {}) },
        },
      });
      return { challengeId, from, to, changed: true, promoted, withdrawn };
    });
  }

  /**
   * SPEC 3.1: "a registration of a player who becomes suspended is withdrawn". Whatever
   * suspends or bans a player should do it at once; closing check-in does it as well, so
   * nobody suspended or banned is seated at 12:00 whichever path missed it.
   */
  private async withdrawIneligible(tx: Prisma.TransactionClient, challengeId: string, localDate: string, cityName: string, now: Date): Promise<string[]> {
    const out = await tx.registration.findMany({
      where: {
        challengeId,
        status: { in: ['registered', 'waitlisted'] },
        user: { OR: [{ status: 'banned' }, { status: 'suspended', OR: [{ suspendedUntil: null }, { suspendedUntil: { gt: now } }] }] },
      },
      select: { id: true, userId: true },
    });
    if (!out.length) return [];
    await tx.registration.updateMany({ where: { id: { in: out.map((r) => r.id) } }, data: { status: 'withdrawn', withdrawnAt: now } });
    await tx.notification.createMany({
      skipDuplicates: true,
      data: out.map((r) => ({
        userId: r.userId,
        kind: 'challenge.registration_withdrawn',
        title: 'Your registration was withdrawn',
        body: `Your account is suspended or banned, so your registration for the ${cityName} challenge of ${localDate} was withdrawn.`,
        data: { challengeId },
        dedupeKey: `withdrawn-ineligible:${challengeId}`,
      })),
    });
    return out.map((r) => r.userId);
  }
}
