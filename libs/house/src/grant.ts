/**
 * SPEC 7 / 8.2 (Decision, docs/rules.md "The welcome grant"): play-money grants follow the account,
 * not the request. A new account's welcome grant (10,000 DD and 100 soups) needs a verified e-mail
 * address; until e-mail verification exists the grant is held until the account has finished
 * WELCOME_GRANT_GAMES friendly or workout house games. Switching the condition later means changing
 * these two functions and where the grant is posted (WalletRepository.countGrantGame).
 */
export const WELCOME_GRANT_GAMES = 3;

export interface GrantGameFacts {
  purpose: 'friendly' | 'workout' | 'stake';
  /** the seat was a person (not a computer) */
  person: boolean;
  /** the game reached its end (someone reached the target) */
  finished: boolean;
  /** any seat forfeited (a forfeit by anyone: a game given up is not a game played) */
  anyForfeit: boolean;
}

/** Whether a finished house game counts toward its seat's held grant: a non-stake game a person played to its end, nobody forfeiting. */
export function countsForWelcomeGrant(g: GrantGameFacts): boolean {
  return g.purpose !== 'stake' && g.person && g.finished && !g.anyForfeit;
}

export interface WelcomeGrantStatus {
  status: 'held' | 'granted';
  gamesNeeded: number;
  gamesCounted: number;
  gamesLeft: number;
  /** what the player sees in their wallet */
  message: string;
}

/** What the wallet shows about the welcome grant. */
export function welcomeGrantStatus(gamesCounted: number, granted: boolean, needed = WELCOME_GRANT_GAMES): WelcomeGrantStatus {
  const left = granted ? 0 : Math.max(0, needed - gamesCounted);
  return {
    status: granted ? 'granted' : 'held',
    gamesNeeded: needed,
    gamesCounted: Math.min(gamesCounted, needed),
    gamesLeft: left,
    message: granted
      ? 'Your welcome grant of 10,000 DD and 100 soups has been paid.'
      : `Finish ${left} more friendly game${left === 1 ? '' : 's'} (a friendly or workout house table, played to the end) to receive your welcome grant of 10,000 DD and 100 soups.`,
  };
}
