import type { ConductViolation, Prisma } from '@dcs/db';
import type { Tx } from '@dcs/common';


/** A violation of the conduct ledger (SPEC 6): whose, of what kind, where, why, by whom (null: the system). */
export interface NewViolation {
  userId: string;
  kind: 'stalling' | 'chat' | 'director';
  gameId?: string | null;
  challengeId?: string | null;
  reason: string;
  details: Record<string, unknown>;
  filedById?: string | null;
  /** Deterministic per act: a retried write records the violation once. */
  dedupeKey: string;
}

const row = (v: NewViolation): Prisma.ConductViolationCreateManyInput => ({
  userId: v.userId,
  kind: v.kind,
  gameId: v.gameId ?? null,
  challengeId: v.challengeId ?? null,
  reason: v.reason,
  details: v.details as Prisma.InputJsonValue,
  filedById: v.filedById ?? null,
  dedupeKey: v.dedupeKey,
});

/**
 * The only code that writes conduct violations (the director's filings and blocked chat messages in
 * apps/api, the turn clock's stalling in libs/tournament), always in the caller's transaction.
 * Records it and returns the row; the caller has checked its key is new (a duplicate fails).
 */
export function recordViolation(tx: Tx, v: NewViolation): Promise<ConductViolation> {
  return tx.conductViolation.create({ data: row(v) });
}

/** Records it unless a violation with its key is already stored (a re-run job). */
export async function recordViolationOnce(tx: Tx, v: NewViolation): Promise<void> {
  await tx.conductViolation.createMany({ data: [row(v)], skipDuplicates: true });
}
