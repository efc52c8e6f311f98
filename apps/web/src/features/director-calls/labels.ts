import type { CallAct, CallReason, DirectorCall } from './api';
import { i18n, tOr } from '../../i18n/i18n';

export const REASONS: { value: CallReason; label: string; spectator: boolean }[] = [
  { value: 'rules_question', label: 'A question about the rules', spectator: false },
  { value: 'wrong_result', label: 'A wrong result or a bad deal', spectator: true },
  { value: 'clock_problem', label: 'A problem with the clock', spectator: true },
  { value: 'connection_problem', label: 'A connection problem', spectator: false },
  { value: 'misconduct', label: 'Misconduct at the table', spectator: true },
  { value: 'other', label: 'Something else', spectator: true },
];

/** A reason in the page's language (messages `call.reason.*`; the English label when there is none). */
export const reasonLabel = (r: CallReason) => tOr(`call.reason.${r}`, REASONS.find((x) => x.value === r)?.label ?? r);

/** A director's act on a call, in the page's language. */
export const actLabel = (a: CallAct): string => i18n.t(`call.act.${a}`);

export function statusText(c: DirectorCall): string {
  if (c.status === 'resolved') return i18n.t('call.answered');
  if (c.status === 'acknowledged') return i18n.t('call.onIt', { who: c.acknowledgedBy?.displayName ?? i18n.t('call.theDirector') });
  return i18n.t('call.waiting');
}

/** "4 min 12 s" */
export function waited(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? i18n.t('call.waitedMin', { m, s }) : i18n.t('call.waitedS', { s });
}
