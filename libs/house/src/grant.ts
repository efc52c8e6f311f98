import type { BotLevel } from './tables';

/**
 * SPEC 7 / 8.2 (Decision, docs/rules.md "The welcome grant"): play-money grants follow the account,
 * not the request. A new account's welcome grant (10,000 DD and 100 soups) needs a verified e-mail
 * address and WELCOME_GRANT_GAMES finished friendly or workout house games against a real opponent (a
 * person on the other side, or a computer above easy): it is paid once both hold, by whichever comes
 * last — the settlement of the game that completes the count, or the verification of the address.
 */
export const WELCOME_GRANT_GAMES = 3;

/** A seat on the other side of the table from the one whose game is judged: a person, or a computer of its level. */
export type GrantOpponent = { person: true } | { person: false; level: BotLevel };

export interface GrantGameFacts {
  purpose: 'friendly' | 'workout' | 'stake';
  /** the seat was a person (not a computer) */
  person: boolean;
  /** the game reached its end (someone reached the target) */
  finished: boolean;
  /** any seat forfeited (a forfeit by anyone: a game given up is not a game played) */
  anyForfeit: boolean;
  /** the seats on the other side (every other seat cut-throat; the other team at a partners table) */
  opponents: readonly GrantOpponent[];
}

/**
 * Whether a finished house game counts toward its seat's held grant: a non-stake game a person played to
 * its end, nobody forfeiting, against a person or a computer above easy (a script beats easy computers at will).
 */
export function countsForWelcomeGrant(g: GrantGameFacts): boolean {
  const realOpponent = g.opponents.some((o) => o.person || o.level !== 'easy');
  return g.purpose !== 'stake' && g.person && g.finished && !g.anyForfeit && realOpponent;
}

/** What decides whether the welcome grant is due now. */
export interface GrantFacts {
  gamesCounted: number;
  /** the account's current address is verified */
  verified: boolean;
  /** already paid (it is paid once per account) */
  granted: boolean;
}

/** The grant is due when the games are played and the address verified, and it was not paid before. */
export function welcomeGrantDue(f: GrantFacts, needed = WELCOME_GRANT_GAMES): boolean {
  return !f.granted && f.verified && f.gamesCounted >= needed;
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
export function welcomeGrantStatus(f: GrantFacts, needed = WELCOME_GRANT_GAMES): WelcomeGrantStatus {
  const left = f.granted ? 0 : Math.max(0, needed - f.gamesCounted);
  const games = `finish ${left} more friendly game${left === 1 ? '' : 's'} (a friendly or workout house table against a person or a computer above easy, played to the end)`;
  const todo = [left > 0 ? games : null, f.verified ? null : 'confirm your e-mail address'].filter(Boolean).join(' and ');
  return {
    status: f.granted ? 'granted' : 'held',
    gamesNeeded: needed,
    gamesCounted: Math.min(f.gamesCounted, needed),
    gamesLeft: left,
    message: f.granted
      ? 'Your welcome grant of 10,000 DD and 100 soups has been paid.'
      : todo
        ? `${todo.charAt(0).toUpperCase()}${todo.slice(1)} to receive your welcome grant of 10,000 DD and 100 soups.`
        : 'Your welcome grant of 10,000 DD and 100 soups is on its way.',
  };
}
