import type { CallAct, CallReason, DirectorCall } from './api';

export const REASONS: { value: CallReason; label: string; spectator: boolean }[] = [
  { value: 'rules_question', label: 'A question about the rules', spectator: false },
  { value: 'wrong_result', label: 'A wrong result or a bad deal', spectator: true },
  { value: 'clock_problem', label: 'A problem with the clock', spectator: true },
  { value: 'connection_problem', label: 'A connection problem', spectator: false },
  { value: 'misconduct', label: 'Misconduct at the table', spectator: true },
  { value: 'other', label: 'Something else', spectator: true },
];

export const reasonLabel = (r: CallReason) => REASONS.find((x) => x.value === r)?.label ?? r;

export const ACTS: Record<CallAct, string> = {
  none: 'Answer only',
  void: 'Void the game and replay it',
  correct: 'Correct the result',
  disqualify: 'Disqualify a player',
};

export function statusText(c: DirectorCall): string {
  if (c.status === 'resolved') return 'Answered';
  if (c.status === 'acknowledged') return `${c.acknowledgedBy?.displayName ?? 'The director'} is on it`;
  return 'Waiting for the director';
}

/** "4 min 12 s" */
export function waited(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}
