import { Injectable } from '@nestjs/common';
import type { IntegrityDecision, ConductSanction, Placement, PrizeForfeiture, Prisma, SeasonPenalty, SeasonPenaltyKind, User } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { setAccountStatus } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit-log.repository';
import { returnPlacementPrize, withholdPlacementPrize } from '../challenge/challenge.repository';
import type { PenaltySource } from '../registrations/registrations.service';

type Tx = Prisma.TransactionClient;
const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * The rows a penalty changes, in the caller's transaction: the player's account status, season
 * penalties, prize forfeitures (and the placement's prize they withhold), and the audit entry of each.
 * The only writer of season_penalties and prize_forfeitures; a placement's prize and an account's status
 * are written through their owners (challenge/challenge.repository.ts, accounts/accounts.repository.ts).
 * PenaltyEffects decides what to write.
 */
@Injectable()
export class PenaltiesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** What a session check needs of an account, read after a commit (null when there is no such player). */
  account(userId: string): Promise<Pick<User, 'id' | 'tokenVersion' | 'roles' | 'status'> | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { id: true, tokenVersion: true, roles: true, status: true } });
  }

  /** The player's row, locked FOR NO KEY UPDATE (see PenaltyEffects.lockUser); false when there is no such player. */
  async lockUser(tx: Tx, userId: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`;
    return rows.length > 0;
  }

  user(tx: Tx, userId: string): Promise<User> {
    return tx.user.findUniqueOrThrow({ where: { id: userId } });
  }

  async setStatus(tx: Tx, userId: string, data: { status: User['status']; suspendedUntil: Date | null; endSessions?: boolean }): Promise<void> {
    await setAccountStatus(tx, userId, data);
  }

  /** Seasons not closed where the player has a placement or a live registration, oldest first. */
  async currentSeasons(tx: Tx, userId: string): Promise<string[]> {
    const rows = await tx.season.findMany({
      where: {
        status: { not: 'closed' },
        weeklyChallenges: { some: { OR: [{ placements: { some: { userId } } }, { registrations: { some: { userId, status: { not: 'withdrawn' } } } }] } },
      },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((r) => r.id);
  }

  seasonPenalty(tx: Tx, sourceId: string, kind: SeasonPenaltyKind, seasonId: string): Promise<SeasonPenalty | null> {
    return tx.seasonPenalty.findUnique({ where: { sourceId_kind_seasonId: { sourceId, kind, seasonId } } });
  }

  /** The last completed week of the season (0 before any). */
  async lastCompletedWeek(tx: Tx, seasonId: string): Promise<number> {
    const last = await tx.challenge.aggregate({ where: { seasonId, status: 'completed' }, _max: { week: true } });
    return last._max.week ?? 0;
  }

  createSeasonPenalty(tx: Tx, data: { seasonId: string; userId: string; kind: SeasonPenaltyKind; afterWeek: number | null }, src: PenaltySource): Promise<SeasonPenalty> {
    return tx.seasonPenalty.create({ data: { ...data, reason: src.reason, source: src.source, sourceId: src.sourceId } });
  }

  activeSeasonPenalties(tx: Tx, sourceId: string): Promise<SeasonPenalty[]> {
    return tx.seasonPenalty.findMany({ where: { sourceId, revokedAt: null } });
  }

  async revokeSeasonPenalty(tx: Tx, id: string, now: Date, reason: string): Promise<void> {
    await tx.seasonPenalty.update({ where: { id }, data: { revokedAt: now, revokeReason: reason } });
  }

  /** The player's placements with a prize (the given challenge, or every challenge of the given seasons). */
  prizedPlacements(tx: Tx, userId: string, where: { seasonIds?: string[]; challengeId?: string }): Promise<Placement[]> {
    return tx.placement.findMany({
      where: { userId, prizeCents: { gt: 0 }, ...(where.challengeId ? { challengeId: where.challengeId } : { challenge: { seasonId: { in: where.seasonIds ?? [] } } }) },
    });
  }

  /** Withholds a placement's prize: the forfeiture row, and the placement's prize to 0. */
  async forfeitPrize(tx: Tx, p: Placement, src: PenaltySource): Promise<PrizeForfeiture> {
    const f = await tx.prizeForfeiture.create({ data: { placementId: p.id, userId: p.userId, amountCents: p.prizeCents, source: src.source, sourceId: src.sourceId, reason: src.reason } });
    await withholdPlacementPrize(tx, p.id);
    return f;
  }

  activeForfeitures(tx: Tx, sourceId: string): Promise<PrizeForfeiture[]> {
    return tx.prizeForfeiture.findMany({ where: { sourceId, revokedAt: null } });
  }

  /** Gives a withheld prize back: the forfeiture revoked, its amount back on the placement. */
  async restorePrize(tx: Tx, f: PrizeForfeiture, now: Date, reason: string): Promise<void> {
    await tx.prizeForfeiture.update({ where: { id: f.id }, data: { revokedAt: now, revokeReason: reason } });
    await returnPlacementPrize(tx, f.placementId, f.amountCents);
  }

  /** The penalties still in force on the player's account: review-board rungs not overturned, conduct suspensions and bans not revoked. */
  async inForce(tx: Tx, userId: string): Promise<{ decisions: IntegrityDecision[]; sanctions: ConductSanction[] }> {
    const decisions = await tx.integrityDecision.findMany({ where: { userId, status: { not: 'overturned' }, currentStep: { in: ['minor_1', 'minor_2', 'permanent_ban'] } } });
    const sanctions = await tx.conductSanction.findMany({ where: { userId, revokedAt: null, kind: { in: ['suspension', 'ban'] } } });
    return { decisions, sanctions };
  }

  /** Whether a ban was ever applied through the ledgers (its audit entry). */
  async everBannedByPenalty(tx: Tx, userId: string): Promise<boolean> {
    return (await tx.auditLog.findFirst({ where: { entityType: 'user', entityId: userId, action: 'user.banned' } })) !== null;
  }

  async sanctionRevoked(tx: Tx, id: string): Promise<boolean> {
    return (await tx.conductSanction.count({ where: { id, revokedAt: { not: null } } })) > 0;
  }

  async decisionLifted(tx: Tx, id: string): Promise<boolean> {
    return (await tx.integrityDecision.count({ where: { id, status: { in: ['overturned', 'reduced'] } } })) > 0;
  }

  async audit(tx: Tx, src: PenaltySource, action: string, entityType: string, entityId: string, data: Record<string, unknown>): Promise<void> {
    await recordAudit(tx, { actorId: src.actorId, action, entityType, entityId, reason: src.reason, data: json({ ...data, source: src.source, sourceId: src.sourceId }) });
  }
}
