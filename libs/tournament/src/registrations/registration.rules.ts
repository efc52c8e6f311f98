import type { Challenge, UserStatus } from '@dcs/db';
import { BEFORE_CHECK_IN_CLOSE } from '../challenge/challenge-rows';

/**
 * The registration rules as pure functions (SPEC 3.1; no Nest, no Prisma, no clock): who may take part,
 * when the windows are open, whether an entrant is registered or waitlisted, how many places the
 * waitlist fills, and where a registration a lifted penalty withdrew goes back. The registrations
 * service asks these under the challenge's row lock; registration.rules.spec.ts pins them.
 */

/** An account as far as taking part goes. */
export interface AccountStanding {
  status: UserStatus;
  suspendedUntil: Date | null;
}

/**
 * "May take part" (SPEC 3.1): a player who is not banned and whose suspension, if any, is over at
 * `at`. One rule, asked at different instants: now for registering, checking in and being promoted
 * from the waitlist; the challenge's check-in close for a registration a lifted penalty gives back
 * (a player still suspended when check-in closes is withdrawn by the close, so a place given back to
 * them would only be taken away again).
 */
export function mayTakePart(a: AccountStanding, at: Date): boolean {
  switch (a.status) {
    case 'active':
      return true;
    case 'suspended':
      return a.suspendedUntil !== null && a.suspendedUntil <= at;
    case 'banned':
      return false;
  }
}

/**
 * When players may register, withdraw and check in. The times on the challenge row decide, not only
 * its status: if the worker is late opening registration, the window still opens on time. A
 * challenge whose check-in has closed (or that started, completed or was cancelled) is closed
 * whatever the clock says, so nothing changes after the worker has decided who is seated.
 */
export type RegistrationWindow = Pick<Challenge, 'status' | 'registrationOpensAt' | 'checkInOpensAt' | 'checkInClosesAt'>;

/** Registration and withdrawal: from registration opening until check-in closes. */
export function registrationOpen(c: RegistrationWindow, now: Date): boolean {
  return BEFORE_CHECK_IN_CLOSE.includes(c.status) && now >= c.registrationOpensAt && now < c.checkInClosesAt;
}

/** Registration refused because its window is still ahead (not because it closed). */
export function registrationNotOpenYet(c: RegistrationWindow, now: Date): boolean {
  return BEFORE_CHECK_IN_CLOSE.includes(c.status) && now < c.registrationOpensAt;
}

/** Check-in: from check-in opening until it closes. */
export function checkInOpen(c: RegistrationWindow, now: Date): boolean {
  return BEFORE_CHECK_IN_CLOSE.includes(c.status) && now >= c.checkInOpensAt && now < c.checkInClosesAt;
}

/** Check-in refused because its window is still ahead (not because it closed): the challenge is still before its close. */
export function checkInNotOpenYet(c: RegistrationWindow, now: Date): boolean {
  return BEFORE_CHECK_IN_CLOSE.includes(c.status) && now < c.checkInOpensAt;
}

/**
 * SPEC 3.1 capacity: a player entering the line is registered while fewer than `capacity` are,
 * waitlisted after. Registration and a penalty's undo (a withdrawn registration given back) both
 * place by it.
 */
export function entryStatus(registered: number, capacity: number): 'registered' | 'waitlisted' {
  return registered < capacity ? 'registered' : 'waitlisted';
}

/**
 * How many waitlisted players a promotion seats: the places free under the capacity. When a
 * registered player withdraws (themselves or by a penalty) the waitlist fills the places free, in
 * waitlist order; at check-in close, `taken` counts the registered players who checked in, so the
 * places of no-shows go to checked-in waitlisted players.
 */
export function placesFree(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

/**
 * A penalty's withdrawal of a registered player frees a place for the waitlist while players can
 * still be promoted and check in: before check-in closes. At the close, the close itself seats the
 * checked-in waitlisted players in the places left.
 */
export function withdrawalPromotes(wasStatus: 'registered' | 'waitlisted', challenge: Pick<Challenge, 'status'>): boolean {
  return wasStatus === 'registered' && BEFORE_CHECK_IN_CLOSE.includes(challenge.status);
}

/** What decides where a registration withdrawn by a penalty goes when the penalty is lifted. */
export interface RestoreFacts {
  /** Its status when the penalty withdrew it. */
  wasStatus: 'registered' | 'waitlisted';
  /** Its place in the line (registration order). */
  position: number;
  /** Players registered now, and the challenge's capacity. */
  registered: number;
  capacity: number;
  /** The lowest position among players waitlisted now (null: nobody waits) and among all the challenge's registrations. */
  firstWaitlisted: number | null;
  firstPosition: number;
}

/**
 * Where a registration withdrawn by a lifted penalty goes back (docs/rules.md, "Lifted penalties
 * give registrations back"): registered if a place is free (the registration capacity rule);
 * otherwise waitlisted, never taking the place of a player promoted meanwhile. A player who held a
 * place goes to the head of the waitlist: their own position if it is still before everyone
 * waiting, else one before every registration of the challenge (positions are unique). A player
 * who was waitlisted gets their own place in the line back: everyone ahead of it was ahead before.
 */
export function restoredPlace(f: RestoreFacts): { status: 'registered' | 'waitlisted'; position: number } {
  if (entryStatus(f.registered, f.capacity) === 'registered') return { status: 'registered', position: f.position };
  if (f.wasStatus === 'waitlisted' || f.firstWaitlisted === null || f.position < f.firstWaitlisted) return { status: 'waitlisted', position: f.position };
  return { status: 'waitlisted', position: f.firstPosition - 1 };
}
