import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ConductSanction, ConductViolation, Prisma } from '@dcs/db';
import { AppError, notFound, PrismaService, type Tx } from '@dcs/common';
import { assertMaySanction, ChallengeFlowService, type Effect, PenaltyEffects, type PenaltySource, recordAudit, recordViolation, runningTournamentGameOf, type SanctionTie } from '@dcs/tournament';
import { chatLadderStep } from './conduct.rules';
import type { ChatBlockReason } from './chat-filter';
import type { FileViolationDto, SanctionDto, ViolationsQueryDto } from './conduct.dto';

const json = (v: unknown) => v as Prisma.InputJsonValue;
const HOUR_MS = 3_600_000;

export type ViolationWithSanctions = ConductViolation & { sanctions: ConductSanction[] };

/** The conduct ledger (SPEC 6): violations and sanctions, each with its effects and audit entries in one transaction. */
@Injectable()
export class ConductRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly effects: PenaltyEffects,
    private readonly flow: ChallengeFlowService,
  ) {}

  /** The chat restriction in force at `now`, if any (a permanent one has no end). */
  activeChatRestriction(userId: string, now: Date): Promise<ConductSanction | null> {
    return this.prisma.conductSanction.findFirst({
      where: { userId, kind: 'chat_restriction', revokedAt: null, OR: [{ until: null }, { until: { gt: now } }] },
      orderBy: [{ until: { sort: 'desc', nulls: 'first' } }],
    });
  }

  /** Where a player may chat: the game's table seats (a tournament table), whether it is being played, and their seat. */
  async chatContext(gameId: string) {
    return this.prisma.game.findUnique({
      where: { id: gameId },
      select: {
        id: true,
        status: true,
        table: { select: { status: true, challenge: { select: { status: true } }, seats: { select: { userId: true, seat: true } } } },
        houseTable: { select: { partners: true, purpose: true, seatsTaken: { select: { userId: true, seat: true } } } },
      },
    });
  }

  /** The unfinished challenge game the user is seated at (their tournament game is running), or null. */
  tournamentGameOf(userId: string): Promise<string | null> {
    return runningTournamentGameOf(this.prisma, userId);
  }

  displayName(userId: string): Promise<string | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { displayName: true } }).then((u) => u?.displayName ?? null);
  }

  /**
   * A blocked chat message: a violation (its text kept as evidence) and the next rung of the chat
   * ladder, counted over every chat violation of the player. A retried message (same requestId)
   * is recorded once.
   */
  recordChatViolation(userId: string, gameId: string, text: string, reason: ChatBlockReason, requestId: string | undefined, now: Date) {
    return this.prisma.$transaction(async (tx) => {
      await this.effects.lockUser(tx, userId);
      const dedupeKey = `chat:${userId}:${gameId}:${requestId ?? randomUUID()}`;
      const existing = await tx.conductViolation.findUnique({ where: { dedupeKey }, include: { sanctions: true } });
      if (existing) return { violation: existing, sanction: existing.sanctions[0] ?? null, step: (existing.details as { step?: number }).step ?? 1 };
      const n = (await tx.conductViolation.count({ where: { userId, kind: 'chat' } })) + 1;
      const { step, hours } = chatLadderStep(n);
      const violation = await recordViolation(tx, { userId, kind: 'chat', gameId, reason: `chat message blocked: ${reason}`, details: { text, blockedFor: reason, step }, dedupeKey });
      const until = hours === null ? null : new Date(now.getTime() + hours * HOUR_MS);
      const sanction = await tx.conductSanction.create({ data: { violationId: violation.id, userId, kind: 'chat_restriction', until, details: json({ step, hours, automatic: true }) } });
      await recordAudit(tx, { actorId: null, action: 'conduct.chat.blocked', entityType: 'user', entityId: userId, reason: violation.reason, data: json({ violationId: violation.id, gameId, step, restrictedUntil: until?.toISOString() ?? 'permanent' }) });
      return { violation, sanction, step };
    });
  }

  /**
   * A director's filing: the violation and each sanction with its effect, in one transaction with
   * the tournament disqualification it orders, so a filing that fails anywhere leaves the player as
   * they were. The same requestId again returns the first filing and changes nothing. The returned
   * effects (the disqualified player's table moving on) are for `EffectsQueue.run` after commit.
   */
  fileViolation(actorId: string, dto: FileViolationDto, now: Date): Promise<{ violation: ViolationWithSanctions; replayed: boolean; effects: Effect[] }> {
    return this.prisma.$transaction(async (tx) => {
      const dq = dto.sanctions.find((s) => s.kind === 'tournament_disqualification');
      // Lock order, as on every penalty path: the player, then the challenge (disqualifyIn locks it).
      if (!(await this.effects.lockUser(tx, dto.userId))) throw notFound('Player', dto.userId);
      const dedupeKey = `director:${actorId}:${dto.requestId ?? randomUUID()}`;
      const existing = await tx.conductViolation.findUnique({ where: { dedupeKey }, include: { sanctions: true } });
      if (existing) return { violation: existing, replayed: true, effects: [] };
      await this.assertMayAct(tx, actorId, dto.userId, { challengeIds: [dto.challengeId, ...dto.sanctions.map((s) => s.challengeId)], gameId: dto.gameId, seasonIds: dto.sanctions.map((s) => s.seasonId) });
      const kinds = dto.sanctions.map((s) => s.kind);
      if (new Set(kinds).size !== kinds.length) throw new AppError('VALIDATION_FAILED', 'Each sanction kind at most once per violation', [{ field: 'sanctions', problems: ['duplicate kind'] }]);
      let effects: Effect[] = [];
      if (dq) {
        try {
          effects = await this.flow.disqualifyIn(tx, actorId, dq.challengeId!, dto.userId, `conduct: ${dto.reason}`);
        } catch (err) {
          // Already disqualified (by the director or an earlier filing): that is the effect this sanction wants.
          // The check throws before any write, so the transaction goes on unharmed.
          if (!(err instanceof AppError && err.code === 'ALREADY_DISQUALIFIED')) throw err;
        }
      }
      const violation = await recordViolation(tx, {
        userId: dto.userId,
        kind: 'director',
        gameId: dto.gameId ?? null,
        challengeId: dto.challengeId ?? null,
        reason: dto.reason,
        filedById: actorId,
        dedupeKey,
        details: { sanctions: dto.sanctions },
      });
      await recordAudit(tx, { actorId, action: 'conduct.violation.filed', entityType: 'user', entityId: dto.userId, reason: dto.reason, data: json({ violationId: violation.id, sanctions: kinds }) });
      for (const s of dto.sanctions) await this.applySanction(tx, actorId, violation, s, now);
      return { violation: await tx.conductViolation.findUniqueOrThrow({ where: { id: violation.id }, include: { sanctions: true } }), replayed: false, effects };
    });
  }

  private async applySanction(tx: Tx, actorId: string, v: ConductViolation, s: SanctionDto, now: Date): Promise<void> {
    const until = s.hours ? new Date(now.getTime() + s.hours * HOUR_MS) : null;
    const sanction = await tx.conductSanction.create({
      data: { violationId: v.id, userId: v.userId, kind: s.kind, until: s.kind === 'chat_restriction' || s.kind === 'suspension' ? until : null, challengeId: s.challengeId ?? null, seasonId: s.seasonId ?? null },
    });
    const src: PenaltySource = { source: 'conduct', sourceId: sanction.id, actorId, reason: v.reason };
    let details: Record<string, unknown> = {};
    switch (s.kind) {
      case 'chat_restriction':
        details = { until: until?.toISOString() ?? 'permanent' };
        break;
      case 'suspension':
        details = await this.effects.suspend(tx, v.userId, until!, now, src);
        break;
      case 'ban':
        details = await this.effects.ban(tx, v.userId, now, src);
        break;
      case 'elite_six_disqualification': {
        if (!(await tx.season.count({ where: { id: s.seasonId! } }))) throw notFound('Season', s.seasonId);
        details = { seasonPenalties: await this.effects.seasonPenalty(tx, v.userId, [s.seasonId!], 'elite_six_disqualification', src) };
        break;
      }
      case 'prize_forfeiture':
        details = { forfeited: await this.effects.forfeitPrizes(tx, v.userId, { challengeId: s.challengeId! }, src) };
        break;
      case 'tournament_disqualification': {
        const reg = await tx.registration.findUnique({ where: { challengeId_userId: { challengeId: s.challengeId!, userId: v.userId } } });
        details = { disqualifiedAt: reg?.disqualifiedAt?.toISOString() ?? null };
        break;
      }
    }
    await tx.conductSanction.update({ where: { id: sanction.id }, data: { details: json(details) } });
    await this.effects.audit(tx, src, `conduct.sanction.${s.kind}`, 'user', v.userId, { violationId: v.id, sanctionId: sanction.id, ...details });
  }

  /** Ends a sanction and undoes its effect exactly (season penalty revoked, prize restored, account status recomputed, withdrawn registrations given back). */
  revokeSanction(actorId: string, sanctionId: string, reason: string, now: Date): Promise<ConductSanction> {
    return this.prisma.$transaction(async (tx) => {
      const s0 = await tx.conductSanction.findUnique({ where: { id: sanctionId } });
      if (!s0) throw notFound('Sanction', sanctionId);
      await this.effects.lockUser(tx, s0.userId);
      const s = await tx.conductSanction.findUniqueOrThrow({
        where: { id: sanctionId },
        include: { violation: { select: { challengeId: true, gameId: true, sanctions: { select: { challengeId: true, seasonId: true } } } } },
      });
      // Judged on the filing's own tie: its challenge and game, and every sanction filed with it (a suspension filed
      // with a disqualification is tied through the disqualification's challenge).
      const filedWith = s.violation.sanctions;
      await this.assertMayAct(tx, actorId, s.userId, {
        challengeIds: [s.violation.challengeId, ...filedWith.map((x) => x.challengeId)],
        gameId: s.violation.gameId,
        seasonIds: filedWith.map((x) => x.seasonId),
      });
      if (s.revokedAt) throw new AppError('ALREADY_REVOKED', 'This sanction was already revoked');
      const src: PenaltySource = { source: 'conduct', sourceId: s.id, actorId, reason };
      const revoked = await tx.conductSanction.update({ where: { id: s.id }, data: { revokedAt: now, revokeReason: reason } });
      const undone = await this.effects.undo(tx, s.id, now, src);
      const lifts = s.kind === 'suspension' || s.kind === 'ban';
      const account = lifts ? await this.effects.recomputeStatus(tx, s.userId, now, src) : null;
      // Only suspensions and bans withdraw registrations; after the status, so "may play" sees what is left in force.
      const registrationsRestored = lifts ? await this.effects.restoreWithdrawn(tx, s.userId, src) : [];
      await this.effects.audit(tx, src, `conduct.sanction.${s.kind}.revoked`, 'user', s.userId, { sanctionId: s.id, undone, account, registrationsRestored });
      return revoked;
    });
  }

  /**
   * SPEC 7, before a filing or a revocation writes anything. The people first: staff who play in a
   * running challenge with the player act on none of the player's sanctions, whatever the request
   * names (OWN_CHALLENGE). Then every challenge the act touches — the ones it names, its sanctions'
   * and the challenge of the game it is about: the actor neither plays in it (OWN_CHALLENGE) nor
   * directs another city's (NOT_YOUR_CITY). Last, who may sanction whom (SANCTION_NOT_ALLOWED: not
   * oneself, staff and admins only by an admin, a director only a player of a challenge or game so
   * named; a season named is the actor's city's).
   */
  private async assertMayAct(tx: Tx, actorId: string, userId: string, tie: SanctionTie): Promise<void> {
    await this.flow.assertNotPlayingWith(tx, actorId, userId);
    const ids = new Set(tie.challengeIds.filter((id): id is string => !!id));
    if (tie.gameId) {
      const game = await tx.game.findUnique({ where: { id: tie.gameId }, select: { table: { select: { challengeId: true } } } });
      if (game?.table) ids.add(game.table.challengeId);
    }
    for (const id of ids) await this.flow.assertMayDirect(tx, id, actorId);
    await assertMaySanction(tx, actorId, userId, tie);
  }

  violations(q: ViolationsQueryDto): Promise<ViolationWithSanctions[]> {
    return this.prisma.conductViolation.findMany({ where: { userId: q.userId, kind: q.kind }, include: { sanctions: true }, orderBy: { createdAt: 'desc' }, take: 200 });
  }

  sanctionOf(id: string) {
    return this.prisma.conductSanction.findUnique({ where: { id } });
  }
}
