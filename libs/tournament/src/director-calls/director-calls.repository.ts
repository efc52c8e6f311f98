import type { DirectorCall, Prisma } from '@dcs/db';

type Tx = Prisma.TransactionClient;

/** Why a call is made (the live table's list). Spectators may call only for what they can see. */
export const DIRECTOR_CALL_REASONS = ['rules_question', 'wrong_result', 'clock_problem', 'connection_problem', 'misconduct', 'other'] as const;
export type DirectorCallReason = (typeof DIRECTOR_CALL_REASONS)[number];
export const SPECTATOR_CALL_REASONS: readonly DirectorCallReason[] = ['wrong_result', 'clock_problem', 'misconduct', 'other'];

/** The director acts a resolution may carry out (the existing endpoints' services, with their own audit entries). */
export const DIRECTOR_CALL_ACTS = ['none', 'void', 'correct', 'disqualify'] as const;
export type DirectorCallAct = (typeof DIRECTOR_CALL_ACTS)[number];

export type DirectorCallStatus = 'open' | 'acknowledged' | 'resolved';

export interface NewDirectorCall {
  challengeId: string;
  tableId: string;
  gameId: string | null;
  gameVersion: number | null;
  callerId: string;
  callerRole: 'player' | 'spectator';
  reason: DirectorCallReason;
  message: string;
}

/*
 * The only code that writes director_calls (apps/api/src/director-calls), each write in the caller's
 * transaction with its audit entry. A status moves forward only: open → acknowledged → resolved; each
 * write says which statuses it starts from, so two directors acting at once change a call once.
 */

export function insertDirectorCall(tx: Tx, call: NewDirectorCall): Promise<DirectorCall> {
  return tx.directorCall.create({ data: { ...call, status: 'open' } });
}

/** Acknowledges an open call; false when it was not open any more (acknowledged or resolved meanwhile). */
export async function acknowledgeDirectorCall(tx: Tx, id: string, directorId: string, at: Date): Promise<boolean> {
  const { count } = await tx.directorCall.updateMany({ where: { id, status: 'open' }, data: { status: 'acknowledged', acknowledgedById: directorId, acknowledgedAt: at } });
  return count === 1;
}

/** Resolves a call not resolved yet (an open one is acknowledged by the same stroke); false when it already was. */
export async function resolveDirectorCall(tx: Tx, id: string, directorId: string, note: string, act: DirectorCallAct, at: Date): Promise<boolean> {
  const { count } = await tx.$executeRaw`
    UPDATE director_calls SET status = 'resolved', resolved_by_id = ${directorId}::uuid, resolved_at = ${at}, resolution_note = ${note}, resolution_act = ${act},
      acknowledged_by_id = COALESCE(acknowledged_by_id, ${directorId}::uuid), acknowledged_at = COALESCE(acknowledged_at, ${at})
    WHERE id = ${id}::uuid AND status <> 'resolved'`.then((n) => ({ count: n }));
  return count === 1;
}

/** The call, locked for the rest of the transaction (a resolution holds it while its act runs). */
export async function lockDirectorCall(tx: Tx, id: string): Promise<DirectorCall | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM director_calls WHERE id = ${id}::uuid FOR UPDATE`;
  return row ? tx.directorCall.findUnique({ where: { id } }) : null;
}
