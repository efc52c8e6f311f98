import { appealDeadlines, businessDayStart, clearToPlay, ladderStep, parseHolidays, restoredPlace } from './integrity.rules';

describe('the penalty ladder (SPEC 5)', () => {
  it('a first minor is a warning with a 1-week suspension, a second a 1-month suspension with rank reset', () => {
    expect(ladderStep('minor', [])).toEqual({ step: 'minor_1', escalated: false });
    expect(ladderStep('minor', ['minor_1'])).toEqual({ step: 'minor_2', escalated: false });
  });
  it('a third minor counts as a major, and a second major as confirmed cheating', () => {
    expect(ladderStep('minor', ['minor_1', 'minor_2'])).toEqual({ step: 'major', escalated: true });
    expect(ladderStep('major', ['major'])).toEqual({ step: 'permanent_ban', escalated: true });
    expect(ladderStep('minor', ['minor_1', 'minor_2', 'major'])).toEqual({ step: 'permanent_ban', escalated: true });
  });
  it('confirmed cheating is a permanent ban at once; no violation has no penalty; overturned penalties do not count', () => {
    expect(ladderStep('confirmed_cheating', [])).toEqual({ step: 'permanent_ban', escalated: false });
    expect(ladderStep('no_violation', ['major'])).toEqual({ step: 'none', escalated: false });
    expect(ladderStep('minor', ['none'])).toEqual({ step: 'minor_1', escalated: false });
  });
});

describe('appeal deadlines in business days', () => {
  const none = new Set<string>();
  it('counts 14 business days after the filing day, skipping weekends', () => {
    // Filed Monday 2027-01-04: business days 5..8, 11..15, 18..22 → the 14th is Friday 2027-01-22.
    const { dueAt, remindAt } = appealDeadlines(new Date('2027-01-04T15:00:00Z'), none, 2);
    expect(dueAt.toISOString()).toBe('2027-01-23T00:00:00.000Z');
    expect(remindAt.toISOString()).toBe('2027-01-20T00:00:00.000Z');
  });
  it('skips configured holidays and does not count a filing on a Saturday', () => {
    const holidays = parseHolidays('2027-01-18,2027-01-19');
    expect(businessDayStart(new Date('2027-01-02T10:00:00Z'), 1, none).toISOString()).toBe('2027-01-04T00:00:00.000Z');
    const { dueAt } = appealDeadlines(new Date('2027-01-04T15:00:00Z'), holidays, 2);
    expect(dueAt.toISOString()).toBe('2027-01-27T00:00:00.000Z');
  });
});

describe('a lifted penalty gives back the registrations it withdrew', () => {
  const closes = new Date('2027-01-09T16:55:00Z');
  it('only to a player clear to play: not banned, any suspension over by the close of check-in', () => {
    expect(clearToPlay({ status: 'active', suspendedUntil: null }, closes)).toBe(true);
    expect(clearToPlay({ status: 'suspended', suspendedUntil: closes }, closes)).toBe(true);
    // Still suspended when check-in closes: the close would withdraw them again, so nothing comes back.
    expect(clearToPlay({ status: 'suspended', suspendedUntil: new Date(closes.getTime() + 1) }, closes)).toBe(false);
    expect(clearToPlay({ status: 'suspended', suspendedUntil: null }, closes)).toBe(false);
    expect(clearToPlay({ status: 'banned', suspendedUntil: null }, closes)).toBe(false);
  });
  it('registered again while a place is free', () => {
    expect(restoredPlace({ wasStatus: 'registered', position: 3, registered: 1, capacity: 2, firstWaitlisted: null, firstPosition: 1 })).toEqual({ status: 'registered', position: 3 });
    expect(restoredPlace({ wasStatus: 'waitlisted', position: 9, registered: 1, capacity: 2, firstWaitlisted: 5, firstPosition: 1 })).toEqual({ status: 'registered', position: 9 });
  });
  it('a player whose place went to the waitlist meanwhile comes back first on the waitlist, never bumping anyone', () => {
    // Own position still before everyone waiting: kept.
    expect(restoredPlace({ wasStatus: 'registered', position: 1, registered: 2, capacity: 2, firstWaitlisted: 4, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 1 });
    // Own position after someone waiting (they were promoted from the waitlist themselves): before every registration.
    expect(restoredPlace({ wasStatus: 'registered', position: 6, registered: 2, capacity: 2, firstWaitlisted: 4, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 0 });
    expect(restoredPlace({ wasStatus: 'registered', position: 6, registered: 2, capacity: 2, firstWaitlisted: null, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 6 });
  });
  it('a player who was waitlisted gets their own place in the line back, not the head', () => {
    expect(restoredPlace({ wasStatus: 'waitlisted', position: 7, registered: 2, capacity: 2, firstWaitlisted: 4, firstPosition: 1 })).toEqual({ status: 'waitlisted', position: 7 });
  });
});
