/** Run-outs and what they cost (SPEC 8.4, 8.6). Pure. */
import { nextUint32, seedRng } from '@dcs/engine';
import { isCitizensTable, type BotLevel, type HouseRuleset, type Purpose, type WorkoutKind } from './tables';

export type RunOutPenalty = 'ticket' | 'dumbbell';

/** A ticket at Citizen tables and on a canteen bet; a dumbbell at Mook Camp Fitness and every other table inside. */
export function runOutPenalty(ruleset: HouseRuleset, purpose: Purpose): RunOutPenalty {
  if (ruleset === 'citizen') return 'ticket';
  if (ruleset === 'inmate' && purpose === 'stake') return 'ticket';
  return 'dumbbell';
}

/** A citizen's tickets are Community Service, a prisoner's Hard Time. */
export const penaltyFamily = (ruleset: HouseRuleset) => (isCitizensTable(ruleset) ? 'community-service' : 'hard-time');

/** Five dumbbells in one turn forfeit the game. */
export const DUMBBELLS_TO_FORFEIT = 5;
/** An open ticket is served 7 days after it was written; a felony stays on file 30 days. */
export const TICKET_DAYS = 7;
export const FELONY_DAYS = 30;
const DAY_MS = 86_400_000;
export const ticketServedAt = (writtenAt: Date) => new Date(writtenAt.getTime() + TICKET_DAYS * DAY_MS);
export const felonyClearedAt = (bookedAt: Date) => new Date(bookedAt.getTime() + FELONY_DAYS * DAY_MS);

/** Tournament run-outs (SPEC 8.4): 1,000 DD each; the 5th in one game books a Class F felony of 20,000 DD. */
export const TOURNAMENT_TICKET_FINE = 1_000;
export const FELONY_FINE = 20_000;
export const TOURNAMENT_RUNOUTS_FOR_FELONY = 5;

/** Each dumbbell adds 5 reps, 30 seconds of a timed workout or half a mile of a run (miles in tenths here: 5). */
export const WORKOUT_PER_DUMBBELL: Readonly<Record<WorkoutKind, number>> = { reps: 5, timed: 30, run: 5 };
/** The unit of a workout's amount: reps, seconds, tenths of a mile. */
export const WORKOUT_UNIT: Readonly<Record<WorkoutKind, string>> = { reps: 'reps', timed: 'seconds', run: 'tenths of a mile' };

/** What a seat owes after the game: only a loser with dumbbells owes a workout. */
export function workoutOwed(kind: WorkoutKind, dumbbells: number, lost: boolean): number {
  return lost && dumbbells > 0 ? dumbbells * WORKOUT_PER_DUMBBELL[kind] : 0;
}

/** How much of a fine the balance covers, and what is owed (SPEC 8.2 Decision). */
export function splitFine(fine: number, balance: number): { paid: number; owed: number } {
  const paid = Math.max(0, Math.min(fine, balance));
  return { paid, owed: fine - paid };
}

/** Winnings first pay the debt: how much of `credit` goes to it. */
export const debtPayment = (credit: number, owed: number) => Math.max(0, Math.min(credit, owed));

/** Computer run-out rates per turn (SPEC 8.6): 2 % easy, 1 % medium, 0.5 % hard. */
export const BOT_RUN_OUT_RATE: Readonly<Record<BotLevel, number>> = { easy: 0.02, medium: 0.01, hard: 0.005 };

/**
 * A computer seat's turn: `u1`, `u2` uniform in [0, 1) from its seeded generator. It runs out on its
 * level's rate; otherwise it thinks 10 %-40 % of its clock (never less than `minMs`).
 */
export function botTurn(level: BotLevel, clockMs: number, u1: number, u2: number, minMs = 200): { runOut: boolean; thinkMs: number } {
  if (u1 < BOT_RUN_OUT_RATE[level]) return { runOut: true, thinkMs: clockMs };
  return { runOut: false, thinkMs: Math.max(minMs, Math.round(clockMs * (0.1 + 0.3 * u2))) };
}

/**
 * A computer seat's seeded draw for one turn and attempt (SPEC 8.6): the same table seed, game,
 * version and attempt (run-outs so far on that version) always draw the same. Whether it runs out is
 * this draw alone, never how late the worker is: the turn clock records a computer's run-out only
 * when this says so, and otherwise the computer plays, however late (docs/rules.md).
 */
export function botTurnDraw(botSeed: string, gameId: string, version: number, attempt: number, level: BotLevel, clockMs: number): { runOut: boolean; thinkMs: number } {
  const rng = seedRng(`${botSeed}/${gameId}/${version}/${attempt}`);
  return botTurn(level, clockMs, nextUint32(rng) / 2 ** 32, nextUint32(rng) / 2 ** 32);
}

/**
 * The run-outs a computer seat's generator decides for the turns it played: on each turn (the
 * version it moved on) attempts 0, 1, … run out while the draw says so; the first that does not is
 * the move. What the file must hold for the game, whatever the load (the e2e test and bench:house).
 */
export function seededRunOuts(botSeed: string, gameId: string, turns: readonly { version: number; level: BotLevel }[]): { version: number; attempt: number }[] {
  const out: { version: number; attempt: number }[] = [];
  for (const t of turns) {
    // The run-out rate is at most 2 %: 64 run-outs in a row never happen; the bound keeps the loop finite.
    for (let attempt = 0; attempt < 64 && botTurnDraw(botSeed, gameId, t.version, attempt, t.level, 20_000).runOut; attempt++) out.push({ version: t.version, attempt });
  }
  return out;
}

/**
 * How long a computer seat waits before it plays (Decision, docs/rules.md): its seeded think time
 * scaled by the pace (per mille) only where a person sits at the table and watches; a table of
 * computers alone plays at once, so the worker plays its consecutive turns in one go.
 */
export const botWaitMs = (thinkMs: number, pacePermille: number, peopleSeated: number): number => (peopleSeated > 0 ? Math.round((thinkMs * pacePermille) / 1000) : 0);
