import { Injectable } from '@nestjs/common';
import type { Prisma, Registration, SeasonPenaltyKind } from '@dcs/db';
import { SeasonStandingsStore } from '@dcs/tournament';
import { clearToPlay, restoredPlace } from './integrity.rules';

type Tx = Prisma.TransactionClient;
const json = (v: unknown) => v as Prisma.InputJsonValue;

/** Where a penalty comes from: an anti-cheat decision (or its appeal) or a conduct sanction. */
export interface PenaltySource {
  source: 'anticheat' | 'conduct';
  /** The decision, appeal or sanction id: the key that makes every effect idempotent and undoable. */
  sourceId: string;
  actorId: string | null;
  reason: string;
}

/** Registrations still before the start: withdrawing them is what "registration withdrawn" means (SPEC 3.1). */
const PENDING_CHALLENGE = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed'] as const;
const eligibleUser = (now: Date): Prisma.UserWhereInput => ({ OR: [{ status: 'active' }, { status: 'suspended', suspendedUntil: { lte: now } }] });

/** The audit data of a penalty's withdrawal: what identifies the row it left withdrawn, and how to put it back. */
interface WithdrawalRecord {
  userId: string;
  registrationId?: string;
  wasStatus: 'registered' | 'waitlisted';
  position?: number;
  withdrawnAt?: string;
  source: PenaltySource['source'];
  sourceId: string;
}

/** A registration given back when the penalty that withdrew it was lifted. */
export interface RestoredRegistration {
  challengeId: string;
  status: 'registered' | 'waitlisted';
  /** 1 = next to be promoted; null when registered. */
  waitlistPlace: number | null;
  withdrawnBy: string;
}

/**
 * The effects of penalties on accounts, registrations, season standings and prizes, written inside
 * the caller's transaction with an audit entry each, and undone exactly by source id. Shared by the
 * review board (SPEC 5) and the conduct ledger (SPEC 6).
 */
@Injectable()
export class PenaltyEffects {
  constructor(private readonly standings: SeasonStandingsStore) {}

  /**
   * Locks the player's row for the rest of the transaction, so concurrent penalties of one player
   * serialise. FOR NO KEY UPDATE, not FOR UPDATE: rows that merely reference the player (seats,
   * notifications, audit entries written by the challenge flow) take a key-share lock that this one
   * does not block, so a penalty never waits on, or deadlocks with, a running challenge.
   *
   * Lock order: the player, then challenge rows, then season rows (as a challenge's completion and
   * the season's close take them: SeasonStandingsStore.close). So the challenges not started that
   * the player has a registration in, the ones a penalty withdraws from (withdrawPending) or gives a
   * registration back in (restoreWithdrawn), are locked here, in id order, before any season row
   * (recompute): an undo recomputes seasons before it gives registrations back, and a filing may
   * apply a season penalty before a suspension.
   */
  async lockUser(tx: Tx, userId: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`;
    if (!rows.length) return false;
    await tx.$queryRaw`
      SELECT c.id FROM challenges c
      WHERE c.status = ANY(${[...PENDING_CHALLENGE]}::"ChallengeStatus"[])
        AND EXISTS (SELECT 1 FROM registrations r WHERE r.challenge_id = c.id AND r.user_id = ${userId}::uuid)
      ORDER BY c.id FOR UPDATE OF c`;
    return true;
  }

  /** Suspends until `until` (a longer running suspension or a ban is kept) and withdraws pending registrations. */
  async suspend(tx: Tx, userId: string, until: Date, now: Date, src: PenaltySource): Promise<{ suspendedUntil: string; withdrawn: string[] }> {
    const u = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (u.status !== 'banned') {
      const keep = u.status === 'suspended' && (u.suspendedUntil === null || u.suspendedUntil > until);
      if (!keep) await tx.user.update({ where: { id: userId }, data: { status: 'suspended', suspendedUntil: until } });
    }
    await this.audit(tx, src, 'user.suspended', 'user', userId, { until: until.toISOString() });
    const withdrawn = await this.withdrawPending(tx, userId, now, src);
    return { suspendedUntil: until.toISOString(), withdrawn };
  }

  /** Permanent ban: login refused and every token and socket session ended (tokenVersion bump). */
  async ban(tx: Tx, userId: string, now: Date, src: PenaltySource): Promise<{ withdrawn: string[] }> {
    await tx.user.update({ where: { id: userId }, data: { status: 'banned', suspendedUntil: null, tokenVersion: { increment: 1 } } });
    await this.audit(tx, src, 'user.banned', 'user', userId, {});
    return { withdrawn: await this.withdrawPending(tx, userId, now, src) };
  }

  /** Seasons a penalty acts on: not closed, where the player has a placement or a live registration. */
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

  /** A SeasonPenalty per season (rank_reset counts from the last completed week); a retry finds the existing row. */
  async seasonPenalty(tx: Tx, userId: string, seasonIds: string[], kind: SeasonPenaltyKind, src: PenaltySource): Promise<string[]> {
    const ids: string[] = [];
    for (const seasonId of seasonIds) {
      const existing = await tx.seasonPenalty.findUnique({ where: { sourceId_kind_seasonId: { sourceId: src.sourceId, kind, seasonId } } });
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      let afterWeek: number | null = null;
      if (kind === 'rank_reset') {
        const last = await tx.challenge.aggregate({ where: { seasonId, status: 'completed' }, _max: { week: true } });
        afterWeek = last._max.week ?? 0;
      }
      const p = await tx.seasonPenalty.create({ data: { seasonId, userId, kind, afterWeek, reason: src.reason, source: src.source, sourceId: src.sourceId } });
      await this.audit(tx, src, `season.penalty.${kind}`, 'season', seasonId, { userId, seasonPenaltyId: p.id, afterWeek });
      // A season ban also ends the player's entries in the season's challenges not started yet.
      if (kind === 'season_ban') await this.withdrawPending(tx, userId, new Date(), src, seasonId);
      // The stored standings (and a closed season's Elite Six) follow in the same transaction.
      await this.standings.recompute(tx, seasonId, src.actorId);
      ids.push(p.id);
    }
    return ids;
  }

  /** Withholds the prizes of the player's placements (the given challenges, or every challenge of the given seasons). */
  async forfeitPrizes(tx: Tx, userId: string, where: { seasonIds?: string[]; challengeId?: string }, src: PenaltySource): Promise<{ placementId: string; challengeId: string; amountCents: number }[]> {
    const placements = await tx.placement.findMany({
      where: { userId, prizeCents: { gt: 0 }, ...(where.challengeId ? { challengeId: where.challengeId } : { challenge: { seasonId: { in: where.seasonIds ?? [] } } }) },
    });
    const out: { placementId: string; challengeId: string; amountCents: number }[] = [];
    for (const p of placements) {
      const f = await tx.prizeForfeiture.create({ data: { placementId: p.id, userId, amountCents: p.prizeCents, source: src.source, sourceId: src.sourceId, reason: src.reason } });
      await tx.placement.update({ where: { id: p.id }, data: { prizeCents: 0 } });
      await this.audit(tx, src, 'placement.prize.forfeited', 'placement', p.id, { userId, challengeId: p.challengeId, amountCents: p.prizeCents, forfeitureId: f.id });
      out.push({ placementId: p.id, challengeId: p.challengeId, amountCents: p.prizeCents });
    }
    return out;
  }

  /**
   * Undoes what a source applied: its season penalties revoked (standings count the player again),
   * its forfeited prizes restored. The account status is then recomputed by the caller (recomputeStatus).
   */
  async undo(tx: Tx, sourceId: string, now: Date, src: PenaltySource): Promise<{ seasonPenaltiesRevoked: string[]; prizesRestored: { placementId: string; amountCents: number }[] }> {
    const penalties = await tx.seasonPenalty.findMany({ where: { sourceId, revokedAt: null } });
    for (const p of penalties) {
      await tx.seasonPenalty.update({ where: { id: p.id }, data: { revokedAt: now, revokeReason: src.reason } });
      await this.audit(tx, src, `season.penalty.${p.kind}.revoked`, 'season', p.seasonId, { userId: p.userId, seasonPenaltyId: p.id });
    }
    for (const seasonId of new Set(penalties.map((p) => p.seasonId))) await this.standings.recompute(tx, seasonId, src.actorId);
    const forfeits = await tx.prizeForfeiture.findMany({ where: { sourceId, revokedAt: null } });
    for (const f of forfeits) {
      await tx.prizeForfeiture.update({ where: { id: f.id }, data: { revokedAt: now, revokeReason: src.reason } });
      await tx.placement.update({ where: { id: f.placementId }, data: { prizeCents: { increment: f.amountCents } } });
      await this.audit(tx, src, 'placement.prize.restored', 'placement', f.placementId, { userId: f.userId, amountCents: f.amountCents, forfeitureId: f.id });
    }
    return { seasonPenaltiesRevoked: penalties.map((p) => p.id), prizesRestored: forfeits.map((f) => ({ placementId: f.placementId, amountCents: f.amountCents })) };
  }

  /**
   * The account status the penalties still in force call for: banned if any ban stands, else
   * suspended until the latest suspension still running, else active. Used after an undo, so a
   * lifted penalty lifts exactly its own effect and no other penalty's.
   */
  async recomputeStatus(tx: Tx, userId: string, now: Date, src: PenaltySource): Promise<{ status: string; suspendedUntil: string | null }> {
    const decisions = await tx.integrityDecision.findMany({ where: { userId, status: { not: 'overturned' }, currentStep: { in: ['minor_1', 'minor_2', 'permanent_ban'] } } });
    const sanctions = await tx.conductSanction.findMany({ where: { userId, revokedAt: null, kind: { in: ['suspension', 'ban'] } } });
    let banned = decisions.some((d) => d.currentStep === 'permanent_ban') || sanctions.some((s) => s.kind === 'ban');
    const ends: Date[] = [
      ...decisions.filter((d) => d.currentStep !== 'permanent_ban').map((d) => new Date(d.createdAt.getTime() + (d.currentStep === 'minor_1' ? 7 : 30) * 86_400_000)),
      ...sanctions.flatMap((s) => (s.kind === 'suspension' && s.until ? [s.until] : [])),
    ].filter((t) => t > now);
    const until: Date | null = ends.length ? new Date(Math.max(...ends.map((t) => t.getTime()))) : null;
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (before.status === 'banned' && !banned) {
      // A ban with no penalty behind it (set outside the ledgers) is not ours to lift.
      banned = !(await tx.auditLog.findFirst({ where: { entityType: 'user', entityId: userId, action: 'user.banned' } }));
    }
    const status = banned ? 'banned' : until ? 'suspended' : 'active';
    const suspendedUntil: Date | null = banned ? null : until;
    if (before.status !== status || (before.suspendedUntil?.getTime() ?? null) !== (suspendedUntil?.getTime() ?? null)) {
      await tx.user.update({ where: { id: userId }, data: { status, suspendedUntil } });
      await this.audit(tx, src, status === 'active' ? 'user.penalty.lifted' : 'user.penalty.changed', 'user', userId, {
        from: { status: before.status, suspendedUntil: before.suspendedUntil?.toISOString() ?? null },
        to: { status, suspendedUntil: suspendedUntil?.toISOString() ?? null },
      });
    }
    return { status, suspendedUntil: suspendedUntil?.toISOString() ?? null };
  }

  /**
   * Gives back the registrations that lifted penalties withdrew (SPEC 5: a reduced or overturned
   * penalty's effects are undone). Runs in the undo's transaction, after the account status has been
   * recomputed (recomputeStatus) and the reduced rung applied, so "may play" sees what is left in force.
   *
   * Every withdrawal of the player by a penalty no longer in force (a decision overturned or reduced,
   * a sanction revoked) is looked at, not only the one being undone: a registration withdrawn by one
   * penalty while another stood comes back when the last of them is lifted. A registration comes back
   * only if its challenge has still not started, the row is still exactly as that penalty left it (the
   * player did not register again or withdraw themselves since), the player is clear to play it
   * (clearToPlay) and not banned from its season. Its place: restoredPlace. Each one is audited
   * (`registration.restored`) and notified once; a retry finds nothing left withdrawn and does nothing.
   */
  async restoreWithdrawn(tx: Tx, userId: string, src: PenaltySource): Promise<RestoredRegistration[]> {
    const candidates = await tx.registration.findMany({
      where: { userId, status: 'withdrawn', challenge: { status: { in: [...PENDING_CHALLENGE] } } },
      include: { challenge: true },
      orderBy: { challenge: { startsAt: 'asc' } },
    });
    if (!candidates.length) return [];
    const account = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { status: true, suspendedUntil: true } });
    const out: RestoredRegistration[] = [];
    for (const c of candidates) {
      if (!clearToPlay(account, c.challenge.checkInClosesAt)) continue;
      const by = await this.withdrawal(tx, c);
      if (!by || !(await this.lifted(tx, by))) continue;
      if (c.challenge.seasonId && (await tx.seasonPenalty.count({ where: { userId, seasonId: c.challenge.seasonId, kind: 'season_ban', revokedAt: null } }))) continue;
      // Under the challenge's lock, as registration takes it: it may have started, or the player registered again, meanwhile.
      await tx.$queryRaw`SELECT id FROM challenges WHERE id = ${c.challengeId}::uuid FOR UPDATE`;
      const ch = await tx.challenge.findUniqueOrThrow({ where: { id: c.challengeId } });
      const r = await tx.registration.findUniqueOrThrow({ where: { id: c.id } });
      if (!(PENDING_CHALLENGE as readonly string[]).includes(ch.status) || !sameWithdrawal(r, by)) continue;
      const registered = await tx.registration.count({ where: { challengeId: ch.id, status: 'registered' } });
      const first = await tx.registration.aggregate({ where: { challengeId: ch.id }, _min: { position: true } });
      const firstWaitlisted = await tx.registration.aggregate({ where: { challengeId: ch.id, status: 'waitlisted' }, _min: { position: true } });
      const place = restoredPlace({
        wasStatus: by.wasStatus,
        position: r.position,
        registered,
        capacity: ch.capacity,
        firstWaitlisted: firstWaitlisted._min.position,
        firstPosition: first._min.position ?? r.position,
      });
      await tx.registration.update({ where: { id: r.id }, data: { status: place.status, position: place.position, withdrawnAt: null } });
      const waitlistPlace = place.status === 'waitlisted' ? (await tx.registration.count({ where: { challengeId: ch.id, status: 'waitlisted', position: { lt: place.position } } })) + 1 : null;
      await this.audit(tx, src, 'registration.restored', 'challenge', ch.id, {
        userId,
        registrationId: r.id,
        status: place.status,
        position: place.position,
        waitlistPlace,
        withdrawnBy: { source: by.source, sourceId: by.sourceId },
      });
      const where = place.status === 'registered' ? 'you are registered again' : `you are back on the waitlist, place ${waitlistPlace} (your place was given to a waitlisted player meanwhile)`;
      await tx.notification.createMany({
        skipDuplicates: true,
        data: [
          {
            userId,
            kind: 'challenge.registration_restored',
            title: 'Registration restored',
            body: `The penalty that withdrew your registration for the challenge of ${ch.localDate} was lifted: ${where}.`,
            data: json({ challengeId: ch.id, status: place.status, waitlistPlace }),
            // One notice per withdrawal given back (a source withdraws a registration at most once).
            dedupeKey: `penalty-restored:${ch.id}:${by.sourceId}`,
          },
        ],
      });
      out.push({ challengeId: ch.id, status: place.status, waitlistPlace, withdrawnBy: by.sourceId });
    }
    return out;
  }

  /** The penalty withdrawal that left this registration as it is, if a penalty's was the last one. */
  private async withdrawal(tx: Tx, r: Registration): Promise<WithdrawalRecord | null> {
    const entry = await tx.auditLog.findFirst({
      where: { action: 'registration.withdrawn', entityType: 'challenge', entityId: r.challengeId, data: { path: ['registrationId'], equals: r.id } },
      orderBy: { createdAt: 'desc' },
    });
    const w = (entry?.data ?? null) as WithdrawalRecord | null;
    return w && sameWithdrawal(r, w) ? w : null;
  }

  /** Whether the penalty behind a withdrawal is no longer in force: its decision overturned or reduced (an appeal's own reduced rung never is), its sanction revoked. */
  private async lifted(tx: Tx, w: WithdrawalRecord): Promise<boolean> {
    if (w.source === 'conduct') return (await tx.conductSanction.count({ where: { id: w.sourceId, revokedAt: { not: null } } })) > 0;
    return (await tx.integrityDecision.count({ where: { id: w.sourceId, status: { in: ['overturned', 'reduced'] } } })) > 0;
  }

  /** Withdraws registrations of challenges not started yet (of one season, for a season ban); a freed place goes to the first eligible waitlisted player. */
  private async withdrawPending(tx: Tx, userId: string, now: Date, src: PenaltySource, seasonId?: string): Promise<string[]> {
    const regs = await tx.registration.findMany({
      where: { userId, status: { in: ['registered', 'waitlisted'] }, challenge: { status: { in: [...PENDING_CHALLENGE] }, ...(seasonId ? { seasonId } : {}) } },
      include: { challenge: true },
    });
    for (const r of regs) {
      await tx.$queryRaw`SELECT id FROM challenges WHERE id = ${r.challengeId}::uuid FOR UPDATE`;
      await tx.registration.update({ where: { id: r.id }, data: { status: 'withdrawn', withdrawnAt: now } });
      // registrationId, position and withdrawnAt let an undo find exactly the row this left withdrawn (restoreWithdrawn).
      await this.audit(tx, src, 'registration.withdrawn', 'challenge', r.challengeId, { userId, registrationId: r.id, wasStatus: r.status, position: r.position, withdrawnAt: now.toISOString() });
      await tx.notification.createMany({
        skipDuplicates: true,
        data: [{ userId, kind: 'challenge.registration_withdrawn', title: 'Registration withdrawn', body: `Your registration for the challenge of ${r.challenge.localDate} was withdrawn: ${src.reason}.`, data: json({ challengeId: r.challengeId }), dedupeKey: `penalty-withdrawn:${r.challengeId}:${src.sourceId}` }],
      });
      if (r.status === 'registered' && (r.challenge.status === 'registration_open' || r.challenge.status === 'check_in_open' || r.challenge.status === 'scheduled')) {
        const next = await tx.registration.findFirst({ where: { challengeId: r.challengeId, status: 'waitlisted', user: eligibleUser(now) }, orderBy: { position: 'asc' } });
        if (next) {
          await tx.registration.update({ where: { id: next.id }, data: { status: 'registered' } });
          await tx.notification.createMany({
            skipDuplicates: true,
            data: [{ userId: next.userId, kind: 'challenge.promoted_from_waitlist', title: 'You are off the waitlist', body: `A place opened up: you are registered for the challenge of ${r.challenge.localDate}.`, data: json({ challengeId: r.challengeId, position: next.position }), dedupeKey: `promoted:${r.challengeId}:${next.position}` }],
          });
        }
      }
    }
    return regs.map((r) => r.challengeId);
  }

  async audit(tx: Tx, src: PenaltySource, action: string, entityType: string, entityId: string, data: Record<string, unknown>): Promise<void> {
    await tx.auditLog.create({ data: { actorId: src.actorId, action, entityType, entityId, reason: src.reason, data: json({ ...data, source: src.source, sourceId: src.sourceId }) } });
  }
}

/** The row is still exactly as the withdrawal left it: withdrawn at that instant, at that place in the line (registering again moves it to the end). */
function sameWithdrawal(r: Registration, w: WithdrawalRecord): boolean {
  return r.status === 'withdrawn' && r.withdrawnAt !== null && w.withdrawnAt === r.withdrawnAt.toISOString() && w.position === r.position;
}
