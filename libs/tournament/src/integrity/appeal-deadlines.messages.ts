import type { NotificationRow } from '../notifications/notifications.repository';

/** A notice to every reviewer and admin (the repository adds who). */
export type BoardNotice = Omit<NotificationRow, 'userId'>;

interface DueAppeal {
  id: string;
  dueAt: Date;
  decision: { caseId: string };
}

/** The board is reminded that an appeal is due soon. */
export function appealReminderNotice(a: DueAppeal): BoardNotice {
  return {
    kind: 'integrity.appeal_reminder',
    title: 'An appeal is due soon',
    body: `The appeal ${a.id} (case ${a.decision.caseId}) must be decided by ${a.dueAt.toISOString()}.`,
    es: { title: 'Una apelación vence pronto', body: `La apelación ${a.id} (caso ${a.decision.caseId}) debe resolverse antes del ${a.dueAt.toISOString()}.` },
    data: { appealId: a.id, caseId: a.decision.caseId, dueAt: a.dueAt.toISOString() },
    dedupeKey: `appeal-reminder:${a.id}`,
  };
}

/** An appeal passed its deadline undecided: it is escalated (the admins are told too). */
export function appealOverdueNotice(a: DueAppeal): BoardNotice {
  return {
    kind: 'integrity.appeal_overdue',
    title: 'An appeal is overdue',
    body: `The appeal ${a.id} (case ${a.decision.caseId}) was due by ${a.dueAt.toISOString()} and is escalated.`,
    es: { title: 'Una apelación está vencida', body: `La apelación ${a.id} (caso ${a.decision.caseId}) vencía el ${a.dueAt.toISOString()} y se ha escalado.` },
    data: { appealId: a.id, caseId: a.decision.caseId, dueAt: a.dueAt.toISOString(), escalated: true },
    dedupeKey: `appeal-overdue:${a.id}`,
  };
}
