import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import type { FeedChallenge } from '@dcs/tournament';

const SELECT = {
  id: true,
  kind: true,
  localDate: true,
  status: true,
  startsAt: true,
  checkInOpensAt: true,
  checkInClosesAt: true,
  city: { select: { name: true, timeZone: true } },
} satisfies Prisma.ChallengeSelect;

type Row = Prisma.ChallengeGetPayload<{ select: typeof SELECT }>;
const feed = ({ city, ...c }: Row, registration?: string): FeedChallenge => ({ ...c, kind: String(c.kind), status: String(c.status), cityName: city.name, timeZone: city.timeZone, ...(registration ? { registration } : {}) });

/** What the calendar feeds read: a city's challenges, one challenge, a player's registrations. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(private readonly prisma: PrismaService) {}

  city(id: string): Promise<{ id: string; name: string; timeZone: string } | null> {
    return this.prisma.city.findUnique({ where: { id }, select: { id: true, name: true, timeZone: true } });
  }

  /** The city's challenges starting after `from`, soonest first. */
  async cityChallenges(cityId: string, from: Date): Promise<FeedChallenge[]> {
    const rows = await this.prisma.challenge.findMany({ where: { cityId, startsAt: { gte: from } }, select: SELECT, orderBy: { startsAt: 'asc' }, take: 200 });
    return rows.map((r) => feed(r));
  }

  async challenge(id: string): Promise<FeedChallenge | null> {
    const row = await this.prisma.challenge.findUnique({ where: { id }, select: SELECT });
    return row ? feed(row) : null;
  }

  /** The player's registrations (not withdrawn) for challenges starting after `from`. */
  async playerChallenges(userId: string, from: Date): Promise<FeedChallenge[]> {
    const rows = await this.prisma.registration.findMany({
      where: { userId, status: { in: ['registered', 'waitlisted'] }, challenge: { startsAt: { gte: from } } },
      select: { status: true, challenge: { select: SELECT } },
      orderBy: { challenge: { startsAt: 'asc' } },
      take: 500,
    });
    return rows.map((r) => feed(r.challenge, String(r.status)));
  }

  async displayName(userId: string): Promise<string | null> {
    return (await this.prisma.user.findUnique({ where: { id: userId }, select: { displayName: true } }))?.displayName ?? null;
  }
}
