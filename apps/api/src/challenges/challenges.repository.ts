import { Injectable } from '@nestjs/common';
import type { Challenge, ChallengeKind, Prisma, Tier } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { assertDirectsCity, ChallengeFlowService, lockChallenge, notStarted, recordAudit, updateChallengeTerms } from '@dcs/tournament';

export type ChallengeWithCity = Challenge & { city: { name: string; slug: string; timeZone: string } };

/** A director's new terms for a challenge: tier, pool and split (the split comes with a tier). */
export interface ChallengeTerms {
  tier?: Tier;
  prizePoolCents?: number;
  prizeSplit?: Prisma.InputJsonValue;
}

export type UpdateTermsOutcome = { kind: 'not_found' } | { kind: 'started'; challenge: Challenge } | { kind: 'done'; challenge: Challenge };

@Injectable()
export class ChallengesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly flow: ChallengeFlowService,
  ) {}

  cityExists(cityId: string): Promise<boolean> {
    return this.prisma.city.count({ where: { id: cityId } }).then((n) => n > 0);
  }

  /** The city's challenges that started since `since`, and every one still to play or being played whatever its start (a running challenge is never hidden). */
  listForCity(cityId: string, since: Date): Promise<Challenge[]> {
    return this.prisma.challenge.findMany({ where: { cityId, OR: [{ startsAt: { gte: since } }, { status: { notIn: ['completed', 'cancelled'] } }] }, orderBy: { startsAt: 'asc' } });
  }

  /** The city's challenge of that local date and kind, if it exists. */
  findSlot(cityId: string, localDate: string, kind: ChallengeKind): Promise<Challenge | null> {
    return this.prisma.challenge.findUnique({ where: { cityId_localDate_kind: { cityId, localDate, kind } } });
  }

  /**
   * A director changes the challenge's tier and/or prize pool, only before 12:00 (under the row lock
   * the start takes, so a change never races the seeding), audited with the reason and both versions.
   * SPEC 7 first, as every director act on a challenge: never one the actor plays in (OWN_CHALLENGE),
   * never another city's (NOT_YOUR_CITY); then `allowed`, the caller's own refusal of the terms.
   */
  updateTerms(challengeId: string, terms: ChallengeTerms, actorId: string, reason: string, allowed: () => void = () => undefined): Promise<UpdateTermsOutcome> {
    return this.prisma.$transaction(async (tx): Promise<UpdateTermsOutcome> => {
      const before = await lockChallenge(tx, challengeId, 'UPDATE');
      if (!before) return { kind: 'not_found' };
      await this.flow.assertMayDirect(tx, challengeId, actorId);
      allowed();
      if (!notStarted(before.status)) return { kind: 'started', challenge: before };
      const challenge = await updateChallengeTerms(tx, challengeId, terms);
      await recordAudit(tx, {
        actorId,
        action: 'challenge.updated',
        entityType: 'challenge',
        entityId: challengeId,
        reason,
        data: {
          before: { tier: before.tier, prizePoolCents: before.prizePoolCents, prizeSplit: before.prizeSplit },
          after: { tier: challenge.tier, prizePoolCents: challenge.prizePoolCents, prizeSplit: challenge.prizeSplit },
        } as Prisma.InputJsonValue,
      });
      return { kind: 'done', challenge };
    });
  }

  /** SPEC 7: throws NOT_YOUR_CITY unless the actor directs this city (an admin does everywhere). */
  assertDirectsCity(actorId: string, cityId: string): Promise<void> {
    return assertDirectsCity(this.prisma, actorId, cityId);
  }

  find(id: string): Promise<ChallengeWithCity | null> {
    return this.prisma.challenge.findUnique({ where: { id }, include: { city: { select: { name: true, slug: true, timeZone: true } } } });
  }
}
