import { countsForWelcomeGrant, welcomeGrantStatus, WELCOME_GRANT_GAMES } from './grant';

describe('the welcome grant is held until the account has played (SPEC 7 Decision)', () => {
  const played = { purpose: 'friendly' as const, person: true, finished: true, anyForfeit: false };

  it('a friendly or workout game a person played to its end counts', () => {
    expect(countsForWelcomeGrant(played)).toBe(true);
    expect(countsForWelcomeGrant({ ...played, purpose: 'workout' })).toBe(true);
  });

  it('a stake game, a computer seat, an unfinished game or a game anyone forfeited does not', () => {
    expect(countsForWelcomeGrant({ ...played, purpose: 'stake' })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, person: false })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, finished: false })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, anyForfeit: true })).toBe(false);
  });

  it('the wallet says how many games are left, then that the grant was paid', () => {
    expect(WELCOME_GRANT_GAMES).toBe(3);
    expect(welcomeGrantStatus(0, false)).toMatchObject({ status: 'held', gamesNeeded: 3, gamesCounted: 0, gamesLeft: 3, message: expect.stringContaining('Finish 3 more friendly games') });
    expect(welcomeGrantStatus(2, false)).toMatchObject({ gamesLeft: 1, message: expect.stringContaining('Finish 1 more friendly game ') });
    expect(welcomeGrantStatus(5, true)).toMatchObject({ status: 'granted', gamesCounted: 3, gamesLeft: 0 });
  });
});
