import { Injectable } from '@nestjs/common';
import type { IntegrityAppeal, IntegrityCase, IntegrityDecision, Prisma, PenaltyStep } from '@dcs/db';
import { AppError, notFound, PrismaService } from '@dcs/common';
import { assignCase, decideAppeal, fileAppeal, insertCaseUnlessOpen, markCaseHighStakes, openOrJoinCase, recordAudit, setCaseDecided, storeNewNotification } from '@dcs/tournament';
import { appealDecidedNotice, penaltyNotice } from './integrity.messages';
import { APPEAL_WINDOW_MS, effectsOf, ladderStep, stepRank, type Step } from './integrity.rules';
import { PenaltyEffects, PenaltySource } from './penalty-effects.service';
import type { AssignCaseDto, CasesQueryDto, DecideAppealDto, DecideCaseDto, EvidenceDto, FileReportDto, OpenCaseDto, ReportsQueryDto } from './integrity.dto';

type Tx = Prisma.TransactionClient;
const json = (v: unknown) => v as Prisma.InputJsonValue;
const DAY_MS = 86_400_000;

const notIndependent = (message: string, reasons: string[]) => new AppError('NOT_INDEPENDENT', message, { reasons });

export type DecisionWithAppeal = IntegrityDecision & { appeal: IntegrityAppeal | null };

/**
 * The review board's persistence: cases and their evidence, decisions with the ladder's effects,
 * appeals and reports. Every change is one transaction with its audit entries.
 */
@Injectable()
export class IntegrityRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly effects: PenaltyEffects,
  ) {}

  /** The case queue; never the viewer's own cases (SPEC 7: a subject sees them only as a player, under /me/cases). */
  listCases(viewerId: string, q: CasesQueryDto) {
    return this.prisma.integrityCase.findMany({
      where: {
        NOT: { subjectIds: { has: viewerId } },
        status: q.status,
        source: q.source,
        highStakes: q.highStakes,
        assignedToId: q.assignedToId,
        ...(q.playerId ? { subjectIds: { has: q.playerId } } : {}),
        ...(q.signal ? { signals: { some: { kind: q.signal } } } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit ?? 50,
      skip: q.offset ?? 0,
      include: { _count: { select: { signals: true, reports: true, notes: true } }, decisions: { select: { userId: true, finding: true, step: true, status: true } } },
    });
  }

  /** A case with its evidence, for a reviewer independent of it (SPEC 7); NOT_INDEPENDENT otherwise. */
  async caseDetail(viewerId: string, id: string) {
    const head = await this.prisma.integrityCase.findUnique({ where: { id } });
    if (!head) return null;
    await this.assertIndependent(this.prisma, head, viewerId, 'read');
    const c = await this.prisma.integrityCase.findUnique({
      where: { id },
      include: {
        signals: { orderBy: { createdAt: 'asc' } },
        notes: { orderBy: { createdAt: 'asc' } },
        evidence: { orderBy: { createdAt: 'asc' } },
        reports: { orderBy: { createdAt: 'asc' } },
        decisions: { include: { appeal: true }, orderBy: { createdAt: 'asc' } },
        participants: { orderBy: { createdAt: 'asc' } },
        games: true,
      },
    });
    if (!c) return null;
    const gameIds = [...new Set([...c.signals.flatMap((s) => s.gameIds), ...c.games.map((g) => g.gameId), ...c.reports.flatMap((r) => (r.gameId ? [r.gameId] : []))])];
    const [games, subjects, linked] = await Promise.all([
      this.gamesInfo(this.prisma, gameIds),
      this.prisma.user.findMany({ where: { id: { in: c.subjectIds } }, select: { id: true, displayName: true, status: true, suspendedUntil: true } }),
      this.linkedAccounts(c.subjectIds),
    ]);
    return { ...c, gameInfo: games, subjects, linked };
  }

  /** Accounts that shared a device fingerprint or an IP address with a subject in any recorded session (user_sessions). */
  async linkedAccounts(subjectIds: string[]) {
    const out: { userId: string; linkedUserId: string; displayName: string; via: ('fingerprint' | 'ip')[]; sharedSessions: number }[] = [];
    for (const userId of subjectIds) {
      const own = await this.prisma.userSession.findMany({ where: { userId }, select: { fingerprintHash: true, ip: true }, take: 1000, orderBy: { createdAt: 'desc' } });
      const fps = [...new Set(own.flatMap((x) => (x.fingerprintHash ? [x.fingerprintHash] : [])))];
      const ips = [...new Set(own.flatMap((x) => (x.ip ? [x.ip] : [])))];
      if (!fps.length && !ips.length) continue;
      const others = await this.prisma.userSession.findMany({
        where: { userId: { not: userId }, OR: [{ fingerprintHash: { in: fps } }, { ip: { in: ips } }] },
        select: { userId: true, fingerprintHash: true, ip: true, user: { select: { displayName: true } } },
        take: 1000,
      });
      const byUser = new Map<string, { displayName: string; via: Set<'fingerprint' | 'ip'>; n: number }>();
      for (const o of others) {
        const e = byUser.get(o.userId) ?? { displayName: o.user.displayName, via: new Set<'fingerprint' | 'ip'>(), n: 0 };
        if (o.fingerprintHash && fps.includes(o.fingerprintHash)) e.via.add('fingerprint');
        if (o.ip && ips.includes(o.ip)) e.via.add('ip');
        e.n += 1;
        byUser.set(o.userId, e);
      }
      for (const [linkedUserId, e] of byUser) out.push({ userId, linkedUserId, displayName: e.displayName, via: [...e.via].sort(), sharedSessions: e.n });
    }
    return out;
  }

  /** Each game with its table, challenge, tier and whether it is high-stakes (a final table or a T3 challenge). */
  async gamesInfo(db: Tx | PrismaService, gameIds: string[]) {
    if (!gameIds.length) return [];
    const games = await db.game.findMany({
      where: { id: { in: gameIds } },
      select: {
        id: true,
        status: true,
        ruleset: true,
        startedAt: true,
        finishedAt: true,
        table: { select: { id: true, index: true, round: { select: { number: true, _count: { select: { tables: true } } } }, challenge: { select: { id: true, localDate: true, city: { select: { name: true, tier: true } } } } } },
      },
    });
    return games.map((g) => {
      const finalTable = g.table ? g.table.round._count.tables === 1 : false;
      const t3 = g.table?.challenge.city.tier === 'T3';
      return {
        id: g.id,
        status: g.status,
        ruleset: g.ruleset,
        startedAt: g.startedAt.toISOString(),
        finishedAt: g.finishedAt?.toISOString() ?? null,
        recordUrl: `/api/games/${g.id}/record`,
        tableId: g.table?.id ?? null,
        round: g.table?.round.number ?? null,
        challengeId: g.table?.challenge.id ?? null,
        challengeDate: g.table?.challenge.localDate ?? null,
        city: g.table?.challenge.city.name ?? null,
        tier: g.table?.challenge.city.tier ?? null,
        finalTable,
        highStakes: finalTable || t3,
      };
    });
  }

  openCase(actorId: string, dto: OpenCaseDto) {
    return this.prisma.$transaction(async (tx) => {
      const subjects = await tx.user.count({ where: { id: { in: dto.subjectIds } } });
      if (subjects !== new Set(dto.subjectIds).size) throw new AppError('UNKNOWN_PLAYER', 'Every subject must be an existing player');
      const gameIds = [...new Set(dto.gameIds ?? [])];
      const games = await this.gamesInfo(tx, gameIds);
      if (games.length !== gameIds.length) throw new AppError('UNKNOWN_GAME', 'Every game must exist');
      const subjectIds = [...new Set(dto.subjectIds)];
      const c = await this.openManualCase(tx, { source: 'manual', subjectIds, summary: dto.summary, highStakes: (dto.highStakes ?? false) || games.some((g) => g.highStakes), openedById: actorId });
      if (gameIds.length) await tx.integrityCaseGame.createMany({ data: gameIds.map((gameId) => ({ caseId: c.id, gameId })) });
      await tx.integrityCaseParticipant.create({ data: { caseId: c.id, userId: actorId, role: 'opened' } });
      await recordAudit(tx, { actorId, action: 'integrity.case.opened', entityType: 'integrity_case', entityId: c.id, reason: dto.summary, data: json({ subjectIds: c.subjectIds, gameIds, highStakes: c.highStakes }) });
      return c;
    });
  }

  /**
   * Inserts a case unless its subjects already have one open (integrity_cases.open_key, unique: the
   * insert skips, after a concurrent writer commits): then a conflict naming that case, which the
   * reviewer works on instead. Another attempt only if that case was decided in between.
   */
  private async openManualCase(tx: Tx, data: Prisma.IntegrityCaseCreateManyInput): Promise<IntegrityCase> {
    for (let attempt = 1; ; attempt++) {
      const c = await insertCaseUnlessOpen(tx, data);
      if (c) return c;
      const [open] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM integrity_cases WHERE open_key = integrity_case_open_key(${data.subjectIds as string[]}::uuid[])`;
      if (open) throw new AppError('CASE_ALREADY_OPEN', 'These players already have an open case: add to it instead of opening another', { caseId: open.id });
      if (attempt === 3) throw new Error('openCase: no case opened after 3 attempts');
    }
  }

  assign(actorId: string, caseId: string, dto: AssignCaseDto) {
    return this.prisma.$transaction(async (tx) => {
      const c = await this.lockCase(tx, caseId);
      await this.assertIndependent(tx, c, actorId, 'assign');
      const reviewer = await tx.user.findUnique({ where: { id: dto.reviewerId } });
      if (!reviewer || !(reviewer.roles.includes('reviewer') || reviewer.roles.includes('admin'))) {
        throw new AppError('NOT_A_REVIEWER', 'Cases are assigned to reviewers');
      }
      const theirs = await this.caseConflicts(tx, c, reviewer.id);
      if (theirs.length) throw notIndependent(`That reviewer is not independent of this case (${theirs.join(', ')}) and cannot review it`, theirs);
      const updated = await assignCase(tx, c, reviewer.id);
      await tx.integrityCaseParticipant.createMany({ data: [{ caseId, userId: reviewer.id, role: 'assigned' }], skipDuplicates: true });
      await recordAudit(tx, { actorId, action: 'integrity.case.assigned', entityType: 'integrity_case', entityId: caseId, data: json({ reviewerId: reviewer.id, previous: c.assignedToId }) });
      return updated;
    });
  }

  addNote(actorId: string, caseId: string, body: string) {
    return this.prisma.$transaction(async (tx) => {
      await this.assertIndependent(tx, await this.lockCase(tx, caseId), actorId, 'note');
      const note = await tx.integrityCaseNote.create({ data: { caseId, authorId: actorId, body } });
      await tx.integrityCaseParticipant.createMany({ data: [{ caseId, userId: actorId, role: 'noted' }], skipDuplicates: true });
      await recordAudit(tx, { actorId, action: 'integrity.case.noted', entityType: 'integrity_case', entityId: caseId, data: json({ noteId: note.id }) });
      return note;
    });
  }

  addEvidence(actorId: string, caseId: string, dto: EvidenceDto) {
    return this.prisma.$transaction(async (tx) => {
      await this.assertIndependent(tx, await this.lockCase(tx, caseId), actorId, 'evidence');
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
  decide(actorId: string, caseId: string, dto: DecideCaseDto, now: Date): Promise<{ decision: DecisionWithAppeal; replayed: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      const c = await this.lockCase(tx, caseId);
      if (!c.subjectIds.includes(dto.userId)) throw new AppError('NOT_A_SUBJECT', 'That player is not under review in this case');
      await this.assertIndependent(tx, c, actorId, 'decide');
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

  myDecisions(userId: string): Promise<DecisionWithAppeal[]> {
    return this.prisma.integrityDecision.findMany({ where: { userId, step: { not: 'none' } }, include: { appeal: true }, orderBy: { createdAt: 'desc' } });
  }

  myCases(userId: string) {
    return this.prisma.integrityCase.findMany({
      where: { subjectIds: { has: userId } },
      orderBy: { createdAt: 'desc' },
      select: { id: true, status: true, source: true, summary: true, highStakes: true, createdAt: true, decisions: { where: { userId }, include: { appeal: true } } },
    });
  }

  forfeituresOf(userId: string) {
    return this.prisma.prizeForfeiture.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
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

  listAppeals(status?: string, overdue?: boolean) {
    return this.prisma.integrityAppeal.findMany({
      where: { status: status as IntegrityAppeal['status'] | undefined, ...(overdue === undefined ? {} : { overdueAt: overdue ? { not: null } : null }) },
      orderBy: { dueAt: 'asc' },
      include: { decision: { select: { caseId: true, userId: true, finding: true, step: true, currentStep: true } } },
    });
  }

  /** The reasons a reviewer is not independent of an appeal's case (empty = independent). */
  private async conflicts(tx: Tx, reviewerId: string, appeal: IntegrityAppeal, c: IntegrityCase): Promise<string[]> {
    const reasons = new Set<string>();
    for (const p of await tx.integrityCaseParticipant.findMany({ where: { caseId: c.id, userId: reviewerId } })) reasons.add(p.role);
    if (c.openedById === reviewerId) reasons.add('opened');
    if (c.assignedToId === reviewerId) reasons.add('assigned');
    if (c.subjectIds.includes(reviewerId) || appeal.userId === reviewerId) reasons.add('party');
    if (await tx.integrityReport.count({ where: { caseId: c.id, reporterId: reviewerId } })) reasons.add('reporter');
    if (await this.playedIn(tx, c.id, reviewerId)) reasons.add('played');
    return [...reasons];
  }

  /**
   * SPEC 7 (conflicts): why `userId` is not independent of a case — a case about themselves
   * ('party'), one their own community report opened or joined ('reporter'), a game they played in
   * ('played'). Empty: independent. Every act of the board on a case asks it of the actor (and an
   * assignment of the assignee too); an appeal adds the roles of SPEC 5 (see `conflicts`).
   */
  private async caseConflicts(db: Tx | PrismaService, c: IntegrityCase, userId: string): Promise<string[]> {
    const reasons: string[] = [];
    if (c.subjectIds.includes(userId)) reasons.push('party');
    if (await db.integrityReport.count({ where: { caseId: c.id, reporterId: userId } })) reasons.push('reporter');
    if (await this.playedIn(db, c.id, userId)) reasons.push('played');
    return reasons;
  }

  private async assertIndependent(db: Tx | PrismaService, c: IntegrityCase, actorId: string, act: 'read' | 'note' | 'evidence' | 'assign' | 'decide'): Promise<void> {
    const reasons = await this.caseConflicts(db, c, actorId);
    if (!reasons.length) return;
    const what = { read: 'read it as the board does', note: 'add notes to it', evidence: 'add evidence to it', assign: 'assign it', decide: 'decide it' }[act];
    const own = reasons.includes('party') ? ' You see your own case under your cases, as every player does.' : '';
    throw notIndependent(`You are not independent of this case (${reasons.join(', ')}), so you may not ${what}.${own}`, reasons);
  }

  /**
   * SPEC 7: whether `userId` sat at the table of any game the case is about (its own games, its
   * signals', reports' and evidence's) — a member of staff who played never reviews the case.
   */
  private async playedIn(tx: Tx | PrismaService, caseId: string, userId: string): Promise<boolean> {
    const [row] = await tx.$queryRaw<{ played: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM games g JOIN table_seats s ON s.table_id = g.table_id
        WHERE s.user_id = ${userId}::uuid AND g.id IN (
          SELECT game_id FROM integrity_case_games WHERE case_id = ${caseId}::uuid
          UNION SELECT unnest(game_ids) FROM anticheat_signals WHERE case_id = ${caseId}::uuid
          UNION SELECT game_id FROM integrity_reports WHERE case_id = ${caseId}::uuid AND game_id IS NOT NULL
          UNION SELECT game_id FROM integrity_evidence WHERE case_id = ${caseId}::uuid AND game_id IS NOT NULL
        )
      ) AS played`;
    return row.played;
  }

  /**
   * Decides an appeal (an independent reviewer only). Upheld: nothing changes. Overturned: every
   * effect of the penalty undone. Reduced: undone, then the lower rung applied as of the original
   * decision's time (a shorter suspension may already be over). Either way the registrations the
   * penalty withdrew come back where the player may now play (PenaltyEffects.restoreWithdrawn).
   */
  decideAppeal(actorId: string, appealId: string, dto: DecideAppealDto, now: Date): Promise<IntegrityAppeal> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM integrity_appeals WHERE id = ${appealId}::uuid FOR UPDATE`;
      if (!rows.length) throw notFound('Appeal', appealId);
      const appeal = await tx.integrityAppeal.findUniqueOrThrow({ where: { id: appealId }, include: { decision: { include: { case: true } } } });
      if (appeal.status !== 'pending') throw new AppError('APPEAL_DECIDED', `This appeal was already decided (${appeal.status})`);
      const d = appeal.decision;
      const reasons = await this.conflicts(tx, actorId, appeal, d.case);
      if (reasons.length) throw notIndependent(`Only a reviewer independent of the case may decide its appeal (you: ${reasons.join(', ')})`, reasons);
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

  /** Community reports; never those about the viewer (who reported them is the board's to know). */
  listReports(viewerId: string, q: ReportsQueryDto) {
    return this.prisma.integrityReport.findMany({ where: { AND: [{ subjectId: q.subjectId, caseId: q.caseId }, { subjectId: { not: viewerId } }] }, orderBy: { updatedAt: 'desc' }, take: 200 });
  }

  /** Files or merges a report, and opens a case for it or joins the player's open case. */
  fileReport(reporterId: string, dto: FileReportDto) {
    return this.prisma.$transaction(async (tx) => {
      if (dto.subjectId === reporterId) throw new AppError('CANNOT_REPORT_SELF', 'You cannot report yourself');
      if (!(await tx.user.count({ where: { id: dto.subjectId } }))) throw notFound('Player', dto.subjectId);
      const games = dto.gameId ? await this.gamesInfo(tx, [dto.gameId]) : [];
      if (dto.gameId && !games.length) throw notFound('Game', dto.gameId);
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
      } else if (games.some((g) => g.highStakes) && !c.highStakes) {
        c = await markCaseHighStakes(tx, c.id);
      }
      if (dto.gameId) await tx.integrityCaseGame.createMany({ data: [{ caseId: c.id, gameId: dto.gameId }], skipDuplicates: true });
      const r = await tx.integrityReport.create({ data: { reporterId, subjectId: dto.subjectId, gameId: dto.gameId ?? null, category: dto.category, description: dto.description, caseId: c.id, dedupeKey } });
      await recordAudit(tx, { actorId: reporterId, action: 'integrity.report.filed', entityType: 'integrity_report', entityId: r.id, reason: dto.description, data: json({ subjectId: dto.subjectId, gameId: dto.gameId ?? null, caseId: c.id, category: dto.category }) });
      return { report: r, merged: false };
    });
  }

  private async lockCase(tx: Tx, caseId: string): Promise<IntegrityCase> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM integrity_cases WHERE id = ${caseId}::uuid FOR UPDATE`;
    if (!rows.length) throw notFound('Case', caseId);
    return tx.integrityCase.findUniqueOrThrow({ where: { id: caseId } });
  }
}
