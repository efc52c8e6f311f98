import { Injectable } from '@nestjs/common';
import type { Challenge, City, Prisma, Season } from '@dcs/db';
import type { PrizeSplit } from '@dcs/ranking';
import { PrismaService } from '@dcs/common';
import { PRE_START } from '../challenge/challenge-rows';
import { recordAudits } from '../audit/audit-log.repository';
import { insertChallenges } from '../challenge/challenge.repository';

export type CityWithSeasons = City & { seasons: Pick<Season, 'id' | 'startDate' | 'challenges'>[] };

export type PendingChallenge = Pick<Challenge, 'id' | 'status' | 'startsAt' | 'registrationOpensAt' | 'checkInOpensAt' | 'checkInClosesAt'>;


/** Who created challenges, for their audit entries: a director with a reason, or the system (the worker's sweep, a new city). */
export interface CreatedBy {
  actorId: string | null;
  reason?: string;
}

/**
 * The calendar's rows: the cities it plans for and the challenges it creates. The worker's
 * sweep and the API (a director's challenge, a new city) write them through this one class.
 */
@Injectable()
export class CalendarRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every city (or the one named) with the seasons a challenge date is matched against. */
  cities(cityId?: string): Promise<CityWithSeasons[]> {
    return this.prisma.city.findMany({
      where: cityId ? { id: cityId } : undefined,
      orderBy: { slug: 'asc' },
      include: { seasons: { select: { id: true, startDate: true, challenges: true }, orderBy: { number: 'asc' } } },
    });
  }

  /**
   * Inserts the challenges that do not exist yet (unique city + local date + kind; ON CONFLICT DO
   * NOTHING, so two writers racing each other create each one once) with an audit entry for
   * each one actually created.
   */
  createChallenges(rows: Prisma.ChallengeCreateManyInput[], by: CreatedBy = { actorId: null }): Promise<Challenge[]> {
    if (!rows.length) return Promise.resolve([]);
    return this.prisma.$transaction(async (tx) => {
      const created = await insertChallenges(tx, rows);
      if (created.length) {
        await recordAudits(tx, created.map((c) => ({
          actorId: by.actorId,
          action: 'challenge.created',
          entityType: 'challenge',
          entityId: c.id,
          reason: by.reason ?? null,
          data: {
            cityId: c.cityId,
            kind: c.kind,
            localDate: c.localDate,
            seasonId: c.seasonId,
            week: c.week,
            startsAt: c.startsAt.toISOString(),
            tier: c.tier,
            prizePoolCents: c.prizePoolCents,
          },
        })));
      }
      return created;
    });
  }

  /** Every challenge that has not started (nor been cancelled): its timers must exist. */
  pending(): Promise<PendingChallenge[]> {
    return this.prisma.challenge.findMany({
      where: { status: { in: [...PRE_START] } },
      select: { id: true, status: true, startsAt: true, registrationOpensAt: true, checkInOpensAt: true, checkInClosesAt: true },
      orderBy: { startsAt: 'asc' },
    });
  }

  /** The tiers' configured prize splits (a tier without a row uses the default). */
  async tierSplits(): Promise<Partial<Record<string, PrizeSplit>>> {
    const rows = await this.prisma.tierSetting.findMany();
    return Object.fromEntries(rows.map((r) => [r.tier, r.prizeSplit as unknown as PrizeSplit]));
  }
}
