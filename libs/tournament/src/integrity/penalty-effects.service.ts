import { Injectable } from '@nestjs/common';
import type { Prisma, SeasonPenaltyKind } from '@dcs/db';
import { LiveEmitter, sessionsChanged } from '../live/live-emitter';
import { RegistrationsService, type PenaltySource, type PenaltyWithdrawal, type RestoredRegistration } from '../registrations/registrations.service';
import { SeasonStandingsStore } from '../season-standings.store';
import { PenaltiesRepository } from './penalties.repository';

type Tx = Prisma.TransactionClient;

export type { PenaltySource, RestoredRegistration };

/**
 * The effects of penalties on accounts, registrations, season standings and prizes, inside the
 * caller's transaction with an audit entry each, and undone exactly by source id. Shared by the
 * review board (SPEC 5) and the conduct ledger (SPEC 6). It decides; the rows are written by their
 * owners: PenaltiesRepository (accounts, season penalties, prizes), RegistrationsService and
 * SeasonStandingsStore.
 */
@Injectable()
export class PenaltyEffects {
  constructor(
    private readonly standings: SeasonStandingsStore,
    private readonly registrations: RegistrationsService,
    private readonly rows: PenaltiesRepository,
    private readonly live: LiveEmitter,
  ) {}

  /**
   * After the commit of a ban (its token version bump): every live socket of the player, on every API
   * instance, stops receiving private views and is closed (SPEC 7), as after a sign-out everywhere.
   */
  async sessionsEnded(userId: string): Promise<void> {
    const account = await this.rows.account(userId);
    if (account) await this.live.sessionsChanged(sessionsChanged(account));
  }

  /**
   * Locks the player's row for the rest of the transaction, so concurrent penalties of one player
   * serialise. FOR NO KEY UPDATE, not FOR UPDATE: rows that merely reference the player (seats,
   * notifications, audit entries written by the challenge flow) take a key-share lock that this one
   * does not block, so a penalty never waits on, or deadlocks with, a running challenge.
   *
   * Lock order: the player, then challenge rows, then season rows (as a challenge's completion and
   * the season's close take them: SeasonStandingsStore.close). So the challenges not started that
   * the player has a registration in, the ones a penalty withdraws from or gives a registration back
   * in (RegistrationsService.lockPendingOf), are locked here, in id order, before any season row
   * (recompute): an undo recomputes seasons before it gives registrations back, and a filing may
   * apply a season penalty before a suspension.
   */
  async lockUser(tx: Tx, userId: string): Promise<boolean> {
    if (!(await this.rows.lockUser(tx, userId))) return false;
    await this.registrations.lockPendingOf(tx, userId);
    return true;
  }

  /** Suspends until `until` (a longer running suspension or a ban is kept) and withdraws pending registrations. */
  async suspend(tx: Tx, userId: string, until: Date, now: Date, src: PenaltySource): Promise<{ suspendedUntil: string; withdrawn: string[] }> {
    const u = await this.rows.user(tx, userId);
    if (u.status !== 'banned') {
      const keep = u.status === 'suspended' && (u.suspendedUntil === null || u.suspendedUntil > until);
      if (!keep) await this.rows.setStatus(tx, userId, { status: 'suspended', suspendedUntil: until });
    }
    await this.audit(tx, src, 'user.suspended', 'user', userId, { until: until.toISOString() });
    const withdrawn = await this.registrations.withdrawForPenalty(tx, userId, now, src);
    return { suspendedUntil: until.toISOString(), withdrawn };
  }

  /** Permanent ban: login refused and every token and socket session ended (tokenVersion bump). */
  async ban(tx: Tx, userId: string, now: Date, src: PenaltySource): Promise<{ withdrawn: string[] }> {
    await this.rows.setStatus(tx, userId, { status: 'banned', suspendedUntil: null, endSessions: true });
    await this.audit(tx, src, 'user.banned', 'user', userId, {});
    return { withdrawn: await this.registrations.withdrawForPenalty(tx, userId, now, src) };
  }

  /** Seasons a penalty acts on: not closed, where the player has a placement or a live registration. */
  currentSeasons(tx: Tx, userId: string): Promise<string[]> {
    return this.rows.currentSeasons(tx, userId);
  }

  /** A SeasonPenalty per season (rank_reset counts from the last completed week); a retry finds the existing row. */
  async seasonPenalty(tx: Tx, userId: string, seasonIds: string[], kind: SeasonPenaltyKind, src: PenaltySource): Promise<string[]> {
    const ids: string[] = [];
    for (const seasonId of seasonIds) {
      const existing = await this.rows.seasonPenalty(tx, src.sourceId, kind, seasonId);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const afterWeek = kind === 'rank_reset' ? await this.rows.lastCompletedWeek(tx, seasonId) : null;
      const p = await this.rows.createSeasonPenalty(tx, { seasonId, userId, kind, afterWeek }, src);
      await this.audit(tx, src, `season.penalty.${kind}`, 'season', seasonId, { userId, seasonPenaltyId: p.id, afterWeek });
      // A season ban also ends the player's entries in the season's challenges not started yet.
      if (kind === 'season_ban') await this.registrations.withdrawForPenalty(tx, userId, new Date(), src, seasonId);
      // The stored standings (and a closed season's Elite Six) follow in the same transaction.
      await this.standings.recompute(tx, seasonId, src.actorId);
      ids.push(p.id);
    }
    return ids;
  }

  /** Withholds the prizes of the player's placements (the given challenges, or every challenge of the given seasons). */
  async forfeitPrizes(tx: Tx, userId: string, where: { seasonIds?: string[]; challengeId?: string }, src: PenaltySource): Promise<{ placementId: string; challengeId: string; amountCents: number }[]> {
    const placements = await this.rows.prizedPlacements(tx, userId, where);
    const out: { placementId: string; challengeId: string; amountCents: number }[] = [];
    for (const p of placements) {
      const f = await this.rows.forfeitPrize(tx, p, src);
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
    const penalties = await this.rows.activeSeasonPenalties(tx, sourceId);
    for (const p of penalties) {
      await this.rows.revokeSeasonPenalty(tx, p.id, now, src.reason);
      await this.audit(tx, src, `season.penalty.${p.kind}.revoked`, 'season', p.seasonId, { userId: p.userId, seasonPenaltyId: p.id });
    }
    for (const seasonId of new Set(penalties.map((p) => p.seasonId))) await this.standings.recompute(tx, seasonId, src.actorId);
    const forfeits = await this.rows.activeForfeitures(tx, sourceId);
    for (const f of forfeits) {
      await this.rows.restorePrize(tx, f, now, src.reason);
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
    const { decisions, sanctions } = await this.rows.inForce(tx, userId);
    let banned = decisions.some((d) => d.currentStep === 'permanent_ban') || sanctions.some((s) => s.kind === 'ban');
    const ends: Date[] = [
      ...decisions.filter((d) => d.currentStep !== 'permanent_ban').map((d) => new Date(d.createdAt.getTime() + (d.currentStep === 'minor_1' ? 7 : 30) * 86_400_000)),
      ...sanctions.flatMap((s) => (s.kind === 'suspension' && s.until ? [s.until] : [])),
    ].filter((t) => t > now);
    const until: Date | null = ends.length ? new Date(Math.max(...ends.map((t) => t.getTime()))) : null;
    const before = await this.rows.user(tx, userId);
    if (before.status === 'banned' && !banned) {
      // A ban with no penalty behind it (set outside the ledgers) is not ours to lift.
      banned = !(await this.rows.everBannedByPenalty(tx, userId));
    }
    const status = banned ? 'banned' : until ? 'suspended' : 'active';
    const suspendedUntil: Date | null = banned ? null : until;
    if (before.status !== status || (before.suspendedUntil?.getTime() ?? null) !== (suspendedUntil?.getTime() ?? null)) {
      await this.rows.setStatus(tx, userId, { status, suspendedUntil });
      await this.audit(tx, src, status === 'active' ? 'user.penalty.lifted' : 'user.penalty.changed', 'user', userId, {
        from: { status: before.status, suspendedUntil: before.suspendedUntil?.toISOString() ?? null },
        to: { status, suspendedUntil: suspendedUntil?.toISOString() ?? null },
      });
    }
    return { status, suspendedUntil: suspendedUntil?.toISOString() ?? null };
  }

  /**
   * Gives back the registrations that lifted penalties withdrew (SPEC 5: a reduced or overturned
   * penalty's effects are undone; RegistrationsService.restoreAfterPenalty). Runs in the undo's
   * transaction, after the account status has been recomputed (recomputeStatus) and the reduced rung
   * applied, so "may take part" sees what is left in force. Whether the penalty behind a withdrawal is
   * lifted is the ledgers' to say (lifted).
   */
  restoreWithdrawn(tx: Tx, userId: string, src: PenaltySource): Promise<RestoredRegistration[]> {
    return this.registrations.restoreAfterPenalty(tx, userId, src, (w) => this.lifted(tx, w));
  }

  /** Whether the penalty behind a withdrawal is no longer in force: its decision overturned or reduced (an appeal's own reduced rung never is), its sanction revoked. */
  private async lifted(tx: Tx, w: PenaltyWithdrawal): Promise<boolean> {
    return w.source === 'conduct' ? this.rows.sanctionRevoked(tx, w.sourceId) : this.rows.decisionLifted(tx, w.sourceId);
  }

  audit(tx: Tx, src: PenaltySource, action: string, entityType: string, entityId: string, data: Record<string, unknown>): Promise<void> {
    return this.rows.audit(tx, src, action, entityType, entityId, data);
  }
}
