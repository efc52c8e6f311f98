import { countsForWelcomeGrant, welcomeGrantDue, welcomeGrantStatus, WELCOME_GRANT_GAMES } from './grant';

describe('the welcome grant needs a verified address and games against a real opponent (SPEC 7 Decision)', () => {
  const person = { person: true } as const;
  const computer = (level: 'easy' | 'medium' | 'hard') => ({ person: false, level }) as const;
  const played = { purpose: 'friendly' as const, person: true, finished: true, anyForfeit: false, opponents: [person] };

  it('a friendly or workout game a person played to its end against a person or a computer above easy counts', () => {
    expect(countsForWelcomeGrant(played)).toBe(true);
    expect(countsForWelcomeGrant({ ...played, purpose: 'workout' })).toBe(true);
    expect(countsForWelcomeGrant({ ...played, opponents: [computer('medium')] })).toBe(true);
    expect(countsForWelcomeGrant({ ...played, opponents: [computer('easy'), computer('hard')] })).toBe(true);
  });

  it('a game against easy computers alone does not (a script wins those at will)', () => {
    expect(countsForWelcomeGrant({ ...played, opponents: [computer('easy')] })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, opponents: [computer('easy'), computer('easy'), computer('easy')] })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, opponents: [] })).toBe(false);
  });

  it('a stake game, a computer seat, an unfinished game or a game anyone forfeited does not', () => {
    expect(countsForWelcomeGrant({ ...played, purpose: 'stake' })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, person: false })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, finished: false })).toBe(false);
    expect(countsForWelcomeGrant({ ...played, anyForfeit: true })).toBe(false);
  });

  it('is due once the games are played and the address verified, and never again once paid', () => {
    expect(welcomeGrantDue({ gamesCounted: 3, verified: true, granted: false })).toBe(true);
    expect(welcomeGrantDue({ gamesCounted: 3, verified: false, granted: false })).toBe(false);
    expect(welcomeGrantDue({ gamesCounted: 2, verified: true, granted: false })).toBe(false);
    expect(welcomeGrantDue({ gamesCounted: 9, verified: true, granted: true })).toBe(false);
  });

  it('the wallet says what is left — games, the address, or both — then that the grant was paid', () => {
    expect(WELCOME_GRANT_GAMES).toBe(3);
    expect(welcomeGrantStatus({ gamesCounted: 0, verified: true, granted: false })).toMatchObject({ status: 'held', gamesNeeded: 3, gamesCounted: 0, gamesLeft: 3, message: expect.stringContaining('Finish 3 more friendly games') });
    expect(welcomeGrantStatus({ gamesCounted: 2, verified: true, granted: false })).toMatchObject({ gamesLeft: 1, message: expect.stringContaining('Finish 1 more friendly game ') });
    expect(welcomeGrantStatus({ gamesCounted: 1, verified: false, granted: false }).message).toMatch(/^Finish 2 more .* and confirm your e-mail address to receive/);
    expect(welcomeGrantStatus({ gamesCounted: 3, verified: false, granted: false })).toMatchObject({ gamesLeft: 0, message: expect.stringMatching(/^Confirm your e-mail address to receive/) });
    expect(welcomeGrantStatus({ gamesCounted: 5, verified: true, granted: true })).toMatchObject({ status: 'granted', gamesCounted: 3, gamesLeft: 0 });
  });
});
