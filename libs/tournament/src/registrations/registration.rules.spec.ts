import type { ChallengeStatus } from '@dcs/db';
import { checkInNotOpenYet, checkInOpen, entryStatus, mayTakePart, placesFree, registrationNotOpenYet, registrationOpen, restoredPlace, withdrawalPromotes } from './registration.rules';

const at = (iso: string) => new Date(`2027-01-09T${iso}:00.000Z`);
const window = (status: ChallengeStatus) => ({ status, registrationOpensAt: at('08:00'), checkInOpensAt: at('10:00'), checkInClosesAt: at('11:45') });

describe('may take part (SPEC 3.1)', () => {
  it('an active player may; a banned player never may', () => {
    expect(mayTakePart({ status: 'active', suspendedUntil: null }, at('09:00'))).toBe(true);
    expect(mayTakePart({ status: 'banned', suspendedUntil: null }, at('09:00'))).toBe(false);
  });

  it('a suspended player may once the suspension is over at that instant, and not before', () => {
    expect(mayTakePart({ status: 'suspended', suspendedUntil: at('09:00') }, at('09:00'))).toBe(true);
    expect(mayTakePart({ status: 'suspended', suspendedUntil: at('09:01') }, at('09:00'))).toBe(false);
  });

  it('a suspension without an end never lets the player take part', () => {
    expect(mayTakePart({ status: 'suspended', suspendedUntil: null }, at('23:59'))).toBe(false);
  });
});

describe('registration and check-in windows', () => {
  it('registration is open from its opening until check-in closes, before the close only', () => {
    expect(registrationOpen(window('registration_open'), at('07:59'))).toBe(false);
    expect(registrationOpen(window('registration_open'), at('08:00'))).toBe(true);
    expect(registrationOpen(window('check_in_open'), at('11:44'))).toBe(true);
    expect(registrationOpen(window('check_in_open'), at('11:45'))).toBe(false);
    // the worker late opening registration: the times decide
    expect(registrationOpen(window('scheduled'), at('09:00'))).toBe(true);
    // check-in closed by the worker: closed whatever the clock says
    expect(registrationOpen(window('check_in_closed'), at('09:00'))).toBe(false);
    expect(registrationOpen(window('cancelled'), at('09:00'))).toBe(false);
  });

  it('registration not open yet only before its opening and before the close', () => {
    expect(registrationNotOpenYet(window('scheduled'), at('07:00'))).toBe(true);
    expect(registrationNotOpenYet(window('scheduled'), at('08:00'))).toBe(false);
    expect(registrationNotOpenYet(window('cancelled'), at('07:00'))).toBe(false);
  });

  it('check-in is open from its opening until it closes', () => {
    expect(checkInOpen(window('check_in_open'), at('09:59'))).toBe(false);
    expect(checkInOpen(window('check_in_open'), at('10:00'))).toBe(true);
    expect(checkInOpen(window('check_in_open'), at('11:45'))).toBe(false);
    expect(checkInOpen(window('check_in_closed'), at('10:30'))).toBe(false);
    expect(checkInNotOpenYet(window('registration_open'), at('09:00'))).toBe(true);
    expect(checkInNotOpenYet(window('check_in_closed'), at('09:00'))).toBe(false);
  });
});

describe('capacity and the waitlist', () => {
  it('an entrant is registered while fewer than the capacity are, waitlisted after', () => {
    expect(entryStatus(15, 16)).toBe('registered');
    expect(entryStatus(16, 16)).toBe('waitlisted');
  });

  it('a promotion fills the places free, never fewer than none', () => {
    expect(placesFree(16, 15)).toBe(1);
    expect(placesFree(16, 12)).toBe(4);
    expect(placesFree(16, 16)).toBe(0);
    expect(placesFree(16, 17)).toBe(0);
  });

  it("a penalty's withdrawal of a registered player promotes the waitlist until check-in closes", () => {
    expect(withdrawalPromotes('registered', { status: 'scheduled' })).toBe(true);
    expect(withdrawalPromotes('registered', { status: 'registration_open' })).toBe(true);
    expect(withdrawalPromotes('registered', { status: 'check_in_open' })).toBe(true);
    expect(withdrawalPromotes('registered', { status: 'check_in_closed' })).toBe(false);
    expect(withdrawalPromotes('waitlisted', { status: 'registration_open' })).toBe(false);
  });

  it('a registration given back takes a free place, else the head of the waitlist, bumping nobody', () => {
    expect(restoredPlace({ wasStatus: 'registered', position: 3, registered: 1, capacity: 2, firstWaitlisted: null, firstPosition: 1 })).toEqual({ status: 'registered', position: 3 });
    expect(restoredPlace({ wasStatus: 'registered', position: 6, registered: 2, capacity: 2, firstWaitlisted: 4, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 0 });
    expect(restoredPlace({ wasStatus: 'waitlisted', position: 9, registered: 2, capacity: 2, firstWaitlisted: 5, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 9 });
  });
});
