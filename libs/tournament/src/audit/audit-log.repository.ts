import type { Prisma } from '@dcs/db';
import type { Tx } from '@dcs/common';


/** One line of the audit log: who (null: the system), did what, to which entity, why, with what data. */
export interface AuditEntry {
  actorId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  reason?: string | null;
  data?: unknown;
}

const row = (e: AuditEntry): Prisma.AuditLogCreateManyInput => ({
  actorId: e.actorId ?? null,
  action: e.action,
  entityType: e.entityType,
  entityId: e.entityId ?? null,
  reason: e.reason ?? null,
  ...(e.data === undefined ? {} : { data: e.data as Prisma.InputJsonValue }),
});

/**
 * The only code that writes the audit log (append-only: a trigger refuses updates and deletes), in the
 * caller's transaction, so an entry commits with the act it records and never without it.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: row(entry) });
}

/** Several entries in one statement (a season's close cancelling its challenges, a calendar's changes). */
export async function recordAudits(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length) await tx.auditLog.createMany({ data: entries.map(row) });
}
