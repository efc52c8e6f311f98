import type { NotificationRow } from '../notifications/notifications.repository';
import { APPEAL_WINDOW_MS, type Step } from './integrity.rules';

/**
 * What the review board tells a player, one builder each (the repository only stores it): the words of
 * a penalty's rung, a decision's notification and an appeal's outcome.
 */

export function describeStep(step: Step): string {
  switch (step) {
    case 'none':
      return 'no penalty';
    case 'minor_1':
      return 'warning and 1-week suspension';
    case 'minor_2':
      return '1-month suspension and rank reset';
    case 'major':
      return 'season ban and prize forfeiture';
    case 'permanent_ban':
      return 'permanent ban';
  }
}

/** A penalty's rung in Spanish (issue 24). */
export function describeStepEs(step: Step): string {
  switch (step) {
    case 'none':
      return 'sin sanción';
    case 'minor_1':
      return 'advertencia y 1 semana de suspensión';
    case 'minor_2':
      return '1 mes de suspensión y reinicio del ranking';
    case 'major':
      return 'expulsión por la temporada y pérdida de premios';
    case 'permanent_ban':
      return 'expulsión permanente';
  }
}

const FINDINGS_ES: Record<string, string> = { no_violation: 'sin infracción', minor: 'infracción leve', major: 'infracción grave', confirmed_cheating: 'trampa confirmada' };
const OUTCOMES_ES = { upheld: 'confirmada', reduced: 'reducida', overturned: 'anulada' } as const;

/** A decision with a penalty: what was found, what it costs, and until when the player may appeal. */
export function penaltyNotice(d: { id: string; caseId: string; userId: string; createdAt: Date }, finding: string, step: Step): NotificationRow {
  const until = new Date(d.createdAt.getTime() + APPEAL_WINDOW_MS).toISOString();
  return {
    userId: d.userId,
    kind: 'integrity.penalty',
    title: 'A review board decision',
    body: `The Anti-Cheat Review Board decided: ${finding.replace('_', ' ')} (${describeStep(step)}). You may appeal once, until ${until}.`,
    es: {
      title: 'Una decisión del comité de revisión',
      body: `El Comité de Revisión Antitrampas decidió: ${FINDINGS_ES[finding] ?? finding.replace('_', ' ')} (${describeStepEs(step)}). Puedes apelar una vez, hasta el ${until}.`,
    },
    data: { decisionId: d.id, caseId: d.caseId, step },
    dedupeKey: `penalty:${d.id}`,
  };
}

/** An appeal's outcome (a reduced one names the lesser rung) and the reviewer's reason. */
export function appealDecidedNotice(a: { appealId: string; decisionId: string; userId: string }, outcome: 'upheld' | 'reduced' | 'overturned', reducedTo: Step, reason: string): NotificationRow {
  return {
    userId: a.userId,
    kind: 'integrity.appeal_decided',
    title: 'Your appeal was decided',
    body: `Your appeal was ${outcome}${outcome === 'reduced' ? ` to ${describeStep(reducedTo)}` : ''}: ${reason}`,
    es: { title: 'Tu apelación fue resuelta', body: `Tu apelación fue ${OUTCOMES_ES[outcome]}${outcome === 'reduced' ? ` a ${describeStepEs(reducedTo)}` : ''}: ${reason}` },
    data: { appealId: a.appealId, decisionId: a.decisionId },
    dedupeKey: `appeal-decided:${a.appealId}`,
  };
}
