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

/**
 * The cases the board's lists show `userId`: never one about themselves (caseConflicts' 'party'; an
 * appellant is always a subject of the case), which they see only as every player does, under
 * /me/cases. For the case queue, the appeals list (through the decision's case) and the report list
 * (through the report's case).
 */
export const notTheirCase = (userId: string): Prisma.IntegrityCaseWhereInput => ({ NOT: { subjectIds: { has: userId } } });

/**
 * SPEC 7 (conflicts): why `userId` is not independent of a case — a case about themselves
 * ('party'), one their own community report opened or joined ('reporter'), a game they played in
 * ('played'), a player they share a device with ('linked', `sharesDeviceWith`). Empty: independent.
 * The one definition: every act of the board on a case asks it of the actor through
 * `assertIndependent` (reading it, opening it by hand, a note, evidence, assigning it, deciding it),
 * an assignment asks it of the assignee too, and an appeal adds SPEC 5's roles (`appealConflicts`).
 */
export async function caseConflicts(db: Tx | PrismaService, c: Pick<IntegrityCase, 'id' | 'subjectIds'>, userId: string): Promise<string[]> {
  const reasons: string[] = [];
  if (c.subjectIds.includes(userId)) reasons.push('party');
  if (await db.integrityReport.count({ where: { caseId: c.id, reporterId: userId } })) reasons.push('reporter');
  if (await playedIn(db, c.id, userId)) reasons.push('played');
  if (await sharesDeviceWith(db, userId, c.subjectIds)) reasons.push('linked');
  return reasons;
}

type BoardAct = 'read' | 'open' | 'note' | 'evidence' | 'assign' | 'decide';

/** NOT_INDEPENDENT (with `caseConflicts`' reasons) unless `actorId` is independent of the case. */
export async function assertIndependent(db: Tx | PrismaService, c: Pick<IntegrityCase, 'id' | 'subjectIds'>, actorId: string, act: BoardAct): Promise<void> {
  const reasons = await caseConflicts(db, c, actorId);
  if (!reasons.length) return;
  const what = { read: 'read it as the board does', open: 'open it: another reviewer must', note: 'add notes to it', evidence: 'add evidence to it', assign: 'assign it', decide: 'decide it' }[act];
  const own = reasons.includes('party') ? ' You see your own case under your cases, as every player does.' : '';
  throw notIndependent(`You are not independent of this case (${reasons.join(', ')}), so you may not ${what}.${own}`, reasons);
}

/**
 * SPEC 5 and 7: why a reviewer may not decide an appeal (empty = independent): any part in the case
 * (opened, assigned, noted, decided — the case's participants), the appellant ('party'), and every
 * reason of `caseConflicts`.
 */
export async function appealConflicts(tx: Tx, reviewerId: string, appeal: IntegrityAppeal, c: IntegrityCase): Promise<string[]> {
  const reasons = new Set<string>();
  for (const p of await tx.integrityCaseParticipant.findMany({ where: { caseId: c.id, userId: reviewerId } })) reasons.add(p.role);
  if (c.openedById === reviewerId) reasons.add('opened');
  if (c.assignedToId === reviewerId) reasons.add('assigned');
  if (appeal.userId === reviewerId) reasons.add('party');
  for (const r of await caseConflicts(tx, c, reviewerId)) reasons.add(r);
  return [...reasons];
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

/**
 * SPEC 7: whether `userId` is a linked account of one of `subjectIds`: a recorded session of each
 * (user_sessions, any time) with the same device fingerprint — what makes linked accounts for the
 * anti-cheat signal too. A shared IP address alone does not (households, cafés and campus networks
 * share addresses, docs/rules.md issue 14), though the case page's linked accounts show it.
 */
export async function sharesDeviceWith(db: Tx | PrismaService, userId: string, subjectIds: readonly string[]): Promise<boolean> {
  const others = subjectIds.filter((s) => s !== userId);
  if (!others.length) return false;
  const [row] = await db.$queryRaw<{ linked: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM user_sessions mine JOIN user_sessions theirs ON theirs.fingerprint_hash = mine.fingerprint_hash
      WHERE mine.user_id = ${userId}::uuid AND mine.fingerprint_hash IS NOT NULL AND theirs.user_id = ANY(${others}::uuid[])
    ) AS linked`;
  return row.linked;
}
