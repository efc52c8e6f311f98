import { Injectable } from '@nestjs/common';
import type { AuditLog, Challenge, Prisma, Registration, RegistrationStatus } from '@dcs/db';
import { containsPattern, PrismaService, type Tx } from '@dcs/common';
import { lockChallenge, lockPendingChallengesOf } from '../challenge/challenge-locks.repository';
import { PRE_START } from '../challenge/challenge-rows';
import { storeNotifications } from '../notifications/notifications.repository';
import type { AccountStanding } from './registration.rules';
import type { RegistrationNotice } from './registration.messages';
import { recordAudit } from '../audit/audit-log.repository';

type Db = Pick<Tx, 'user' | 'seasonPenalty'>;
const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * "May take part" (registration.rules.ts, mayTakePart) at `now`, as a database filter on the player:
 * active, or suspended with a suspension over by now. `ineligibleAt` is its exact complement (written
 * out, not NOT(...): a suspension without an end is NULL, which NOT would not count).
 */
const eligibleAt = (now: Date): Prisma.UserWhereInput => ({ OR: [{ status: 'active' }, { status: 'suspended', suspendedUntil: { lte: now } }] });
const ineligibleAt = (now: Date): Prisma.UserWhereInput => ({ OR: [{ status: 'banned' }, { status: 'suspended', OR: [{ suspendedUntil: null }, { suspendedUntil: { gt: now } }] }] });

export interface ChallengeCounts {
  registered: number;
  waitlisted: number;
  checkedIn: number;
}

export interface PublicRegistration {
  position: number;
  userId: string;
  displayName: string;
  status: RegistrationStatus;
  checkedInAt: Date | null;
}

/** A line of a director's list of a challenge (SPEC 7): every registration, withdrawn ones included, with its dates. */
export interface RosterLine extends PublicRegistration {
  registeredAt: Date;
  withdrawnAt: Date | null;
  disqualifiedAt: Date | null;
  disqualifyReason: string | null;
  /** 1 = next to be promoted; null unless waitlisted. */
  waitlistPlace: number | null;
}

/** Which lines of the director's list: by status (checked_in: registered or waitlisted and checked in) and a part of the name. */
export interface RosterFilter {
  status?: RegistrationStatus | 'checked_in';
  name?: string;
}

/** An audit entry about registrations (its actor, action, entity and data). */
export type RegistrationAudit = Pick<AuditLog, 'actorId' | 'action' | 'entityType' | 'entityId' | 'reason'> & { data: Record<string, unknown> };

/**
 * The only code that reads or writes registration rows (and the row locks they are written under:
 * challenge-locks.ts holds the order). Thin: one query a method, no rule; RegistrationsService
 * decides. Every writer takes the caller's transaction.
 */
@Injectable()
export class RegistrationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  // ------------------------------------------------------------------ locks (see challenge-locks.ts for the order)

  /** The player's row in share mode: a penalty (FOR NO KEY UPDATE on it) waits for the registration, or the registration for the penalty. */
  async lockAccountShared(tx: Tx, userId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR SHARE`;
  }

  lockChallenge(tx: Tx, challengeId: string, mode: 'UPDATE' | 'SHARE'): Promise<Challenge | null> {
    return lockChallenge(tx, challengeId, mode);
  }

  lockPendingChallengesOf(tx: Tx, userId: string): Promise<void> {
    return lockPendingChallengesOf(tx, userId);
  }

  // ------------------------------------------------------------------ reads

  account(userId: string, db: Db = this.prisma): Promise<AccountStanding | null> {
    return db.user.findUnique({ where: { id: userId }, select: { status: true, suspendedUntil: true } });
  }

  /** The season ban in force against the player in the challenge's season, if any. */
  seasonBan(challengeId: string, userId: string, db: Db = this.prisma): Promise<{ seasonId: string } | null> {
    return db.seasonPenalty.findFirst({
      where: { userId, kind: 'season_ban', revokedAt: null, season: { weeklyChallenges: { some: { id: challengeId } } } },
      select: { seasonId: true },
    });
  }

  seasonBanned(tx: Tx, userId: string, seasonId: string): Promise<boolean> {
    return tx.seasonPenalty.count({ where: { userId, seasonId, kind: 'season_ban', revokedAt: null } }).then((n) => n > 0);
  }

  find(tx: Tx, challengeId: string, userId: string): Promise<Registration | null> {
    return tx.registration.findUnique({ where: { challengeId_userId: { challengeId, userId } } });
  }

  byId(tx: Tx, id: string): Promise<Registration> {
    return tx.registration.findUniqueOrThrow({ where: { id } });
  }

  countRegistered(tx: Tx, challengeId: string, opts: { checkedIn?: true } = {}): Promise<number> {
    return tx.registration.count({ where: { challengeId, status: 'registered', ...(opts.checkedIn ? { checkedInAt: { not: null } } : {}) } });
  }

  lastPosition(tx: Tx, challengeId: string): Promise<number | null> {
    return tx.registration.aggregate({ where: { challengeId }, _max: { position: true } }).then((a) => a._max.position);
  }

  /** 1 + how many are waitlisted ahead of `position`. */
  async waitlistPlace(tx: Tx, challengeId: string, position: number): Promise<number> {
    return (await tx.registration.count({ where: { challengeId, status: 'waitlisted', position: { lt: position } } })) + 1;
  }

  /** The first position of the challenge's line, and the first waitlisted one. */
  async firstPositions(tx: Tx, challengeId: string): Promise<{ first: number | null; firstWaitlisted: number | null }> {
    const all = await tx.registration.aggregate({ where: { challengeId }, _min: { position: true } });
    const waiting = await tx.registration.aggregate({ where: { challengeId, status: 'waitlisted' }, _min: { position: true } });
    return { first: all._min.position, firstWaitlisted: waiting._min.position };
  }

  /** Waitlisted players who may take part now, in waitlist order (at check-in close: only those checked in). */
  nextWaitlisted(tx: Tx, challengeId: string, now: Date, take: number, opts: { checkedIn?: true } = {}): Promise<Pick<Registration, 'id' | 'userId' | 'position'>[]> {
    return tx.registration.findMany({
      where: { challengeId, status: 'waitlisted', ...(opts.checkedIn ? { checkedInAt: { not: null } } : {}), user: eligibleAt(now) },
      orderBy: { position: 'asc' },
      take,
      select: { id: true, userId: true, position: true },
    });
  }

  /** Registered or waitlisted players who may not take part now (suspended or banned). */
  ineligibleEntrants(tx: Tx, challengeId: string, now: Date): Promise<Pick<Registration, 'id' | 'userId'>[]> {
    return tx.registration.findMany({ where: { challengeId, status: { in: ['registered', 'waitlisted'] }, user: ineligibleAt(now) }, select: { id: true, userId: true } });
  }

  /** The player's registered or waitlisted entries in challenges not started (of one season only, if given). */
  pendingOf(tx: Tx, userId: string, seasonId?: string): Promise<(Registration & { challenge: Challenge })[]> {
    return tx.registration.findMany({
      where: { userId, status: { in: ['registered', 'waitlisted'] }, challenge: { status: { in: [...PRE_START] }, ...(seasonId ? { seasonId } : {}) } },
      include: { challenge: true },
    });
  }

  /** The player's withdrawn entries in challenges not started, earliest challenge first. */
  withdrawnPendingOf(tx: Tx, userId: string): Promise<(Registration & { challenge: Challenge })[]> {
    return tx.registration.findMany({
      where: { userId, status: 'withdrawn', challenge: { status: { in: [...PRE_START] } } },
      include: { challenge: true },
      orderBy: { challenge: { startsAt: 'asc' } },
    });
  }

  /** The data of the last `registration.withdrawn` audit entry about this registration row. */
  async lastWithdrawal(tx: Tx, r: Pick<Registration, 'id' | 'challengeId'>): Promise<unknown> {
    const entry = await tx.auditLog.findFirst({
      where: { action: 'registration.withdrawn', entityType: 'challenge', entityId: r.challengeId, data: { path: ['registrationId'], equals: r.id } },
      orderBy: { createdAt: 'desc' },
    });
    return entry?.data ?? null;
  }

  cityName(tx: Tx, cityId: string): Promise<string> {
    return tx.city.findUniqueOrThrow({ where: { id: cityId }, select: { name: true } }).then((c) => c.name);
  }

  /** The players in the line at the start (registered or waitlisted), in line order. */
  entrants(tx: Tx, challengeId: string): Promise<Registration[]> {
    return tx.registration.findMany({ where: { challengeId, status: { in: ['registered', 'waitlisted'] } }, orderBy: { position: 'asc' } });
  }

  /** Whether the player is in the challenge's line (registered or waitlisted). */
  isEntered(tx: Tx, challengeId: string, userId: string): Promise<boolean> {
    return tx.registration.count({ where: { challengeId, userId, status: { in: ['registered', 'waitlisted'] } } }).then((n) => n > 0);
  }

  /** The challenge's disqualified players (of `among` only, if given). */
  async disqualified(tx: Tx, challengeId: string, among?: string[]): Promise<Set<string>> {
    const rows = await tx.registration.findMany({ where: { challengeId, disqualifiedAt: { not: null }, ...(among ? { userId: { in: among } } : {}) }, select: { userId: true } });
    return new Set(rows.map((r) => r.userId));
  }

  async counts(challengeId: string): Promise<ChallengeCounts> {
    const [byStatus, checkedIn] = await Promise.all([
      this.prisma.registration.groupBy({ by: ['status'], where: { challengeId }, _count: { _all: true } }),
      this.prisma.registration.count({ where: { challengeId, status: { not: 'withdrawn' }, checkedInAt: { not: null } } }),
    ]);
    const of = (s: RegistrationStatus) => byStatus.find((g) => g.status === s)?._count._all ?? 0;
    return { registered: of('registered'), waitlisted: of('waitlisted'), checkedIn };
  }

  async publicList(challengeId: string): Promise<PublicRegistration[]> {
    const rows = await this.prisma.registration.findMany({
      where: { challengeId, status: { not: 'withdrawn' } },
      orderBy: { position: 'asc' },
      select: { position: true, userId: true, status: true, checkedInAt: true, user: { select: { displayName: true } } },
    });
    return rows.map((r) => ({ position: r.position, userId: r.userId, displayName: r.user.displayName, status: r.status, checkedInAt: r.checkedInAt }));
  }

  /**
   * The director's list, in registration order: one query; the waitlist place is counted over the
   * whole line (not the filtered rows), so a search never renumbers the waitlist.
   */
  async roster(challengeId: string, f: RosterFilter): Promise<RosterLine[]> {
    const name = f.name ? containsPattern(f.name) : null;
    const status = f.status === 'checked_in' ? null : (f.status ?? null);
    const rows = await this.prisma.$queryRaw<
      { position: number; user_id: string; display_name: string; status: RegistrationStatus; checked_in_at: Date | null; created_at: Date; withdrawn_at: Date | null; disqualified_at: Date | null; disqualify_reason: string | null; waitlist_place: number | null }[]
    >`
      SELECT * FROM (
        SELECT r.position, r.user_id, u.display_name, r.status, r.checked_in_at, r.created_at, r.withdrawn_at, r.disqualified_at, r.disqualify_reason,
               CASE WHEN r.status = 'waitlisted' THEN (COUNT(*) FILTER (WHERE r.status = 'waitlisted') OVER (ORDER BY r.position))::int END AS waitlist_place
        FROM registrations r JOIN users u ON u.id = r.user_id
        WHERE r.challenge_id = ${challengeId}::uuid
      ) l
      WHERE (${status}::text IS NULL OR l.status::text = ${status}::text)
        AND (${f.status === 'checked_in'} = false OR (l.checked_in_at IS NOT NULL AND l.status <> 'withdrawn'))
        AND (${f.status !== undefined} OR l.status <> 'withdrawn')
        AND (${name}::text IS NULL OR l.display_name ILIKE ${name})
      ORDER BY l.position`;
    return rows.map((r) => ({
      position: r.position,
      userId: r.user_id,
      displayName: r.display_name,
      status: r.status,
      checkedInAt: r.checked_in_at,
      registeredAt: r.created_at,
      withdrawnAt: r.withdrawn_at,
      disqualifiedAt: r.disqualified_at,
      disqualifyReason: r.disqualify_reason,
      waitlistPlace: r.waitlist_place,
    }));
  }

  // ------------------------------------------------------------------ writes

  /** Enters the player at `position` (a new row, or the row of a player who withdrew and registers again). */
  enter(tx: Tx, existing: Registration | null, challengeId: string, userId: string, status: 'registered' | 'waitlisted', position: number): Promise<Registration> {
    const data = { status, position, checkedInAt: null, withdrawnAt: null };
    return existing ? tx.registration.update({ where: { id: existing.id }, data }) : tx.registration.create({ data: { challengeId, userId, ...data } });
  }

  /** Enters an event's players, registered and checked in, in entrant order. */
  async enterEvent(tx: Tx, challengeId: string, entrants: string[], checkedInAt: Date): Promise<void> {
    await tx.registration.createMany({ data: entrants.map((userId, i) => ({ challengeId, userId, status: 'registered' as const, position: i + 1, checkedInAt })) });
  }

  withdraw(tx: Tx, id: string, now: Date): Promise<Registration> {
    return tx.registration.update({ where: { id }, data: { status: 'withdrawn', withdrawnAt: now } });
  }

  async withdrawMany(tx: Tx, ids: string[], now: Date): Promise<void> {
    await tx.registration.updateMany({ where: { id: { in: ids } }, data: { status: 'withdrawn', withdrawnAt: now } });
  }

  checkIn(tx: Tx, id: string, now: Date): Promise<Registration> {
    return tx.registration.update({ where: { id }, data: { checkedInAt: now } });
  }

  /** Waitlisted players take places (a row no longer waitlisted is left as it is). */
  async promote(tx: Tx, ids: string[]): Promise<void> {
    await tx.registration.updateMany({ where: { id: { in: ids }, status: 'waitlisted' }, data: { status: 'registered' } });
  }

  restore(tx: Tx, id: string, status: 'registered' | 'waitlisted', position: number): Promise<Registration> {
    return tx.registration.update({ where: { id }, data: { status, position, withdrawnAt: null } });
  }

  async disqualify(tx: Tx, id: string, reason: string, at: Date): Promise<void> {
    await tx.registration.update({ where: { id }, data: { disqualifiedAt: at, disqualifyReason: reason } });
  }

  async notify(tx: Tx, notices: (RegistrationNotice & { userId: string })[]): Promise<void> {
    await storeNotifications(tx, notices);
  }

  async audit(tx: Tx, entry: RegistrationAudit): Promise<void> {
    await recordAudit(tx, { ...entry, data: json(entry.data) });
  }
}
