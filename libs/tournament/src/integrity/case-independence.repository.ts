import type { IntegrityAppeal, IntegrityCase, Prisma } from '@dcs/db';
import { AppError, notFound, PrismaService } from '@dcs/common';

type Tx = Prisma.TransactionClient;

/**
 * SPEC 7 (conflicts): whether a member of staff is independent of a case or an appeal, and the
 * case's row lock every act of the board takes first. Reads only; the board's writes are in
 * integrity.repository.ts.
 */

export const notIndependent = (message: string, reasons: string[]) => new AppError('NOT_INDEPENDENT', message, { reasons });

/** The case, locked FOR UPDATE for the rest of the transaction; NOT_FOUND when there is none. */
export async function lockCase(tx: Tx, caseId: string): Promise<IntegrityCase> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM integrity_cases WHERE id = ${caseId}::uuid FOR UPDATE`;
  if (!rows.length) throw notFound('Case', caseId);
  return tx.integrityCase.findUniqueOrThrow({ where: { id: caseId } });
}

/** The reasons a reviewer is not independent of an appeal's case (empty = independent). */
export async function appealConflicts(tx: Tx, reviewerId: string, appeal: IntegrityAppeal, c: IntegrityCase): Promise<string[]> {
  const reasons = new Set<string>();
  for (const p of await tx.integrityCaseParticipant.findMany({ where: { caseId: c.id, userId: reviewerId } })) reasons.add(p.role);
  if (c.openedById === reviewerId) reasons.add('opened');
  if (c.assignedToId === reviewerId) reasons.add('assigned');
  if (c.subjectIds.includes(reviewerId) || appeal.userId === reviewerId) reasons.add('party');
  if (await tx.integrityReport.count({ where: { caseId: c.id, reporterId: reviewerId } })) reasons.add('reporter');
  if (await playedIn(tx, c.id, reviewerId)) reasons.add('played');
  return [...reasons];
}

/**
 * SPEC 7 (conflicts): why `userId` is not independent of a case — a case about themselves
 * ('party'), one their own community report opened or joined ('reporter'), a game they played in
 * ('played'). Empty: independent. Every act of the board on a case asks it of the actor (and an
 * assignment of the assignee too); an appeal adds the roles of SPEC 5 (see `conflicts`).
 */
export async function caseConflicts(db: Tx | PrismaService, c: IntegrityCase, userId: string): Promise<string[]> {
  const reasons: string[] = [];
  if (c.subjectIds.includes(userId)) reasons.push('party');
  if (await db.integrityReport.count({ where: { caseId: c.id, reporterId: userId } })) reasons.push('reporter');
  if (await playedIn(db, c.id, userId)) reasons.push('played');
  return reasons;
}

export async function assertIndependent(db: Tx | PrismaService, c: IntegrityCase, actorId: string, act: 'read' | 'note' | 'evidence' | 'assign' | 'decide'): Promise<void> {
  const reasons = await caseConflicts(db, c, actorId);
  if (!reasons.length) return;
  const what = { read: 'read it as the board does', note: 'add notes to it', evidence: 'add evidence to it', assign: 'assign it', decide: 'decide it' }[act];
  const own = reasons.includes('party') ? ' You see your own case under your cases, as every player does.' : '';
  throw notIndependent(`You are not independent of this case (${reasons.join(', ')}), so you may not ${what}.${own}`, reasons);
}

/**
 * SPEC 7: whether `userId` sat at the table of any game the case is about (its own games, its
 * signals', reports' and evidence's) — a member of staff who played never reviews the case.
 */
export async function playedIn(tx: Tx | PrismaService, caseId: string, userId: string): Promise<boolean> {
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
