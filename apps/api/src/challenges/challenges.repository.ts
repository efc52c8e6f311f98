import { Injectable } from '@nestjs/common';
import type { Challenge, ChallengeKind, Prisma, Registration, RegistrationStatus, Tier, User } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { PRE_START } from '@dcs/tournament';
import { checkInOpen, entryStatus, registrationOpen } from './challenges.rules';

type Tx = Prisma.TransactionClient;

export interface ChallengeCounts {
  registered: number;
  waitlisted: number;
  checkedIn: number;
}

export type ChallengeWithCity = Challenge & { city: { name: string; slug: string; timeZone: string } };

export interface PublicRegistration {
  position: number;
  userId: string;
  displayName: string;
  status: RegistrationStatus;
  checkedInAt: Date | null;
}

/** A registration with its place in the waitlist (1 = next to be promoted), null when not waitlisted. */
export type RegistrationWithPlace = Registration & { waitlistPlace: number | null };

/** What may stop a player from entering a challenge: their account's standing and a season ban. */
export interface Standing {
  account: Pick<User, 'status' | 'suspendedUntil'>;
  seasonBan: { seasonId: string } | null;
}

export type RegisterOutcome<E> =
  | { kind: 'no_account' }
  | { kind: 'refused'; refusal: E }
  | { kind: 'not_found' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'already'; registration: RegistrationWithPlace }
  | { kind: 'done'; registration: RegistrationWithPlace };

export type WithdrawOutcome =
  | { kind: 'not_found' }
  | { kind: 'not_registered' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'done'; registration: RegistrationWithPlace; promoted: string[] };

/** A director's new terms for a challenge: tier, pool and split (the split comes with a tier). */
export interface ChallengeTerms {
  tier?: Tier;
  prizePoolCents?: number;
  prizeSplit?: Prisma.InputJsonValue;
}

export type UpdateTermsOutcome = { kind: 'not_found' } | { kind: 'started'; challenge: Challenge } | { kind: 'done'; challenge: Challenge };

export type CheckInOutcome =
  | { kind: 'not_found' }
  | { kind: 'not_registered' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'done'; registration: RegistrationWithPlace };

/** Players who may take a seat: active, or suspended with a suspension that has already ended. */
const eligibleUser = (now: Date): Prisma.UserWhereInput => ({ OR: [{ status: 'active' }, { status: 'suspended', suspendedUntil: { lte: now } }] });

@Injectable()
export class ChallengesRepository {
  constructor(private readonly prisma: PrismaService) {}

  cityExists(cityId: string): Promise<boolean> {
    return this.prisma.city.count({ where: { id: cityId } }).then((n) => n > 0);
  }

  listForCity(cityId: string, since: Date): Promise<Challenge[]> {
    return this.prisma.challenge.findMany({ where: { cityId, startsAt: { gte: since } }, orderBy: { startsAt: 'asc' } });
  }

  /** The city's challenge of that local date and kind, if it exists. */
  findSlot(cityId: string, localDate: string, kind: ChallengeKind): Promise<Challenge | null> {
    return this.prisma.challenge.findUnique({ where: { cityId_localDate_kind: { cityId, localDate, kind } } });
  }

  /**
   * A director changes the challenge's tier and/or prize pool, only before 12:00 (under the row lock
   * the start takes, so a change never races the seeding), audited with the reason and both versions.
   */
  updateTerms(challengeId: string, terms: ChallengeTerms, actorId: string, reason: string): Promise<UpdateTermsOutcome> {
    return this.prisma.$transaction(async (tx): Promise<UpdateTermsOutcome> => {
      const before = await this.lock(tx, challengeId, 'UPDATE');
      if (!before) return { kind: 'not_found' };
      if (!PRE_START.includes(before.status)) return { kind: 'started', challenge: before };
      const challenge = await tx.challenge.update({ where: { id: challengeId }, data: { ...terms, version: { increment: 1 } } });
      await tx.auditLog.create({
        data: {
          actorId,
          action: 'challenge.updated',
          entityType: 'challenge',
          entityId: challengeId,
          reason,
          data: {
            before: { tier: before.tier, prizePoolCents: before.prizePoolCents, prizeSplit: before.prizeSplit },
            after: { tier: challenge.tier, prizePoolCents: challenge.prizePoolCents, prizeSplit: challenge.prizeSplit },
          } as Prisma.InputJsonValue,
        },
      });
      return { kind: 'done', challenge };
    });
  }

  /** The player's standing for this challenge: their account, and the season ban in force in its season if any. Null: no such account. */
  async standing(challengeId: string, userId: string, db: Pick<Tx, 'user' | 'seasonPenalty'> = this.prisma): Promise<Standing | null> {
    const account = await db.user.findUnique({ where: { id: userId }, select: { status: true, suspendedUntil: true } });
    if (!account) return null;
    const seasonBan = await db.seasonPenalty.findFirst({
      where: { userId, kind: 'season_ban', revokedAt: null, season: { weeklyChallenges: { some: { id: challengeId } } } },
      select: { seasonId: true },
    });
    return { account, seasonBan };
  }

  find(id: string): Promise<ChallengeWithCity | null> {
    return this.prisma.challenge.findUnique({ where: { id }, include: { city: { select: { name: true, slug: true, timeZone: true } } } });
  }

  async counts(challengeId: string): Promise<ChallengeCounts> {
    const [byStatus, checkedIn] = await Promise.all([
      this.prisma.registration.groupBy({ by: ['status'], where: { challengeId }, _count: { _all: true } }),
      this.prisma.registration.count({ where: { challengeId, status: { not: 'withdrawn' }, checkedInAt: { not: null } } }),
    ]);
    const of = (s: RegistrationStatus) => byStatus.find((g) => g.status === s)?._count._all ?? 0;
    return { registered: of('registered'), waitlisted: of('waitlisted'), checkedIn };
  }

  async publicRegistrations(challengeId: string): Promise<PublicRegistration[]> {
    const rows = await this.prisma.registration.findMany({
      where: { challengeId, status: { not: 'withdrawn' } },
      orderBy: { position: 'asc' },
      select: { position: true, userId: true, status: true, checkedInAt: true, user: { select: { displayName: true } } },
    });
    return rows.map((r) => ({ position: r.position, userId: r.userId, displayName: r.user.displayName, status: r.status, checkedInAt: r.checkedInAt }));
  }

  /**
   * Registers the player at the end of the line: `registered` while fewer than `capacity` are,
   * `waitlisted` after. The challenge row is locked (SELECT … FOR UPDATE) for the whole
   * transaction, so concurrent registrations take distinct positions and never overfill it.
   * A player who withdrew and registers again goes to the end of the line.
   *
   * `refuse` decides on the player's standing (its refusal, or null to go on), read under the player's row lock (FOR SHARE), taken
   * before the challenge's (lock order: player, then challenge rows). A suspension, ban or season
   * ban locks that row (PenaltyEffects.lockUser) before it withdraws the player's pending
   * registrations: read outside the lock, a penalty committed while this registration waited on
   * the challenge row (behind another player's registration) found nothing to withdraw, and the
   * registration of a player who was no longer allowed to play was then written anyway.
   */
  register<E>(challengeId: string, userId: string, now: Date, refuse: (s: Standing) => E | null): Promise<RegisterOutcome<E>> {
    return this.prisma.$transaction(async (tx): Promise<RegisterOutcome<E>> => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR SHARE`;
      const standing = await this.standing(challengeId, userId, tx);
      if (!standing) return { kind: 'no_account' };
      const refusal = refuse(standing);
      if (refusal !== null) return { kind: 'refused', refusal };
      const challenge = await this.lock(tx, challengeId, 'UPDATE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await tx.registration.findUnique({ where: { challengeId_userId: { challengeId, userId } } });
      if (existing && existing.status !== 'withdrawn') return { kind: 'already', registration: await this.withPlace(tx, existing) };
      if (!registrationOpen(challenge, now)) return { kind: 'closed', challenge };
      const registered = await tx.registration.count({ where: { challengeId, status: 'registered' } });
      const last = await tx.registration.aggregate({ where: { challengeId }, _max: { position: true } });
      const data = {
        status: entryStatus(registered, challenge.capacity),
        position: (last._max.position ?? 0) + 1,
        checkedInAt: null,
        withdrawnAt: null,
      };
      const registration = existing
        ? await tx.registration.update({ where: { id: existing.id }, data })
        : await tx.registration.create({ data: { challengeId, userId, ...data } });
      return { kind: 'done', registration: await this.withPlace(tx, registration) };
    });
  }

  /**
   * Withdraws the player; a registered player's place goes to the first eligible waitlisted
   * player (who is notified). Under the same row lock as registration.
   */
  withdraw(challengeId: string, userId: string, now: Date): Promise<WithdrawOutcome> {
    return this.prisma.$transaction(async (tx) => {
      const challenge = await this.lock(tx, challengeId, 'UPDATE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await tx.registration.findUnique({ where: { challengeId_userId: { challengeId, userId } } });
      if (!existing || existing.status === 'withdrawn') return { kind: 'not_registered' };
      if (!registrationOpen(challenge, now)) return { kind: 'closed', challenge };
      const registration = await tx.registration.update({ where: { id: existing.id }, data: { status: 'withdrawn', withdrawnAt: now } });
      const promoted = existing.status === 'registered' ? await this.fillFromWaitlist(tx, challenge, now) : [];
      return { kind: 'done', registration: { ...registration, waitlistPlace: null }, promoted };
    });
  }

  /**
   * Checks the player in (registered or waitlisted). Takes the challenge row lock in share
   * mode: check-ins run side by side, but never across the worker closing check-in.
   * Checking in again keeps the first time.
   */
  checkIn(challengeId: string, userId: string, now: Date): Promise<CheckInOutcome> {
    return this.prisma.$transaction(async (tx) => {
      const challenge = await this.lock(tx, challengeId, 'SHARE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await tx.registration.findUnique({ where: { challengeId_userId: { challengeId, userId } } });
      if (!existing || existing.status === 'withdrawn') return { kind: 'not_registered' };
      if (existing.checkedInAt) return { kind: 'done', registration: await this.withPlace(tx, existing) };
      if (!checkInOpen(challenge, now)) return { kind: 'closed', challenge };
      const registration = await tx.registration.update({ where: { id: existing.id }, data: { checkedInAt: now } });
      return { kind: 'done', registration: await this.withPlace(tx, registration) };
    });
  }

  myRegistration(challengeId: string, userId: string): Promise<RegistrationWithPlace | null> {
    return this.prisma.$transaction(async (tx) => {
      const r = await tx.registration.findUnique({ where: { challengeId_userId: { challengeId, userId } } });
      return r ? this.withPlace(tx, r) : null;
    });
  }

  private async lock(tx: Tx, challengeId: string, mode: 'UPDATE' | 'SHARE'): Promise<Challenge | null> {
    const rows =
      mode === 'UPDATE'
        ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM challenges WHERE id = ${challengeId}::uuid FOR UPDATE`
        : await tx.$queryRaw<{ id: string }[]>`SELECT id FROM challenges WHERE id = ${challengeId}::uuid FOR SHARE`;
    return rows.length ? tx.challenge.findUnique({ where: { id: challengeId } }) : null;
  }

  /** Promotes waitlisted players, in waitlist order, into free places; notifies each once. */
  private async fillFromWaitlist(tx: Tx, challenge: Challenge, now: Date): Promise<string[]> {
    const registered = await tx.registration.count({ where: { challengeId: challenge.id, status: 'registered' } });
    const free = challenge.capacity - registered;
    if (free <= 0) return [];
    const next = await tx.registration.findMany({
      where: { challengeId: challenge.id, status: 'waitlisted', user: eligibleUser(now) },
      orderBy: { position: 'asc' },
      take: free,
      select: { id: true, userId: true, position: true },
    });
    if (!next.length) return [];
    await tx.registration.updateMany({ where: { id: { in: next.map((r) => r.id) } }, data: { status: 'registered' } });
    const city = await tx.city.findUniqueOrThrow({ where: { id: challenge.cityId }, select: { name: true } });
    await tx.notification.createMany({
      skipDuplicates: true,
      data: next.map((r) => ({
        userId: r.userId,
        kind: 'challenge.promoted_from_waitlist',
        title: 'You are off the waitlist',
        body: `A place opened up: you are registered for the ${city.name} challenge of ${challenge.localDate}. Check in between ${challenge.checkInOpensAt.toISOString()} and ${challenge.checkInClosesAt.toISOString()}.`,
        data: { challengeId: challenge.id, position: r.position },
        // One notice per promotion; a player who withdraws and is promoted again has a new position.
        dedupeKey: `promoted:${challenge.id}:${r.position}`,
      })),
    });
    return next.map((r) => r.userId);
  }

  private async withPlace(tx: Tx, r: Registration): Promise<RegistrationWithPlace> {
    if (r.status !== 'waitlisted') return { ...r, waitlistPlace: null };
    const ahead = await tx.registration.count({ where: { challengeId: r.challengeId, status: 'waitlisted', position: { lt: r.position } } });
    return { ...r, waitlistPlace: ahead + 1 };
  }
}
