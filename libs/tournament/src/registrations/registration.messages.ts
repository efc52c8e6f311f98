import type { Challenge } from '@dcs/db';
import type { Notice } from '../notifications/notices';

/**
 * Every notification text about a player's registration, one builder each, whoever writes the
 * change (the player, a penalty, the check-in close): a player reads the same words for the same
 * event. Each comes with the dedupe key that makes a retried write notify once.
 */
export interface RegistrationNotice extends Notice {
  dedupeKey: string;
}

type ChallengeFacts = Pick<Challenge, 'id' | 'localDate' | 'checkInOpensAt' | 'checkInClosesAt'>;

/** A place opened up and the first eligible waitlisted player takes it (a withdrawal, a penalty's withdrawal). */
export function promotedNotice(c: ChallengeFacts, cityName: string, position: number): RegistrationNotice {
  return {
    kind: 'challenge.promoted_from_waitlist',
    title: 'You are off the waitlist',
    body: `A place opened up: you are registered for the ${cityName} challenge of ${c.localDate}. Check in between ${c.checkInOpensAt.toISOString()} and ${c.checkInClosesAt.toISOString()}.`,
    es: {
      title: 'Saliste de la lista de espera',
      body: `Se liberó un puesto: estás inscrito en el desafío de ${cityName} del ${c.localDate}. Haz el check-in entre las ${c.checkInOpensAt.toISOString()} y las ${c.checkInClosesAt.toISOString()}.`,
    },
    data: { challengeId: c.id, position },
    // One notice per promotion; a player who withdraws and is promoted again has a new position.
    dedupeKey: `promoted:${c.id}:${position}`,
  };
}

/** Check-in closed: a registered player did not check in, and this checked-in waitlisted player takes the place. */
export function seatedFromWaitlistNotice(c: Pick<Challenge, 'id' | 'localDate'>, cityName: string, position: number): RegistrationNotice {
  return {
    kind: 'challenge.seated_from_waitlist',
    title: 'You have a seat',
    body: `A registered player did not check in, so you are seated in the ${cityName} challenge of ${c.localDate} at 12:00.`,
    es: { title: 'Tienes asiento', body: `Un jugador inscrito no hizo el check-in, así que juegas el desafío de ${cityName} del ${c.localDate} a las 12:00.` },
    data: { challengeId: c.id, position },
    dedupeKey: `seated:${c.id}`,
  };
}

/** Check-in closed while the player is suspended or banned: whatever path missed it, nobody of them is seated. */
export function withdrawnIneligibleNotice(c: Pick<Challenge, 'id' | 'localDate'>, cityName: string): RegistrationNotice {
  return {
    kind: 'challenge.registration_withdrawn',
    title: 'Your registration was withdrawn',
    body: `Your account is suspended or banned, so your registration for the ${cityName} challenge of ${c.localDate} was withdrawn.`,
    es: { title: 'Se retiró tu inscripción', body: `Tu cuenta está suspendida o expulsada, así que se retiró tu inscripción en el desafío de ${cityName} del ${c.localDate}.` },
    data: { challengeId: c.id },
    dedupeKey: `withdrawn-ineligible:${c.id}`,
  };
}

/** A penalty withdrew the registration (a source withdraws a registration at most once). */
export function withdrawnByPenaltyNotice(c: Pick<Challenge, 'id' | 'localDate'>, reason: string, sourceId: string): RegistrationNotice {
  return {
    kind: 'challenge.registration_withdrawn',
    title: 'Registration withdrawn',
    body: `Your registration for the challenge of ${c.localDate} was withdrawn: ${reason}.`,
    es: { title: 'Inscripción retirada', body: `Se retiró tu inscripción en el desafío del ${c.localDate}: ${reason}.` },
    data: { challengeId: c.id },
    dedupeKey: `penalty-withdrawn:${c.id}:${sourceId}`,
  };
}

/** The penalty that withdrew the registration was lifted: the registration is back, registered or waitlisted. */
export function restoredNotice(
  c: Pick<Challenge, 'id' | 'localDate'>,
  place: { status: 'registered' | 'waitlisted'; waitlistPlace: number | null },
  sourceId: string,
): RegistrationNotice {
  const where = place.status === 'registered' ? 'you are registered again' : `you are back on the waitlist, place ${place.waitlistPlace} (your place was given to a waitlisted player meanwhile)`;
  const donde = place.status === 'registered' ? 'vuelves a estar inscrito' : `vuelves a la lista de espera, puesto ${place.waitlistPlace} (mientras tanto tu puesto pasó a un jugador de la lista de espera)`;
  return {
    kind: 'challenge.registration_restored',
    title: 'Registration restored',
    body: `The penalty that withdrew your registration for the challenge of ${c.localDate} was lifted: ${where}.`,
    es: { title: 'Inscripción restablecida', body: `Se levantó la sanción que retiró tu inscripción en el desafío del ${c.localDate}: ${donde}.` },
    data: { challengeId: c.id, status: place.status, waitlistPlace: place.waitlistPlace },
    // One notice per withdrawal given back (a source withdraws a registration at most once).
    dedupeKey: `penalty-restored:${c.id}:${sourceId}`,
  };
}
