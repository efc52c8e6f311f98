import type { NotificationRow } from '../notifications/notifications.repository';
import type { ReminderFacts } from './deliveries.repository';

/** The challenge a reminder is about, as its texts need it. */
export interface ReminderChallenge {
  id: string;
  cityName: string;
  localDate: string;
  startsAt: Date;
  registrationOpensAt: Date;
  checkInOpensAt: Date;
  checkInClosesAt: Date;
}

// Times are written as ISO instants: each channel writes them in the player's zone (mail-message.ts, the page).
const iso = (d: Date) => d.toISOString();

/** Registration opens in a city the player played before. */
export function registrationOpenReminders(c: ReminderChallenge, userIds: readonly string[]): NotificationRow[] {
  return userIds.map((userId) => ({
    userId,
    kind: 'reminder.registration_open',
    title: `${c.cityName}: registration is open for ${c.localDate}`,
    body: `Registration for the ${c.cityName} challenge of ${c.localDate} is open. Check-in opens at ${iso(c.checkInOpensAt)}; play starts at ${iso(c.startsAt)}.`,
    es: {
      title: `${c.cityName}: la inscripción para el ${c.localDate} está abierta`,
      body: `La inscripción para el desafío de ${c.cityName} del ${c.localDate} está abierta. El check-in abre el ${iso(c.checkInOpensAt)}; el juego empieza el ${iso(c.startsAt)}.`,
    },
    data: { challengeId: c.id, startsAt: iso(c.startsAt), checkInOpensAt: iso(c.checkInOpensAt) },
    dedupeKey: `reminder.registration_open:${c.id}`,
  }));
}

/** Check-in is open for a registered player. */
export function checkInOpenReminders(c: ReminderChallenge, userIds: readonly string[]): NotificationRow[] {
  return userIds.map((userId) => ({
    userId,
    kind: 'reminder.check_in_open',
    title: `${c.cityName}: check-in is open`,
    body: `Check in for the ${c.cityName} challenge before ${iso(c.checkInClosesAt)}, or your place goes to the waitlist. Play starts at ${iso(c.startsAt)}.`,
    es: {
      title: `${c.cityName}: el check-in está abierto`,
      body: `Haz el check-in del desafío de ${c.cityName} antes del ${iso(c.checkInClosesAt)}, o tu puesto pasa a la lista de espera. El juego empieza el ${iso(c.startsAt)}.`,
    },
    data: { challengeId: c.id, checkInClosesAt: iso(c.checkInClosesAt), startsAt: iso(c.startsAt) },
    dedupeKey: `reminder.check_in_open:${c.id}`,
  }));
}

/** Ten minutes before check-in closes, for a registered player not checked in. */
export function checkInClosingReminders(c: ReminderChallenge, userIds: readonly string[]): NotificationRow[] {
  return userIds.map((userId) => ({
    userId,
    kind: 'reminder.check_in_closing',
    title: `${c.cityName}: check-in closes in 10 minutes`,
    body: `You are registered for the ${c.cityName} challenge but not checked in. Check-in closes at ${iso(c.checkInClosesAt)}.`,
    es: {
      title: `${c.cityName}: el check-in cierra en 10 minutos`,
      body: `Estás inscrito en el desafío de ${c.cityName} pero no hiciste el check-in. El check-in cierra el ${iso(c.checkInClosesAt)}.`,
    },
    data: { challengeId: c.id, checkInClosesAt: iso(c.checkInClosesAt) },
    dedupeKey: `reminder.check_in_closing:${c.id}`,
  }));
}

/**
 * A round's last table is decided and the break starts: every player still in the challenge (the round's
 * advancers, and after round 1 the byes) is told when the next round is seated. The instant is written as
 * ISO: each channel writes it in the player's own zone and language.
 */
export function nextRoundReminders(r: { challengeId: string; cityName: string; roundId: string; round: number; startsAt: Date }, userIds: readonly string[]): NotificationRow[] {
  const at = iso(r.startsAt);
  return userIds.map((userId) => ({
    userId,
    kind: 'reminder.next_round',
    title: `${r.cityName}: round ${r.round} starts at ${at}`,
    body: `You are still in the ${r.cityName} challenge. Round ${r.round} is seated at ${at}, after the break: be at the page then, your clock starts when your table is seated.`,
    es: {
      title: `${r.cityName}: la ronda ${r.round} empieza el ${at}`,
      body: `Sigues en el desafío de ${r.cityName}. La ronda ${r.round} se sienta el ${at}, después de la pausa: está en la página para entonces, tu reloj empieza cuando se sienta tu mesa.`,
    },
    data: { challengeId: r.challengeId, roundId: r.roundId, round: r.round, startsAt: at },
    dedupeKey: `reminder.next_round:${r.roundId}`,
  }));
}

/**
 * Whether a challenge reminder still says something true when its e-mail or push is sent (deliveries can
 * leave minutes or hours after the notice was written: quiet hours, retries, a worker that was down). A
 * check-in reminder is for a registered player not checked in while check-in is still open; a
 * registration reminder for a player not registered yet while registration can still be used. A
 * reminder whose challenge is gone or cancelled applies to nobody. Other notices always apply.
 */
export function reminderStillApplies(kind: string, facts: ReminderFacts | null, now: Date): boolean {
  if (!kind.startsWith('reminder.') || kind === 'reminder.next_round') return true;
  if (!facts || facts.status === 'cancelled') return false;
  const r = facts.registration;
  switch (kind) {
    case 'reminder.check_in_open':
    case 'reminder.check_in_closing':
      return !!r && r.status === 'registered' && !r.checkedIn && !r.disqualified && now < facts.checkInClosesAt;
    case 'reminder.registration_open':
      return (!r || r.status === 'withdrawn') && now < facts.checkInOpensAt;
    default:
      return true;
  }
}
