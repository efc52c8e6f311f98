import { reminderStillApplies } from './reminder.messages';
import type { ReminderFacts } from './deliveries.repository';

const now = new Date('2027-01-02T11:00:00Z');
const facts = (registration: ReminderFacts['registration'], over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  status: 'check_in_open',
  checkInOpensAt: new Date('2027-01-02T10:00:00Z'),
  checkInClosesAt: new Date('2027-01-02T11:45:00Z'),
  registration,
  ...over,
});
const registered = { status: 'registered', checkedIn: false, disqualified: false };

describe('a reminder re-checked when it is sent', () => {
  it('a check-in reminder is sent to a registered player still not checked in while check-in is open', () => {
    expect(reminderStillApplies('reminder.check_in_open', facts(registered), now)).toBe(true);
    expect(reminderStillApplies('reminder.check_in_closing', facts(registered), now)).toBe(true);
  });

  it('is not sent once the player checked in, withdrew, was disqualified, or check-in closed', () => {
    for (const kind of ['reminder.check_in_open', 'reminder.check_in_closing']) {
      expect(reminderStillApplies(kind, facts({ ...registered, checkedIn: true }), now)).toBe(false);
      expect(reminderStillApplies(kind, facts({ ...registered, status: 'withdrawn' }), now)).toBe(false);
      expect(reminderStillApplies(kind, facts({ ...registered, disqualified: true }), now)).toBe(false);
      expect(reminderStillApplies(kind, facts(null), now)).toBe(false);
      expect(reminderStillApplies(kind, facts(registered, { checkInClosesAt: now }), now)).toBe(false);
    }
  });

  it('a registration reminder is not sent to a player who registered meanwhile, nor after registration gave way to check-in', () => {
    expect(reminderStillApplies('reminder.registration_open', facts(null, { checkInOpensAt: new Date('2027-01-02T12:00:00Z') }), now)).toBe(true);
    expect(reminderStillApplies('reminder.registration_open', facts(registered, { checkInOpensAt: new Date('2027-01-02T12:00:00Z') }), now)).toBe(false);
    expect(reminderStillApplies('reminder.registration_open', facts(null), now)).toBe(false);
  });

  it('no reminder of a cancelled or deleted challenge is sent; other notices are never held back', () => {
    expect(reminderStillApplies('reminder.check_in_open', facts(registered, { status: 'cancelled' }), now)).toBe(false);
    expect(reminderStillApplies('reminder.check_in_open', null, now)).toBe(false);
    expect(reminderStillApplies('reminder.next_round', null, now)).toBe(true);
    expect(reminderStillApplies('integrity.appeal_decided', null, now)).toBe(true);
  });
});
