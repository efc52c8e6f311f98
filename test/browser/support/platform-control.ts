import type { BlunderedGame, ChallengeRequest, CreatedChallenge, CreatedSeason, CreatedUser, OpenChallengeRequest, SeasonRequest, UserRequest } from './control-types';

const control = `http://127.0.0.1:${process.env.BROWSER_CONTROL_PORT}`;
export const apiBase = `http://127.0.0.1:${process.env.BROWSER_API_PORT}`;

async function post<T>(route: string, body: unknown): Promise<T> {
  const res = await fetch(`${control}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const out = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`control ${route}: ${out.message}`);
  return out;
}

/** Drives the platform the way the e2e suites do (fixtures and bot players in the platform process). */
export const platform = {
  challenge: (req: ChallengeRequest) => post<CreatedChallenge>('/challenges', req),
  /** A city with a simulated season: weekly placements stored as the challenges' facts, standings computed by the API on first read. */
  season: (req: SeasonRequest) => post<CreatedSeason>('/season', req),
  /** Lets an existing player (a simulated season's) sign in: their e-mail and password. */
  password: (userId: string) => post<CreatedUser>('/password', { userId }),
  /** An account with these roles (besides competitor) that can sign in. */
  user: (req: UserRequest) => post<CreatedUser>('/users', req),
  /** A challenge in its check-in window with `bots` checked-in players; the journey's player registers in the browser. */
  openChallenge: (req: OpenChallengeRequest) => post<{ challengeId: string; players: string[] }>('/challenges/open', req),
  /** Pays the welcome grant of the account with this e-mail, as a settlement does once the account has earned it. */
  grant: (email: string) => post<{ posted: boolean }>('/grant', { email }),
  /** Runs the 12:00 job now. */
  start: (challengeId: string) => post<{ result: string }>('/start', { challengeId }),
  /** Bots play every other seat of the player's running game, in the background; `knock`: dealt again so that the player must knock within their first three turns. */
  bots: (userId: string, opts: { knock?: boolean } = {}) => post<{ gameId: string; tableId: string }>('/bots', { userId, ...opts }),
  /** The player's table reaches its hard stop tied for 2nd: the 6-4/5-5 draw opens. */
  tie: (userId: string) => post<{ tableId: string }>('/tie', { userId }),
  /** The player's running game dealt again and played to the end by the expert, the player's seat blundering once (always the same game). */
  blunder: (userId: string) => post<BlunderedGame>('/blunder', { userId }),
  /** Queues the post-game analysis of a finished game now (the worker's scan runs hourly on the journeys' platform). */
  review: (gameId: string) => post<{ queued: boolean }>('/review', { gameId }),
  /** Plays a table's game to the end (or only `moves` moves) as its seated players. */
  play: (tableId: string, moves?: number) => post<{ moves: number }>('/play', { tableId, moves }),
  /** The first mail to `to` with `subject` in its subject, as the platform's SMTP server received it (with its link's token). */
  mail: (to: string, subject: string) => post<{ subject: string; text: string; token: string | null; copies: number }>('/mail', { to, subject }),
  /** A push device of the platform's push service, subscribed for the holder of `accessToken`. */
  pushDevice: (accessToken: string) => post<{ device: string }>('/push-device', { accessToken }),
  /** The first push of `kind` the device decrypted. */
  push: (device: string, kind: string) => post<Record<string, unknown>>('/push', { device, kind }),
  /** Runs a challenge reminder now. */
  remind: (challengeId: string, kind: 'check_in_open' | 'check_in_closing' | 'registration_open') => post<{ notified: number }>('/remind', { challengeId, kind }),
  /** The public bracket, straight from the API. */
  /** Teardown of a journey that published rules (the platform is shared): every version and acceptance taken back. */
  withdrawRules: () => post<{ versions: number; acceptances: number }>('/rules/withdraw', {}),
  bracket: async (challengeId: string) => {
    const res = await fetch(`${apiBase}/api/challenges/${challengeId}/bracket`);
    return (await res.json()) as { rounds: { round: number; status: string; tables: { id: string; index: number; status: string; seats: { displayName: string; userId: string }[] }[] }[] };
  },
};
