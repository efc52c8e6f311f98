import type { EliteSixQualifier } from '@dcs/ranking';
import type { NotificationRow } from '../notifications/notifications.repository';

/**
 * What a season tells its players, one builder each (the writers only store it): the Elite Six at the
 * close, and the entry into a Regional Tournament or the NDT Finals. Each comes with the dedupe key
 * that makes a retried close or event creation notify once.
 */

/** The close seeded these players into the city's Elite Six: each is told their seed and benefit. */
const BENEFITS_ES: Record<string, string> = { 'seed-1-travel': 'cabeza de serie 1 con viaje pagado', 'seed-2-3': 'cabeza de serie 2–3', qualification: 'clasificado' };

export function eliteSixNotices(seasonId: string, qualifiers: readonly EliteSixQualifier[]): NotificationRow[] {
  return qualifiers.map((q) => ({
    userId: q.playerId,
    kind: 'season.elite-six',
    title: 'Elite Six',
    body: `You are in your city's Elite Six (seed ${q.seed}, ${q.benefit}) and qualify for the Regional Tournament.`,
    es: {
      title: 'Elite Six',
      body: `Estás en el Elite Six de tu ciudad (cabeza de serie ${q.seed}, ${BENEFITS_ES[q.benefit] ?? q.benefit}) y te clasificas para el Torneo Regional.`,
    },
    data: { seasonId, ...q },
    dedupeKey: `elite-six:${seasonId}`,
  }));
}

/** The entrants of a Regional Tournament or the NDT Finals: which event, and when the first table is seated. */
export function eventEnteredNotices(
  e: { kind: 'regional' | 'ndt'; region: string | null; year: number; startsAt: Date; entrants: readonly string[] },
  challengeId: string,
): NotificationRow[] {
  return e.entrants.map((userId) => ({
    userId,
    kind: `${e.kind}.entered`,
    title: e.kind === 'ndt' ? 'NDT Finals' : 'Regional Tournament',
    body: `You play the ${e.kind === 'ndt' ? `NDT Finals ${e.year}` : `${e.region} Regional ${e.year}`}; the first table is seated at ${e.startsAt.toISOString()}.`,
    es: {
      title: e.kind === 'ndt' ? 'Finales NDT' : 'Torneo Regional',
      body: `Juegas ${e.kind === 'ndt' ? `las Finales NDT ${e.year}` : `el Regional ${e.region} ${e.year}`}; la primera mesa se sienta el ${e.startsAt.toISOString()}.`,
    },
    data: { challengeId },
    dedupeKey: `event:${challengeId}`,
  }));
}
