import type { IntegrityCase, Prisma } from '@dcs/db';
import type { Tx } from './games.repository';

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
    const [created] = await tx.integrityCase.createManyAndReturn({ data: [data], skipDuplicates: true });
    if (created) return { case: created, opened: true };
  }
  throw new Error(`no open case for ${data.subjectIds.join(',')} after 3 attempts to open one`);
}
