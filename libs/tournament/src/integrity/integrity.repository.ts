import { Injectable } from '@nestjs/common';
import type { IntegrityAppeal, IntegrityCase, Prisma, PenaltyStep } from '@dcs/db';
import { AppError, notFound, PrismaService } from '@dcs/common';
import { recordAudit } from '../audit/audit-log.repository';
import { assertMaySanction } from '../accounts/sanction-authority.repository';
import { storeNewNotification, storeNotifications } from '../notifications/notifications.repository';
import { appealConflicts, assertIndependent, caseConflicts, lockCase, notIndependent } from './case-independence.repository';
import { assignCase, decideAppeal, fileAppeal, insertCaseUnlessOpen, markCaseHighStakes, openOrJoinCase, setCaseDecided } from './integrity-cases.repository';
import { gamesInfo, type DecisionWithAppeal } from './integrity-queries.repository';
import { gamesNotPlayedBy } from './case-opening.repository';
import type { AssignCaseInput, DecideAppealInput, DecideCaseInput, EvidenceInput, FileReportInput, OpenCaseInput } from './integrity.inputs';
import { appealDecidedNotice, caseOpenedNotices, penaltyNotice } from './integrity.messages';
import { APPEAL_WINDOW_MS, effectsOf, ladderStep, stepRank, type Step } from './integrity.rules';
import { PenaltyEffects, PenaltySource } from './penalty-effects.service';

type Tx = Prisma.TransactionClient;
const json = (v: unknown) => v as Prisma.InputJsonValue;
const DAY_MS = 86_400_000;

/**
 * The review board's writes: cases and their evidence, decisions with the ladder's effects,
 * appeals and reports. Every change is one transaction with its audit entries. What the board
 * reads is in integrity-queries.repository.ts, who may act on a case in case-independence.repository.ts.
 */
@Injectable()
export class IntegrityRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly effects: PenaltyEffects,
  ) {}

  openCase(actorId: string, dto: OpenCaseInput) {
    return this.prisma.$transaction(async (tx) => {
      const subjects = await tx.user.count({ where: { id: { in: dto.subjectIds } } });
      if (subjects !== new Set(dto.subjectIds).size) throw new AppError('UNKNOWN_PLAYER', 'Every subject must be an existing player');
      const gameIds = [...new Set(dto.gameIds ?? [])];
      const games = await gamesInfo(tx, gameIds);
      if (games.length !== gameIds.length) throw new AppError('UNKNOWN_GAME', 'Every game must exist');
      const subjectIds = [...new Set(dto.subjectIds)];
      const strangers = await gamesNotPlayedBy(tx, subjectIds, gameIds);
      if (strangers.length) throw new AppError('NOT_THEIR_GAME', 'Every game of the case must be one its players played', { gameIds: strangers });
      const c = await this.openManualCase(tx, actorId, { source: 'manual', subjectIds, summary: dto.summary, highStakes: (dto.highStakes ?? false) || games.some((g) => g.highStakes), openedById: actorId });
      if (gameIds.length) await tx.integrityCaseGame.createMany({ data: gameIds.map((gameId) => ({ caseId: c.id, gameId })) });
      // SPEC 7: the opener is asked what every act of the board asks, of the case itself with its games;
      // a refusal rolls the case back with the transaction (nothing written, nobody notified).
      await assertIndependent(tx, c, actorId, 'open');
      await tx.integrityCaseParticipant.create({ data: { caseId: c.id, userId: actorId, role: 'opened' } });
      await recordAudit(tx, { actorId, action: 'integrity.case.opened', entityType: 'integrity_case', entityId: c.id, reason: dto.summary, data: json({ subjectIds: c.subjectIds, gameIds, highStakes: c.highStakes }) });
      await storeNotifications(tx, caseOpenedNotices(c, c.subjectIds));
      return c;
    });
  }

  /**
   * Inserts a case unless its subjects already have one open (integrity_cases.open_key, unique: the
   * insert skips, after a concurrent writer commits): then a conflict naming that case, which the
   * reviewer works on instead — if they are independent of it (NOT_INDEPENDENT otherwise: its id is
   * not theirs to know). Another attempt only if that case was decided in between.
   */
  private async openManualCase(tx: Tx, actorId: string, data: Prisma.IntegrityCaseCreateManyInput): Promise<IntegrityCase> {
    for (let attempt = 1; ; attempt++) {
      const c = await insertCaseUnlessOpen(tx, data);
      if (c) return c;
      const [open] = await tx.$queryRaw<{ id: string; subject_ids: string[] }[]>`SELECT id, subject_ids::text[] AS subject_ids FROM integrity_cases WHERE open_key = integrity_case_open_key(${data.subjectIds as string[]}::uuid[])`;
      if (open) {
        await assertIndependent(tx, { id: open.id, subjectIds: open.subject_ids }, actorId, 'open');
        throw new AppError('CASE_ALREADY_OPEN', 'These players already have an open case: add to it instead of opening another', { caseId: open.id });
      }
      if (attempt === 3) throw new Error('openCase: no case opened after 3 attempts');
    }
  }

  assign(actorId: string, caseId: string, dto: AssignCaseInput) {
    return this.prisma.$transaction(async (tx) => {
      const c = await lockCase(tx, caseId);
      await assertIndependent(tx, c, actorId, 'assign');
      const reviewer = await tx.user.findUnique({ where: { id: dto.reviewerId } });
      if (!reviewer || !(reviewer.roles.includes('reviewer') || reviewer.roles.includes('admin'))) {
        throw new AppError('NOT_A_REVIEWER', 'Cases are assigned to reviewers');
      }
      const theirs = await caseConflicts(tx, c, reviewer.id);
      if (theirs.length) throw notIndependent(`That reviewer is not independent of this case (${theirs.join(', ')}) and cannot review it`, theirs);
      const updated = await assignCase(tx, c, reviewer.id);
      await tx.integrityCaseParticipant.createMany({ data: [{ caseId, userId: reviewer.id, role: 'assigned' }], skipDuplicates: true });
      await recordAudit(tx, { actorId, action: 'integrity.case.assigned', entityType: 'integrity_case', entityId: caseId, data: json({ reviewerId: reviewer.id, previous: c.assignedToId }) });
      return updated;
    });
  }

  addNote(actorId: string, caseId: string, body: string) {
    return this.prisma.$transaction(async (tx) => {
      await assertIndependent(tx, await lockCase(tx, caseId), actorId, 'note');
      const note = await tx.integrityCaseNote.create({ data: { caseId, authorId: actorId, body } });
      await tx.integrityCaseParticipant.createMany({ data: [{ caseId, userId: actorId, role: 'noted' }], skipDuplicates: true });
      await recordAudit(tx, { actorId, action: 'integrity.case.noted', entityType: 'integrity_case', entityId: caseId, data: json({ noteId: note.id }) });
      return note;
    });
  }

  addEvidence(actorId: string, caseId: string, dto: EvidenceInput) {
    return this.prisma.$transaction(async (tx) => {
      await assertIndependent(tx, await lockCase(tx, caseId), actorId, 'evidence');
      if (dto.appealId) {
        const a = await tx.integrityAppeal.findUnique({ where: { id: dto.appealId }, include: { decision: true } });
        if (!a || a.decision.caseId !== caseId) throw new AppError('UNKNOWN_APPEAL', 'The appeal is not one of this case');
      }
      if (dto.answersId) {
        const r = await tx.integrityEvidence.findUnique({ where: { id: dto.answersId } });
        if (!r || r.caseId !== caseId || r.kind !== 'video_request') throw new AppError('UNKNOWN_REQUEST', 'answersId must be a video request of this case');
      }
      if (dto.gameId && !(await tx.game.count({ where: { id: dto.gameId } }))) throw new AppError('UNKNOWN_GAME', 'The game does not exist');
      const e = await tx.integrityEvidence.create({
        data: {
          caseId,
          appealId: dto.appealId ?? null,
          kind: dto.kind,
          gameId: dto.gameId ?? null,
          description: dto.description,
          reference: dto.kind === 'attachment' ? dto.reference! : null,
          sha256: dto.kind === 'attachment' ? dto.sha256! : null,
          answersId: dto.answersId ?? null,
          createdById: actorId,
        },
      });
      await recordAudit(tx, { actorId, action: `integrity.evidence.${dto.kind}`, entityType: 'integrity_case', entityId: caseId, reason: dto.description, data: json({ evidenceId: e.id, gameId: e.gameId, appealId: e.appealId, sha256: e.sha256 }) });
      return e;
    });
  }

  /**
   * Decides one subject of a case: the ladder's rung from the player's earlier penalties in force,
   * and its effects, all in one transaction. The same decision again returns the first (no second
   * application); a different finding for an already decided player is a conflict.
   */
  decide(actorId: string, caseId: string, dto: DecideCaseInput, now: Date): Promise<{ decision: DecisionWithAppeal; replayed: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      const c = await lockCase(tx, caseId);
      if (!c.subjectIds.includes(dto.userId)) throw new AppError('NOT_A_SUBJECT', 'That player is not under review in this case');
      await assertIndependent(tx, c, actorId, 'decide');
      // Who may sanction whom: a case about staff or an admin is decided by an admin.
      await assertMaySanction(tx, actorId, dto.userId);
      const existing = await tx.integrityDecision.findUnique({ where: { caseId_userId: { caseId, userId: dto.userId } }, include: { appeal: true } });
      if (existing) {
        if (existing.finding === dto.finding) return { decision: existing, replayed: true };
        throw new AppError('ALREADY_DECIDED', `This player was already decided (${existing.finding}); an appeal is the way to change it`, { decisionId: existing.id });
      }
      await this.effects.lockUser(tx, dto.userId);
      const history = await tx.integrityDecision.findMany({ where: { userId: dto.userId, status: { not: 'overturned' } }, select: { currentStep: true } });
      const { step, escalated } = ladderStep(dto.finding, history.map((h) => h.currentStep as Step));
      const d = await tx.integrityDecision.create({ data: { caseId, userId: dto.userId, finding: dto.finding, step, currentStep: step, escalated, reason: dto.reason, decidedById: actorId } });
      const src: PenaltySource = { source: 'anticheat', sourceId: d.id, actorId, reason: dto.reason };
      const applied = await this.applyStep(tx, dto.userId, step, d.createdAt, now, src);
      await tx.integrityDecision.update({ where: { id: d.id }, data: { effects: json(applied) } });
      await tx.integrityCaseParticipant.createMany({ data: [{ caseId, userId: actorId, role: 'decided' }], skipDuplicates: true });
      const decided = await tx.integrityDecision.count({ where: { caseId } });
      await setCaseDecided(tx, caseId, decided >= c.subjectIds.length);
      await recordAudit(tx, { actorId, action: 'integrity.case.decided', entityType: 'integrity_case', entityId: caseId, reason: dto.reason, data: json({ decisionId: d.id, userId: dto.userId, finding: dto.finding, step, escalated, history: history.map((h) => h.currentStep), effects: applied }) });
      if (step !== 'none') {
        await storeNewNotification(tx, penaltyNotice(d, dto.finding, step));
      }
      return { decision: { ...(await tx.integrityDecision.findUniqueOrThrow({ where: { id: d.id } })), appeal: null }, replayed: false };
    });
  }

  /** A rung's effects (SPEC 5); suspensions run from `since` (the decision's time). */
  private async applyStep(tx: Tx, userId: string, step: Step, since: Date, now: Date, src: PenaltySource): Promise<Record<string, unknown>> {
    const e = effectsOf(step);
    const out: Record<string, unknown> = { step };
    if (e.warning) out.warning = true;
    if (e.suspensionDays !== null) {
      const until = new Date(since.getTime() + e.suspensionDays * DAY_MS);
      if (until > now) Object.assign(out, await this.effects.suspend(tx, userId, until, now, src));
      else out.suspensionAlreadyEnded = until.toISOString();
    }
    if (e.rankReset || e.seasonBan) {
      const seasons = await this.effects.currentSeasons(tx, userId);
      out.seasonIds = seasons;
      if (e.rankReset) out.rankResets = await this.effects.seasonPenalty(tx, userId, seasons, 'rank_reset', src);
      if (e.seasonBan) out.seasonBans = await this.effects.seasonPenalty(tx, userId, seasons, 'season_ban', src);
      if (e.prizeForfeiture) out.forfeited = await this.effects.forfeitPrizes(tx, userId, { seasonIds: seasons }, src);
    }
    if (e.permanentBan) Object.assign(out, await this.effects.ban(tx, userId, now, src));
    return out;
  }

  /** Files the one appeal of an incident (the unique decisionId is the guarantee; two at once → one wins). */
  fileAppeal(userId: string, decisionId: string, statement: string, now: Date, deadlines: { dueAt: Date; remindAt: Date }): Promise<IntegrityAppeal> {
    return this.prisma
      .$transaction(async (tx) => {
        const d = await tx.integrityDecision.findUnique({ where: { id: decisionId } });
        if (!d || d.userId !== userId) throw notFound('Penalty', decisionId);
        if (d.step === 'none') throw new AppError('NOTHING_TO_APPEAL', 'A "no violation" decision carries no penalty to appeal');
        const closesAt = new Date(d.createdAt.getTime() + APPEAL_WINDOW_MS);
        if (now > closesAt) {
          throw new AppError('APPEAL_WINDOW_CLOSED', `Appeals are accepted within 7 days of the penalty (until ${closesAt.toISOString()})`, { closedAt: closesAt.toISOString() });
        }
        const a = await fileAppeal(tx, { decisionId, userId, statement, filedAt: now, dueAt: deadlines.dueAt, remindAt: deadlines.remindAt });
        await recordAudit(tx, { actorId: userId, action: 'integrity.appeal.filed', entityType: 'integrity_appeal', entityId: a.id, data: json({ decisionId, caseId: d.caseId, dueAt: a.dueAt.toISOString() }) });
        return a;
      })
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === 'P2002') throw new AppError('APPEAL_EXISTS', 'This penalty has already been appealed: one appeal per incident');
        throw err;
      });
  }

  /**
   * Decides an appeal (an independent reviewer only). Upheld: nothing changes. Overturned: every
   * effect of the penalty undone. Reduced: undone, then the lower rung applied as of the original
   * decision's time (a shorter suspension may already be over). Either way the registrations the
   * penalty withdrew come back where the player may now play (PenaltyEffects.restoreWithdrawn).
   */
  decideAppeal(actorId: string, appealId: string, dto: DecideAppealInput, now: Date): Promise<IntegrityAppeal> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM integrity_appeals WHERE id = ${appealId}::uuid FOR UPDATE`;
      if (!rows.length) throw notFound('Appeal', appealId);
      const appeal = await tx.integrityAppeal.findUniqueOrThrow({ where: { id: appealId }, include: { decision: { include: { case: true } } } });
      if (appeal.status !== 'pending') throw new AppError('APPEAL_DECIDED', `This appeal was already decided (${appeal.status})`);
      const d = appeal.decision;
      const reasons = await appealConflicts(tx, actorId, appeal, d.case);
      if (reasons.length) throw notIndependent(`Only a reviewer independent of the case may decide its appeal (you: ${reasons.join(', ')})`, reasons);
      // The same rule lifts a penalty as imposes it: the appeal of staff or an admin is decided by an admin.
      await assertMaySanction(tx, actorId, d.userId);
      const src: PenaltySource = { source: 'anticheat', sourceId: appeal.id, actorId, reason: dto.reason };
      await this.effects.lockUser(tx, d.userId);
      let effects: Record<string, unknown> = {};
      let newStep: PenaltyStep = d.currentStep;
      if (dto.outcome === 'reduced') {
        const to = dto.reducedTo!;
        if (stepRank(to) >= stepRank(d.currentStep as Step)) {
          throw new AppError('INVALID_REDUCTION', `A reduction must be to a lower rung than ${d.currentStep}`, { current: d.currentStep, reducedTo: to });
        }
        newStep = to;
      } else if (dto.outcome === 'overturned') {
        newStep = 'none';
      }
      if (dto.outcome !== 'upheld') {
        const undone = await this.effects.undo(tx, d.id, now, src);
        await tx.integrityDecision.update({ where: { id: d.id }, data: { currentStep: newStep, status: dto.outcome === 'reduced' ? 'reduced' : 'overturned' } });
        const reapplied = newStep === 'none' ? {} : await this.applyReduced(tx, d.userId, newStep as Step, d.createdAt, now, src);
        const status = await this.effects.recomputeStatus(tx, d.userId, now, src);
        // Last: whether a withdrawn registration comes back depends on what is still in force after the above.
        const registrationsRestored = await this.effects.restoreWithdrawn(tx, d.userId, src);
        effects = { undone, reapplied, account: status, registrationsRestored };
      }
      const updated = await decideAppeal(tx, appealId, { status: dto.outcome, reducedTo: dto.outcome === 'reduced' ? newStep : null, decidedById: actorId, decidedAt: now, reason: dto.reason, effects });
      await recordAudit(tx, { actorId, action: `integrity.appeal.${dto.outcome}`, entityType: 'integrity_appeal', entityId: appealId, reason: dto.reason, data: json({ decisionId: d.id, from: d.currentStep, to: newStep, effects }) });
      await storeNewNotification(tx, appealDecidedNotice({ appealId, decisionId: d.id, userId: d.userId }, dto.outcome, newStep as Step, dto.reason));
      return updated;
    });
  }

  /** The reduced rung's effects other than suspensions (those follow from recomputeStatus over the decisions in force). */
  private async applyReduced(tx: Tx, userId: string, step: Step, since: Date, now: Date, src: PenaltySource): Promise<Record<string, unknown>> {
    const e = effectsOf(step);
    const out: Record<string, unknown> = { step };
    if (e.suspensionDays !== null) out.suspendedUntil = new Date(since.getTime() + e.suspensionDays * DAY_MS).toISOString();
    if (e.rankReset || e.seasonBan) {
      const seasons = await this.effects.currentSeasons(tx, userId);
      if (e.rankReset) out.rankResets = await this.effects.seasonPenalty(tx, userId, seasons, 'rank_reset', src);
      if (e.seasonBan) out.seasonBans = await this.effects.seasonPenalty(tx, userId, seasons, 'season_ban', src);
      if (e.prizeForfeiture) out.forfeited = await this.effects.forfeitPrizes(tx, userId, { seasonIds: seasons }, src);
    }
    if (e.permanentBan) out.banned = true; // unreachable: nothing reduces to a ban
    void now;
    return out;
  }

  /** Files or merges a report, and opens a case for it or joins the player's open case. */
  fileReport(reporterId: string, dto: FileReportInput) {
    return this.prisma.$transaction(async (tx) => {
      if (dto.subjectId === reporterId) throw new AppError('CANNOT_REPORT_SELF', 'You cannot report yourself');
      if (!(await tx.user.count({ where: { id: dto.subjectId } }))) throw notFound('Player', dto.subjectId);
      const games = dto.gameId ? await gamesInfo(tx, [dto.gameId]) : [];
      if (dto.gameId && !games.length) throw notFound('Game', dto.gameId);
      if (dto.gameId && (await gamesNotPlayedBy(tx, [dto.subjectId], [dto.gameId])).length) throw new AppError('NOT_THEIR_GAME', 'That player did not play in this game', { gameIds: [dto.gameId] });
      const dedupeKey = `${reporterId}:${dto.subjectId}:${dto.gameId ?? '-'}`;
      const merge = async (existing: { id: string }) => {
        const r = await tx.integrityReport.update({ where: { id: existing.id }, data: { count: { increment: 1 } } });
        await recordAudit(tx, { actorId: reporterId, action: 'integrity.report.merged', entityType: 'integrity_report', entityId: r.id, reason: dto.description, data: json({ count: r.count, category: dto.category }) });
        return { report: r, merged: true };
      };
      const existing = await tx.integrityReport.findUnique({ where: { dedupeKey } });
      if (existing) return merge(existing);
      // The player's open case (locked: never one being decided), or a new one (one per player set, shared with concurrent writers).
      const joined = await openOrJoinCase(tx, { source: 'report', subjectIds: [dto.subjectId], summary: `Community report (${dto.category}): ${dto.description.slice(0, 200)}`, highStakes: games.some((g) => g.highStakes) });
      let c = joined.case;
      const opened = joined.opened;
      // The same report filed twice at once (a retried request): both found none above, and the
      // first holds this case's lock until it commits; the second, granted the lock, counts it there
      // (was: its insert hit the unique dedupe key, a 500, and the count was lost).
      const filedMeanwhile = await tx.integrityReport.findUnique({ where: { dedupeKey } });
      if (filedMeanwhile) return merge(filedMeanwhile);
      if (opened) {
        await recordAudit(tx, { actorId: null, action: 'integrity.case.opened', entityType: 'integrity_case', entityId: c.id, reason: 'community report', data: json({ subjectIds: c.subjectIds, source: 'report' }) });
        await storeNotifications(tx, caseOpenedNotices(c, c.subjectIds));
      } else if (games.some((g) => g.highStakes) && !c.highStakes) {
        c = await markCaseHighStakes(tx, c.id);
      }
      if (dto.gameId) await tx.integrityCaseGame.createMany({ data: [{ caseId: c.id, gameId: dto.gameId }], skipDuplicates: true });
      const r = await tx.integrityReport.create({ data: { reporterId, subjectId: dto.subjectId, gameId: dto.gameId ?? null, category: dto.category, description: dto.description, caseId: c.id, dedupeKey } });
      await recordAudit(tx, { actorId: reporterId, action: 'integrity.report.filed', entityType: 'integrity_report', entityId: r.id, reason: dto.description, data: json({ subjectId: dto.subjectId, gameId: dto.gameId ?? null, caseId: c.id, category: dto.category }) });
      return { report: r, merged: false };
    });
  }
}
