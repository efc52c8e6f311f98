import type { AppealStatus, IntegrityAppeal, IntegrityCase, PenaltyStep, Prisma } from '@dcs/db';
import type { Tx } from '@dcs/common';

/**
 * The open (or in-review) case naming every one of `subjects`, oldest first, locked for the rest of
 * the transaction (FOR UPDATE, as the board's decide takes it) with its status read under the lock.
 * Read without the lock, a case a reviewer was deciding at that moment still looked open, and what
 * was added to it (a detection signal, a report) went into a decided case nobody reviews any more;
 * a case decided meanwhile no longer matches once its lock is granted. Only the case is locked,
 * never a player: lock order case → player.
 */
export async function lockOpenCase(tx: Tx, subjects: readonly string[]): Promise<IntegrityCase | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM integrity_cases
    WHERE status IN ('open', 'in_review') AND subject_ids @> ${[...subjects]}::uuid[]
    ORDER BY created_at LIMIT 1 FOR UPDATE`;
  return row ? tx.integrityCase.findUniqueOrThrow({ where: { id: row.id } }) : null;
}

/**
 * The subjects' open case (lockOpenCase), or a new one from `data` (whose subjectIds are the subjects).
 * The database keeps at most one open case per subject set (integrity_cases.open_key, unique): when a
 * concurrent writer (another worker, the periodic scan, a report) opens it first, the insert waits for
 * that writer to commit, skips, and the case it opened is joined, exactly as if this one had come
 * second. Another attempt only if that case was decided in between.
 */
export async function openOrJoinCase(tx: Tx, data: Prisma.IntegrityCaseCreateManyInput & { subjectIds: string[] }): Promise<{ case: IntegrityCase; opened: boolean }> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const open = await lockOpenCase(tx, data.subjectIds);
    if (open) return { case: open, opened: false };
    const created = await insertCaseUnlessOpen(tx, data);
    if (created) return { case: created, opened: true };
  }
  throw new Error(`no open case for ${data.subjectIds.join(',')} after 3 attempts to open one`);
}

/*
 * The only code that writes integrity case rows (integrity_cases) and appeal rows (integrity_appeals):
 * the review board (apps/api), the anti-cheat scan and the appeal deadlines (apps/worker) call these in
 * their transaction, after taking the case's lock.
 */

/**
 * Inserts the case unless its subjects already have one open (integrity_cases.open_key, unique: the
 * insert waits for a concurrent writer to commit, then skips). Null: skipped.
 */
export async function insertCaseUnlessOpen(tx: Tx, data: Prisma.IntegrityCaseCreateManyInput): Promise<IntegrityCase | null> {
  const [created] = await tx.integrityCase.createManyAndReturn({ data: [data], skipDuplicates: true });
  return created ?? null;
}

/** The case goes to a reviewer (an open case is then in review). */
export function assignCase(tx: Tx, c: Pick<IntegrityCase, 'id' | 'status'>, reviewerId: string): Promise<IntegrityCase> {
  return tx.integrityCase.update({ where: { id: c.id }, data: { assignedToId: reviewerId, status: c.status === 'open' ? 'in_review' : c.status } });
}

/** A decision on one of its subjects: decided once every subject has one, in review until then. */
export async function setCaseDecided(tx: Tx, caseId: string, allSubjectsDecided: boolean): Promise<void> {
  await tx.integrityCase.update({ where: { id: caseId }, data: { status: allSubjectsDecided ? 'decided' : 'in_review' } });
}

/** A high-stakes game joined the case (a report or a detection about it). */
export function markCaseHighStakes(tx: Tx, caseId: string): Promise<IntegrityCase> {
  return tx.integrityCase.update({ where: { id: caseId }, data: { highStakes: true } });
}

/** A player's appeal of a decision (one per decision: the unique key refuses a second). */
export function fileAppeal(tx: Tx, a: Pick<IntegrityAppeal, 'decisionId' | 'userId' | 'statement' | 'filedAt' | 'dueAt' | 'remindAt'>): Promise<IntegrityAppeal> {
  return tx.integrityAppeal.create({ data: { decisionId: a.decisionId, userId: a.userId, statement: a.statement, filedAt: a.filedAt, dueAt: a.dueAt, remindAt: a.remindAt } });
}

/** The board's outcome of an appeal, with what it changed. */
export function decideAppeal(
  tx: Tx,
  appealId: string,
  d: { status: Exclude<AppealStatus, 'pending'>; reducedTo: PenaltyStep | null; decidedById: string; decidedAt: Date; reason: string; effects: Record<string, unknown> },
): Promise<IntegrityAppeal> {
  return tx.integrityAppeal.update({
    where: { id: appealId },
    data: { status: d.status, reducedTo: d.reducedTo, decidedById: d.decidedById, decidedAt: d.decidedAt, reason: d.reason, effects: d.effects as Prisma.InputJsonValue },
  });
}

/** The appeal deadlines' marks (the board reminded; the appeal overdue and escalated), each set once under the appeal's lock. */
export function markAppeal(tx: Tx, appealId: string, mark: 'remindedAt' | 'overdueAt', at: Date): Promise<IntegrityAppeal & { decision: { caseId: string } }> {
  return tx.integrityAppeal.update({ where: { id: appealId }, data: { [mark]: at }, include: { decision: { select: { caseId: true } } } });
}
