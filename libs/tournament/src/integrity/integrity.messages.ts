import type { NotificationRow } from '../notifications/notifications.repository';
import { APPEAL_WINDOW_MS, type Step } from './integrity.rules';

/**
 * What the review board tells a player, one builder each (the repository only stores it): the words of
 * a penalty's rung, a decision's notification and an appeal's outcome.
 */

/** Each rung of the penalty ladder in words, in English and Spanish (issue 24). */
const STEPS: Record<'en' | 'es', Record<Step, string>> = {
  en: {
    none: 'no penalty',
    minor_1: 'warning and 1-week suspension',
    minor_2: '1-month suspension and rank reset',
    major: 'season ban and prize forfeiture',
    permanent_ban: 'permanent ban',
  },
  es: {
    none: 'sin sanción',
    minor_1: 'advertencia y 1 semana de suspensión',
    minor_2: '1 mes de suspensión y reinicio del ranking',
    major: 'expulsión por la temporada y pérdida de premios',
    permanent_ban: 'expulsión permanente',
  },
};

export const describeStep = (step: Step): string => STEPS.en[step];
const describeStepEs = (step: Step): string => STEPS.es[step];

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

const CASE_SOURCE = {
  manual: { en: 'by a reviewer', es: 'un revisor' },
  report: { en: 'after a community report', es: 'tras un reporte de la comunidad' },
  detection: { en: 'by the automatic analysis of finished games', es: 'el análisis automático de las partidas terminadas' },
} as const;

/**
 * What the subject of a case reads of it (`GET /api/me/cases`, issue 36): who opened it in general terms
 * and the categories of the reports in it — never the case's own summary (a report's free text, a
 * reviewer's words, a signal's figures) nor who reported.
 */
export function subjectCaseSummary(source: string, categories: readonly string[]): string {
  const by = source in CASE_SOURCE ? CASE_SOURCE[source as keyof typeof CASE_SOURCE] : CASE_SOURCE.manual;
  const reported = [...new Set(categories)].sort();
  return `A review board case opened ${by.en}${reported.length ? ` (reported: ${reported.join(', ')})` : ''}`;
}

/**
 * A case newly opened on each of its subjects (SPEC 7: a competitor sees their own cases; docs/rules.md,
 * "Who is told of a case"). It says no more than their case list does: who opened it in general terms,
 * that it is not a penalty, where to follow it — never the evidence, the signals, the reporter, nor the
 * other subjects of a case on a pair. A signal or report joining an open case tells nobody again.
 */
export function caseOpenedNotices(c: { id: string; source: string }, subjectIds: readonly string[]): NotificationRow[] {
  const by = c.source in CASE_SOURCE ? CASE_SOURCE[c.source as keyof typeof CASE_SOURCE] : CASE_SOURCE.manual;
  return subjectIds.map((userId) => ({
    userId,
    kind: 'integrity.case_opened',
    title: 'A review board case was opened on you',
    body: `A case of the Anti-Cheat Review Board was opened on you ${by.en}. A case is not a penalty: only a reviewer's decision is, and you will be told it (with the right to appeal). You can follow the case in your record.`,
    es: {
      title: 'Se abrió un caso de la junta de revisión sobre ti',
      body: `Se abrió un caso de la Junta de Revisión Antitrampas sobre ti (lo abrió ${by.es}). Un caso no es una sanción: solo lo es la decisión de un revisor, y se te comunicará (con derecho a apelar). Puedes seguir el caso en tu historial.`,
    },
    data: { caseId: c.id, source: c.source },
    dedupeKey: `case-opened:${c.id}`,
  }));
}
