import type { SeatResult } from '@dcs/common/live/live.contract';

/** What a player must do next, most urgent first (GET /api/me/next). */
export type NextKind = 'table' | 'check-in' | 'next-round' | 'house-game' | 'workout' | 'registered';

export interface NextChallengeRef {
  challengeId: string;
  cityId: string;
  cityName: string;
  localDate: string;
}

export interface NextThing {
  kind: NextKind;
  /** the moment the thing is about: the check-in closes, the next round is seated, play starts, the round's hard stop */
  at: Date | null;
  challenge: NextChallengeRef | null;
  table: { tableId: string; gameId: string | null; table: number; seat: number } | null;
  round: number | null;
  checkedIn: boolean | null;
  waitlisted: boolean | null;
  houseTableId: string | null;
  houseStatus: 'open' | 'playing' | null;
  count: number | null;
}

/** A registration of the player's that is not withdrawn, with its challenge's times and rounds (rounds only once it runs). */
export interface RegistrationFacts {
  challenge: NextChallengeRef & { status: string; startsAt: Date; checkInOpensAt: Date; checkInClosesAt: Date };
  status: 'registered' | 'waitlisted';
  checkedIn: boolean;
  disqualified: boolean;
  rounds: RoundFacts[];
}

export interface RoundFacts {
  number: number;
  status: 'pending' | 'running' | 'finished';
  startsAt: Date | null;
  hardStopAt: Date | null;
  byes: string[];
  /** the player's own table of this round, if they sit at one */
  mine: { tableId: string; index: number; seat: number; status: string; result: SeatResult[] | null; gameId: string | null } | null;
}

export interface NextFacts {
  userId: string;
  registrations: RegistrationFacts[];
  house: { tableId: string; status: 'open' | 'playing' }[];
  workoutsOwed: number;
}

const ORDER: Record<NextKind, number> = { table: 0, 'check-in': 1, 'next-round': 2, 'house-game': 3, workout: 4, registered: 5 };
const BEFORE_START = new Set(['scheduled', 'registration_open', 'check_in_open', 'check_in_closed']);

const blank = (kind: NextKind): NextThing => ({ kind, at: null, challenge: null, table: null, round: null, checkedIn: null, waitlisted: null, houseTableId: null, houseStatus: null, count: null });

/** A running challenge: my table being played, or the next round I am in; nothing once I am out. */
function inPlay(r: RegistrationFacts, userId: string): NextThing | null {
  if (r.disqualified) return null;
  const rounds = [...r.rounds].sort((a, b) => a.number - b.number);
  // My furthest round: the last one I sit in, or round 1's bye.
  let last: { round: RoundFacts; advanced: boolean } | null = null;
  for (const round of rounds) {
    if (round.mine) {
      const decided = round.mine.status === 'finished';
      if (!decided) {
        return { ...blank('table'), challenge: strip(r.challenge), at: round.hardStopAt, round: round.number, table: { tableId: round.mine.tableId, gameId: round.mine.gameId, table: round.mine.index, seat: round.mine.seat } };
      }
      last = { round, advanced: (round.mine.result ?? []).some((s) => s.userId === userId && s.advanced) };
    } else if (round.number === 1 && round.byes.includes(userId)) {
      last = { round, advanced: true };
    }
  }
  if (!last || !last.advanced) return null;
  const next = rounds.find((x) => x.number === last.round.number + 1);
  // Seated already (the next round runs and I am in it) was answered above; pending (the break) or not written yet (the round still plays).
  if (next && next.status !== 'pending') return null;
  return { ...blank('next-round'), challenge: strip(r.challenge), round: last.round.number + 1, at: next?.startsAt ?? null };
}

function strip(c: RegistrationFacts['challenge']): NextChallengeRef {
  return { challengeId: c.challengeId, cityId: c.cityId, cityName: c.cityName, localDate: c.localDate };
}

/**
 * Before the start: check in while the window is open, else the registration and its start time. A
 * waitlisted player is asked to check in too: at the close, the places of registered players who did
 * not check in go to checked-in waitlisted players in waitlist order (SPEC 3.1).
 */
function beforeStart(r: RegistrationFacts, now: Date): NextThing {
  const c = r.challenge;
  const windowOpen = c.checkInOpensAt <= now && now < c.checkInClosesAt;
  if (!r.checkedIn && windowOpen) return { ...blank('check-in'), challenge: strip(c), at: c.checkInClosesAt, checkedIn: false, waitlisted: r.status === 'waitlisted' };
  return { ...blank('registered'), challenge: strip(c), at: c.startsAt, checkedIn: r.checkedIn, waitlisted: r.status === 'waitlisted' };
}

/**
 * Everything the player has to do or wait for, most urgent first: a table being played, a check-in
 * window open, the next round after the break, an unfinished house game, workouts owed, a challenge
 * registered for. Empty when there is nothing.
 */
export function nextThings(facts: NextFacts, now: Date): NextThing[] {
  const out: NextThing[] = [];
  for (const r of facts.registrations) {
    if (r.challenge.status === 'running') {
      const t = inPlay(r, facts.userId);
      if (t) out.push(t);
    } else if (BEFORE_START.has(r.challenge.status)) {
      out.push(beforeStart(r, now));
    }
  }
  for (const h of facts.house) out.push({ ...blank('house-game'), houseTableId: h.tableId, houseStatus: h.status });
  if (facts.workoutsOwed > 0) out.push({ ...blank('workout'), count: facts.workoutsOwed });
  // Most urgent kind first; within a kind, the soonest moment first (an open house table after a playing one).
  const when = (t: NextThing) => (t.at ? t.at.getTime() : Number.MAX_SAFE_INTEGER) + (t.houseStatus === 'open' ? 1 : 0);
  return out.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || when(a) - when(b));
}
