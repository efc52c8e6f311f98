import type { Challenge, ChallengeStatus } from '@dcs/db';

/**
 * When players may register, withdraw and check in (SPEC 3.1). The times on the challenge
 * row decide, not only its status: if the worker is late opening registration, the window
 * still opens on time. A challenge whose check-in has closed (or that started, completed or
 * was cancelled) is closed whatever the clock says, so nothing changes after the worker
 * has decided who is seated. The callers evaluate these under the challenge's row lock.
 */
type Window = Pick<Challenge, 'status' | 'registrationOpensAt' | 'checkInOpensAt' | 'checkInClosesAt'>;

const BEFORE_CLOSE: readonly ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open'];

/** Registration and withdrawal: from registration opening until check-in closes. */
export function registrationOpen(c: Window, now: Date): boolean {
  return BEFORE_CLOSE.includes(c.status) && now >= c.registrationOpensAt && now < c.checkInClosesAt;
}

/**
 * SPEC 3.1 capacity: a player entering the line is registered while fewer than `capacity` are,
 * waitlisted after. Registration and a penalty's undo (a withdrawn registration given back) both
 * place by it.
 */
export function entryStatus(registered: number, capacity: number): 'registered' | 'waitlisted' {
  return registered < capacity ? 'registered' : 'waitlisted';
}

/** Check-in: from check-in opening until it closes. */
export function checkInOpen(c: Window, now: Date): boolean {
  return BEFORE_CLOSE.includes(c.status) && now >= c.checkInOpensAt && now < c.checkInClosesAt;
}

/** Check-in refused because its window is still ahead (not because it closed): the challenge is still before its close. */
export function checkInNotOpenYet(c: Window, now: Date): boolean {
  return BEFORE_CLOSE.includes(c.status) && now < c.checkInOpensAt;
}
