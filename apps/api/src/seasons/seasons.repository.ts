import { Injectable } from '@nestjs/common';
import type { Challenge, Prisma, Region } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { DEFAULT_PRIZE_SPLIT } from '@dcs/ranking';
import { assertDirectsCity, eventEnteredNotices, insertChallenge, insertWdcEntry, recordAudit, RegistrationsService, storeNotifications } from '@dcs/tournament';

export interface NewEvent {
  kind: 'regional' | 'ndt';
  eventKey: string;
  region: Region | null;
  year: number;
  hostCityId: string;
  startsAt: Date;
  prizePoolCents: number;
  event: Prisma.InputJsonValue;
  entrants: string[];
}

@Injectable()
export class SeasonsRepository {
  constructor(
    private readonly prisma: PrismaService,
    /** The entrants' registration rows are the registrations module's, written in this transaction. */
    private readonly registrations: RegistrationsService,
  ) {}

  season(cityId: string, seasonId: string) {
    return this.prisma.season.findFirst({ where: { id: seasonId, cityId } });
  }

  /** SPEC 7: throws NOT_YOUR_CITY unless the actor directs this city (an admin does everywhere). */
  assertDirects(actorId: string, cityId: string): Promise<void> {
    return assertDirectsCity(this.prisma, actorId, cityId);
  }

  /** A challenge of the season, not yet completed or cancelled, that the person is entered in (registered or waitlisted): closing the season would cancel it. */
  async enteredOpenChallenge(seasonId: string, userId: string): Promise<string | null> {
    const reg = await this.prisma.registration.findFirst({
      where: { userId, status: { in: ['registered', 'waitlisted'] }, challenge: { seasonId, status: { notIn: ['completed', 'cancelled'] } } },
      select: { challengeId: true },
    });
    return reg?.challengeId ?? null;
  }

  /** Each city of the region with its latest closed season's current Elite Six. */
  async regionQualifiers(region: Region) {
    const cities = await this.prisma.city.findMany({
      where: { region },
      orderBy: { slug: 'asc' },
      include: {
        seasons: {
          where: { status: 'closed' },
          orderBy: { closedAt: 'desc' },
          take: 1,
          include: { eliteSix: { where: { removedAt: null }, orderBy: { seed: 'asc' } } },
        },
      },
    });
    return cities;
  }

  eventByKey(eventKey: string): Promise<Challenge | null> {
    return this.prisma.challenge.findUnique({ where: { eventKey } });
  }

  regionalsOf(year: number) {
    return this.prisma.challenge.findMany({ where: { kind: 'regional', year }, include: { placements: { where: { placement: '1' } } }, orderBy: { region: 'asc' } });
  }

  cityExists(id: string, region?: Region): Promise<boolean> {
    return this.prisma.city.count({ where: { id, ...(region ? { region } : {}) } }).then((n) => n > 0);
  }

  /**
   * Creates the event as a challenge (kind regional / ndt) whose entrants are registered and
   * checked in, so ChallengeFlowService seats them at `startsAt` like any challenge. Unique
   * event key: a second create returns the first one.
   */
  async createEvent(actorId: string, e: NewEvent): Promise<{ challenge: Challenge; created: boolean }> {
    // The same event created twice at once (a retry, two instances): both find no event key, the
    // second insert waits for the first and then hits the unique key (was: a 500). It answers with
    // the first one, as a create after it does.
    return this.insertOnce(
      () => this.createEventTx(actorId, e),
      async () => {
        const existing = await this.eventByKey(e.eventKey);
        return existing && { challenge: existing, created: false };
      },
    );
  }

  private createEventTx(actorId: string, e: NewEvent): Promise<{ challenge: Challenge; created: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      const existing = await tx.challenge.findUnique({ where: { eventKey: e.eventKey } });
      if (existing) return { challenge: existing, created: false };
      const challenge = await insertChallenge(tx, {
        kind: e.kind,
        eventKey: e.eventKey,
        region: e.region,
        year: e.year,
        event: e.event,
        cityId: e.hostCityId,
        localDate: e.startsAt.toISOString().slice(0, 10),
        startsAt: e.startsAt,
        registrationOpensAt: e.startsAt,
        checkInOpensAt: e.startsAt,
        checkInClosesAt: e.startsAt,
        status: 'check_in_closed',
        minPlayers: 3,
        prizePoolCents: e.prizePoolCents,
        prizeSplit: DEFAULT_PRIZE_SPLIT as unknown as Prisma.InputJsonValue,
      });
      await this.registrations.enterEvent(tx, challenge.id, e.entrants, e.startsAt);
      await storeNotifications(tx, eventEnteredNotices(e, challenge.id));
      await recordAudit(tx, { actorId, action: `${e.kind}.created`, entityType: 'challenge', entityId: challenge.id, data: { eventKey: e.eventKey, entrants: e.entrants, prizePoolCents: e.prizePoolCents } as Prisma.InputJsonValue });
      return { challenge, created: true };
    });
  }

  events(kind: 'regional' | 'ndt', year?: number) {
    return this.prisma.challenge.findMany({ where: { kind, ...(year ? { year } : {}) }, orderBy: [{ year: 'desc' }, { region: 'asc' }], include: { placements: true } });
  }

  event(id: string) {
    return this.prisma.challenge.findFirst({ where: { id, kind: { in: ['regional', 'ndt'] } }, include: { placements: true } });
  }

  wdcEntries(year: number) {
    return this.prisma.wdcEntry.findMany({ where: { year }, orderBy: [{ source: 'desc' }, { createdAt: 'asc' }] });
  }

  userExists(id: string): Promise<boolean> {
    return this.prisma.user.count({ where: { id } }).then((n) => n > 0);
  }

  async addWdcEntry(actorId: string, year: number, name: string, country: string, userId: string | null) {
    const same: Prisma.WdcEntryWhereInput = { year, OR: [{ name, country }, ...(userId ? [{ userId }] : [])] };
    // Two adds of one entrant at once: the second insert hits a unique key once the first commits
    // (was: a 500) and answers with the entry the first one added, as an add after it does.
    return this.insertOnce(
      () =>
        this.prisma.$transaction(async (tx) => {
          const dup = await tx.wdcEntry.findFirst({ where: same });
          if (dup) return { entry: dup, created: false };
          const entry = await insertWdcEntry(tx, { year, name, country, userId, createdById: actorId });
          await recordAudit(tx, { actorId, action: 'wdc.entry-added', entityType: 'wdc_entry', entityId: entry.id, data: { year, name, country, userId } });
          return { entry, created: true };
        }),
      async () => {
        const dup = await this.prisma.wdcEntry.findFirst({ where: same });
        return dup && { entry: dup, created: false };
      },
    );
  }

  /**
   * Runs `insert`; when it loses a race on a unique key (P2002: a concurrent writer committed the
   * same row after this one looked for it), answers with `winner()`, read after that commit.
   */
  private async insertOnce<T>(insert: () => Promise<T>, winner: () => Promise<T | null>): Promise<T> {
    try {
      return await insert();
    } catch (err) {
      if ((err as { code?: string }).code !== 'P2002') throw err;
      const found = await winner();
      if (!found) throw err;
      return found;
    }
  }
}
