import type { ChallengeStatus, RegistrationStatus, RoundStatus } from '@dcs/db';
import { everyonePicked, type GameState, type TiebreakState } from '@dcs/engine';
import type { PlayerAward, PlayerExit, PrizeSplit } from '@dcs/ranking';
import { finalPlaceOf, outOfPlayAhead, type TableOutcome } from './table-outcome';
import type { SeatResult } from './challenge-rows';

/**
 * The challenge flow's decisions as pure functions (no Nest, no Prisma, no clock: time comes in as
 * an argument): who is seated at 12:00 or why the challenge is cancelled, the seeding order, when a
 * timer fired early and must wait, a table's results, what follows a decided table (the next round
 * after the break, or completion), each player's exit and placement, and whether a tiebreak pick or
 * a director's correction is taken. Which draw opens and who advances are table-outcome.ts's.
 * ChallengeFlowService asks these under its locks; challenge.decisions.spec.ts pins every one.
 */

// ------------------------------------------------------------------ start

export interface Entrant {
  userId: string;
  status: RegistrationStatus;
  checkedInAt: Date | null;
}

export type StartDecision = { kind: 'cancel'; checkedIn: number } | { kind: 'seat'; players: string[] };

/**
 * 12:00 (SPEC 3.1, 3.2): checked-in registered players hold their places; checked-in waitlisted
 * players take the places left, in line order (the entrants come in line order), up to the capacity.
 * Fewer than the minimum seated: the challenge is cancelled.
 */
export function startDecision(entrants: readonly Entrant[], capacity: number, minPlayers: number): StartDecision {
  const checkedIn = entrants.filter((r) => r.checkedInAt !== null);
  const players = [...checkedIn.filter((r) => r.status === 'registered'), ...checkedIn.filter((r) => r.status === 'waitlisted')].slice(0, capacity).map((r) => r.userId);
  return players.length < minPlayers ? { kind: 'cancel', checkedIn: players.length } : { kind: 'seat', players };
}

/**
 * The seeding order: by season rank (players not ranked after every ranked one), then by the
 * recorded random draw (`drawn`: the players shuffled by the seeding draw's seed).
 */
export function seedingOrder(players: readonly string[], rankOf: ReadonlyMap<string, number>, drawn: readonly string[]): string[] {
  const rankInDraw = new Map(drawn.map((id, i) => [id, i]));
  const ranked = (id: string) => rankOf.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...players].sort((a, b) => ranked(a) - ranked(b) || rankInDraw.get(a)! - rankInDraw.get(b)!);
}

// ------------------------------------------------------------------ timers

/** A timer that fired before its time (clock skew, an early retry) waits for it: the step is queued again at `dueAt`. */
export function firedEarly(dueAt: Date | null, now: Date): boolean {
  return dueAt !== null && dueAt.getTime() > now.getTime();
}

/** A round's hard stop: `roundSeconds` after it starts. */
export function hardStopAt(startsAt: Date, roundSeconds: number): Date {
  return new Date(startsAt.getTime() + roundSeconds * 1000);
}

// ------------------------------------------------------------------ tables and rounds

/** A decided table's results, in its final order: score, place (a final's 1, 2, 3, 3), who advances, who forfeited. */
export function seatResults(outcome: TableOutcome & { kind: 'decided' }, userOf: ReadonlyMap<number, string>, state: Pick<GameState, 'scores' | 'forfeited'>, final: boolean): SeatResult[] {
  return outcome.order.map((seat, i) => ({
    userId: userOf.get(seat)!,
    seat,
    score: state.scores[seat],
    place: final ? finalPlaceOf(i) : i + 1,
    advanced: outcome.advanced.includes(seat),
    forfeited: state.forfeited[seat],
  }));
}

export type RoundEnd = { kind: 'complete' } | { kind: 'next-round'; startsAt: Date };

/**
 * A round's last table is decided (its draws closed): a final completes the challenge, any other
 * round's next one starts after the challenge's break (`breakSeconds`, SPEC 3.4's 2 minutes by
 * default; 0 seats it at once). A negative break counts as none.
 */
export function roundEnd(final: boolean, now: Date, breakSeconds: number): RoundEnd {
  return final ? { kind: 'complete' } : { kind: 'next-round', startsAt: new Date(now.getTime() + Math.max(0, breakSeconds) * 1000) };
}

/** The next round is due now (no break, or the break is over): it is seated at once, not by its queued job. */
export function seatNow(startsAt: Date, now: Date): boolean {
  return !firedEarly(startsAt, now);
}

/** Who advances from the previous round's tables (each table's advancers, in table order). */
export function advancersOf(tables: readonly { result: SeatResult[] }[]): string[][] {
  return tables.map((t) => t.result.filter((r) => r.advanced).map((r) => r.userId));
}

// ------------------------------------------------------------------ results

/** Every player's exit from the bracket: the round they left in, or their final place. */
export function exitsOf(rounds: readonly { number: number; tables: readonly { result: SeatResult[] }[] }[], totalRounds: number): PlayerExit[] {
  const exits: PlayerExit[] = [];
  for (const round of rounds) {
    for (const table of round.tables) {
      table.result.forEach((r, i) => {
        if (round.number === totalRounds) exits.push({ playerId: r.userId, round: totalRounds, finalPlace: finalPlaceOf(i) });
        else if (!r.advanced) exits.push({ playerId: r.userId, round: round.number });
      });
    }
  }
  return exits;
}

export interface PlacementRow {
  userId: string;
  placement: PlayerAward['placement'];
  rankingPoints: number;
  prizeCents: number;
  disqualified: boolean;
}

/** The placements written at the end: a disqualified player keeps the place but earns no points and no prize. */
export function placementsOf(awards: readonly PlayerAward[], disqualified: ReadonlySet<string>): PlacementRow[] {
  return awards.map((a) => {
    const dq = disqualified.has(a.playerId);
    return { userId: a.playerId, placement: a.placement, rankingPoints: dq ? 0 : a.points, prizeCents: dq ? 0 : a.prizeCents, disqualified: dq };
  });
}

/** The challenge's own prize split when it has a valid one, else the default. */
export function isPrizeSplit(v: unknown): v is PrizeSplit {
  const s = v as Partial<PrizeSplit> | null;
  return !!s && typeof s.first === 'number' && typeof s.second === 'number' && typeof s.thirdFourthEach === 'number';
}

// ------------------------------------------------------------------ tiebreaks

export type PickDecision = 'answer-again' | 'window-closed' | 'pick';

/**
 * A tied player's pick: the same pick again (a retry after a lost answer) is answered, not applied
 * twice; a pick after the draw is decided, after its window closed, or made in a window that has
 * since closed (`seenRound`, the draw's round when the pick arrived) is refused; otherwise it is
 * taken (the engine then checks the player and the position).
 */
export function pickDecision(
  draw: { state: TiebreakState; decided: boolean; closesAt: Date },
  pick: { userId: string; position: number; seenRound: number | null },
  now: Date,
): PickDecision {
  const s = draw.state;
  if (s.status === 'picking' && s.picks.some((p) => p.playerId === pick.userId && p.position === pick.position && !p.auto)) return 'answer-again';
  if (draw.decided || now.getTime() > draw.closesAt.getTime() || s.round !== pick.seenRound) return 'window-closed';
  return 'pick';
}

export type DrawCloseDecision = 'close' | 'wait';

/**
 * Whether a draw's current window closes now (SPEC 2): at the end of its 5 seconds, or as soon as
 * every tied player has picked a full hand (nothing is left to wait for). Otherwise the close
 * waits for the window's end. Asked under the draw's lock, so of the last pick's close and the
 * window's timer exactly one closes the window; the other finds it decided, or finds the next
 * window open with nothing picked, and waits.
 */
export function drawCloseDecision(draw: { state: TiebreakState; closesAt: Date }, now: Date): DrawCloseDecision {
  return !firedEarly(draw.closesAt, now) || everyonePicked(draw.state) ? 'close' : 'wait';
}

// ------------------------------------------------------------------ a director's correction

export type CorrectionRefusal = { code: 'CHALLENGE_CLOSED' } | { code: 'BAD_ORDER' } | { code: 'ROUND_SEATED' } | { code: 'PLAYER_DISQUALIFIED'; userId: string };

/**
 * Whether a director may give a table this order (SPEC 7), asked in this order under the
 * challenge's lock: not in a cancelled challenge; the order lists every player of the table exactly
 * once; the next round is not seated yet (`nextRound`: its status, null when there is none).
 */
export function correctionRefusal(c: { challengeStatus: ChallengeStatus; order: readonly string[]; players: readonly string[]; nextRound?: RoundStatus | null }): CorrectionRefusal | null {
  if (c.challengeStatus === 'cancelled') return { code: 'CHALLENGE_CLOSED' };
  const ids = [...c.players].sort();
  if (c.order.length !== ids.length || [...c.order].sort().join() !== ids.join()) return { code: 'BAD_ORDER' };
  if (c.nextRound != null && c.nextRound !== 'pending') return { code: 'ROUND_SEATED' };
  return null;
}

/** Then, with the table's game locked: players out of play (disqualified, forfeited) stay below every player still in play. */
export function outOfPlayRefusal(order: readonly string[], outOfPlay: ReadonlySet<string>): CorrectionRefusal | null {
  const ahead = outOfPlayAhead(order, outOfPlay);
  return ahead ? { code: 'PLAYER_DISQUALIFIED', userId: ahead } : null;
}

/** The corrected results: the director's order; the top two advance from a non-final table. */
export function correctedResults(order: readonly string[], seatOf: ReadonlyMap<string, number>, state: Pick<GameState, 'scores' | 'forfeited'> | null, final: boolean): SeatResult[] {
  return order.map((userId, i) => {
    const seat = seatOf.get(userId)!;
    return { userId, seat, score: state?.scores[seat] ?? 0, place: final ? finalPlaceOf(i) : i + 1, advanced: !final && i < 2, forfeited: state?.forfeited[seat] ?? false };
  });
}
