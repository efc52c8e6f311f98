import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { recordAudit } from '../audit/audit-log.repository';
import { storeNotifications } from '../notifications/notifications.repository';
import { markAppeal } from './integrity-cases.repository';
import { appealOverdueNotice, appealReminderNotice, type BoardNotice } from './appeal-deadlines.messages';

const json = (v: unknown) => v as Prisma.InputJsonValue;

export interface AppealSweepResult {
  appealIds: string[];
}

/**
 * The appeal deadlines (SPEC 5): the board is reminded before an appeal's due date, and an appeal
 * past it is marked overdue for escalation. Neither ever decides an appeal. Each appeal is marked
 * once (remindedAt / overdueAt, set under a row lock), so a retried or repeated sweep changes nothing.
 */
@Injectable()
export class AppealDeadlinesRepository {
  constructor(private readonly prisma: PrismaService) {}

  remind(now: Date): Promise<AppealSweepResult> {
    return this.prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM integrity_appeals
        WHERE status = 'pending' AND reminded_at IS NULL AND remind_at <= ${now}
        ORDER BY due_at FOR UPDATE SKIP LOCKED`;
      for (const { id } of due) {
        const a = await markAppeal(tx, id, 'remindedAt', now);
        await this.tellBoard(tx, appealReminderNotice(a));
        await recordAudit(tx, { actorId: null, action: 'integrity.appeal.reminded', entityType: 'integrity_appeal', entityId: id, data: json({ dueAt: a.dueAt.toISOString(), at: now.toISOString() }) });
      }
      return { appealIds: due.map((d) => d.id) };
    });
  }

  markOverdue(now: Date): Promise<AppealSweepResult> {
    return this.prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM integrity_appeals
        WHERE status = 'pending' AND overdue_at IS NULL AND due_at <= ${now}
        ORDER BY due_at FOR UPDATE SKIP LOCKED`;
      for (const { id } of due) {
        const a = await markAppeal(tx, id, 'overdueAt', now);
        await this.tellBoard(tx, appealOverdueNotice(a));
        await recordAudit(tx, { actorId: null, action: 'integrity.appeal.overdue', entityType: 'integrity_appeal', entityId: id, reason: '14 business days passed without a decision: escalated', data: json({ dueAt: a.dueAt.toISOString(), at: now.toISOString() }) });
      }
      return { appealIds: due.map((d) => d.id) };
    });
  }

  /** Every reviewer and admin is told (the escalation reaches the admins). */
  private async tellBoard(tx: Prisma.TransactionClient, notice: BoardNotice): Promise<void> {
    const board = await tx.user.findMany({ where: { status: 'active', OR: [{ roles: { has: 'reviewer' } }, { roles: { has: 'admin' } }] }, select: { id: true } });
    await storeNotifications(tx, board.map((u) => ({ userId: u.id, ...notice })));
  }
}
