import { nextThings, type NextFacts, type RegistrationFacts, type RoundFacts } from './my-next.decisions';

const now = new Date('2027-01-02T17:00:00Z');
const challenge = (status: string, id = 'c1'): RegistrationFacts['challenge'] => ({
  challengeId: id,
  cityId: 'city',
  cityName: 'Miami',
  localDate: '2027-01-02',
  status,
  startsAt: new Date('2027-01-02T17:00:00Z'),
  checkInOpensAt: new Date('2027-01-02T16:00:00Z'),
  checkInClosesAt: new Date('2027-01-02T16:55:00Z'),
});
const reg = (status: string, rounds: RoundFacts[] = [], extra: Partial<RegistrationFacts> = {}): RegistrationFacts => ({ challenge: challenge(status), status: 'registered', checkedIn: true, disqualified: false, rounds, ...extra });
const facts = (registrations: RegistrationFacts[], extra: Partial<NextFacts> = {}): NextFacts => ({ userId: 'me', registrations, house: [], workoutsOwed: 0, ...extra });
const round1 = (mine: RoundFacts['mine'], byes: string[] = []): RoundFacts => ({ number: 1, status: 'finished', startsAt: now, hardStopAt: now, byes, mine });
const decided = (advanced: boolean): RoundFacts['mine'] => ({ tableId: 't', index: 0, seat: 0, status: 'finished', gameId: 'g', result: [{ userId: 'me', seat: 0, score: 100, place: advanced ? 1 : 3, advanced, forfeited: false }] });

describe("a player's next thing", () => {
  it('a player knocked out of a running challenge has nothing more to do in it', () => {
    expect(nextThings(facts([reg('running', [round1(decided(false))])]), now)).toEqual([]);
  });

  it('a disqualified player is not told of the next round', () => {
    expect(nextThings(facts([reg('running', [round1(decided(true))], { disqualified: true })]), now)).toEqual([]);
  });

  it('a player through to round 2 while round 1 still plays waits for a round with no time yet; once it is pending, its time', () => {
    expect(nextThings(facts([reg('running', [{ ...round1(decided(true)), status: 'running' }])]), now)).toEqual([expect.objectContaining({ kind: 'next-round', round: 2, at: null })]);
    const at = new Date('2027-01-02T17:32:00Z');
    const pending: RoundFacts = { number: 2, status: 'pending', startsAt: at, hardStopAt: null, byes: [], mine: null };
    expect(nextThings(facts([reg('running', [round1(decided(true)), pending])]), now)).toEqual([expect.objectContaining({ kind: 'next-round', round: 2, at })]);
  });

  it('a tiebreak draw at my table is still my table', () => {
    const mine = { ...decided(false)!, status: 'tiebreak', result: null };
    expect(nextThings(facts([reg('running', [{ ...round1(mine), status: 'running' }])]), now)[0]).toMatchObject({ kind: 'table', table: { tableId: 't', gameId: 'g' } });
  });

  it('the check-in window is [opens, closes): at the closing moment it is over', () => {
    const open = new Date('2027-01-02T16:30:00Z');
    expect(nextThings(facts([reg('check_in_open', [], { checkedIn: false })]), open)[0]).toMatchObject({ kind: 'check-in', waitlisted: false });
    expect(nextThings(facts([reg('check_in_open', [], { checkedIn: false })]), new Date('2027-01-02T16:55:00Z'))[0].kind).toBe('registered');
  });

  it('a waitlisted player is asked to check in while the window is open (a no-show\'s place may go to them); checked in, or once it closed, they wait on the waitlist', () => {
    const open = new Date('2027-01-02T16:30:00Z');
    const waitlisted = (checkedIn: boolean) => facts([reg('check_in_open', [], { checkedIn, status: 'waitlisted' })]);
    expect(nextThings(waitlisted(false), open)).toEqual([expect.objectContaining({ kind: 'check-in', waitlisted: true, checkedIn: false, at: new Date('2027-01-02T16:55:00Z') })]);
    expect(nextThings(waitlisted(true), open)).toEqual([expect.objectContaining({ kind: 'registered', waitlisted: true, checkedIn: true })]);
    expect(nextThings(waitlisted(false), new Date('2027-01-02T16:55:00Z'))).toEqual([expect.objectContaining({ kind: 'registered', waitlisted: true, checkedIn: false })]);
  });

  it('most urgent first: a table, then check-in, the next round, house games (one being played before one still filling), workouts, registrations', () => {
    const table = reg('running', [{ ...round1({ ...decided(false)!, status: 'playing', result: null }), status: 'running' }]);
    const checkIn = { ...reg('check_in_open', [], { checkedIn: false }), challenge: challenge('check_in_open', 'c2') };
    const later = { ...reg('registration_open'), challenge: { ...challenge('registration_open', 'c3'), startsAt: new Date('2027-01-09T17:00:00Z') } };
    const kinds = nextThings(facts([later, checkIn, table], { house: [{ tableId: 'h-open', status: 'open' }, { tableId: 'h-play', status: 'playing' }], workoutsOwed: 1 }), new Date('2027-01-02T16:30:00Z')).map((t) => t.houseTableId ?? t.kind);
    expect(kinds).toEqual(['table', 'check-in', 'h-play', 'h-open', 'workout', 'registered']);
  });
});
