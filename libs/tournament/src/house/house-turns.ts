import { Injectable } from '@nestjs/common';
import type { BotLevel, Game, HouseSeat } from '@dcs/db';
import { currentHand, type GameState } from '@dcs/engine';
import { AppConfig, type Tx } from '@dcs/common';
import { botTurnDraw, botWaitMs } from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { HouseRepository } from './house.repository';
import { handStartGraceMs } from '../games/hand-end-grace';

/** The turns at a house table (SPEC 8.3, 8.6): each seat's clock, a computer seat's seeded plan (its think time, or a run-out), and queuing its play after a move. An act of HouseService. */
@Injectable()
export class HouseTurns {
  constructor(
    private readonly repo: HouseRepository,
    private readonly queue: EffectsQueue,
    private readonly config: AppConfig,
  ) {}

  /**
   * The clock of the seat on turn and, for a computer seat, its play after its wait (botPlan) —
   * unless the seed says it runs out its clock this time (SPEC 8.6): then only the clock job comes.
   */
  turnEffects(t: { botSeed: string }, seats: HouseSeat[], gameId: string, state: GameState, attempt: number, from: Date): Effect[] {
    const plan = this.botPlan(t, seats, gameId, state, attempt);
    if (!plan) return [];
    const out: Effect[] = [];
    const grace = this.graceMs(seats, state, attempt);
    if (plan.clockMs !== null) out.push({ kind: 'turn-clock', gameId, version: state.version, attempt, at: new Date(from.getTime() + grace + plan.clockMs) });
    if (plan.waitMs !== null) out.push({ kind: 'house-bot', gameId, version: state.version, attempt, at: new Date(Date.now() + grace + plan.waitMs) });
    return out;
  }

  /**
   * The seat on turn's clock and, for a computer seat, how long it waits before it plays (null: it
   * runs out its clock this time, drawn from its seeded generator). The wait is its think time
   * scaled by HOUSE_BOT_THINK_PERMILLE where a person sits at the table, and none at a table of
   * computers alone (botWaitMs). Null when nobody is on turn.
   */
  private botPlan(t: { botSeed: string }, seats: HouseSeat[], gameId: string, state: GameState, attempt: number): { clockMs: number | null; waitMs: number | null } | null {
    if (state.finished) return null;
    const seat = currentHand(state)?.turn ?? null;
    const s = seat === null ? undefined : seats.find((x) => x.seat === seat);
    if (!s) return null;
    if (!s.botLevel) return { clockMs: s.clockMs, waitMs: null };
    const turn = botTurnDraw(t.botSeed, gameId, state.version, attempt, s.botLevel, s.clockMs ?? 20_000);
    const people = seats.filter((x) => x.userId).length;
    return { clockMs: s.clockMs, waitMs: turn.runOut && s.clockMs !== null ? null : botWaitMs(turn.thinkMs, this.config.HOUSE_BOT_THINK_PERMILLE, people) };
  }

  /**
   * A new hand's first turn waits out the hand-end grace (hand-end-grace.ts: the people seated read the
   * ended hand), the computer's too; at a table of computers alone nobody reads it, and nothing waits.
   */
  private graceMs(seats: HouseSeat[], state: GameState, attempt: number): number {
    return attempt === 0 && seats.some((x) => x.userId) ? handStartGraceMs(state) : 0;
  }

  /**
   * After a move at a house table (the clock job is queued by the move service): a computer seat on
   * turn is queued to play. With `chain` (the mover is the worker playing computer turns) a computer
   * turn due at once is not queued but handed back, for the caller to play in the same job.
   */
  async afterMove(tableId: string, gameId: string, state: GameState, chain = false): Promise<{ version: number; attempt: number } | null> {
    const t = await this.repo.botSeed(tableId);
    if (!t) return null;
    const seats = await this.repo.seats(tableId);
    if (chain && this.botPlan(t, seats, gameId, state, 0)?.waitMs === 0 && this.graceMs(seats, state, 0) === 0) return { version: state.version, attempt: 0 };
    await this.queue.run(this.turnEffects(t, seats, gameId, state, 0, new Date()).filter((e) => e.kind === 'house-bot'));
    return null;
  }

  /**
   * The turn clock of a house game ran out on `seat` at (version, attempt), inside its transaction: a
   * computer seat whose seeded draw says it plays this turn does not run out, however late its job is
   * (SPEC 8.6: its think time is a number it draws, not a wait it must win). Then its job is queued
   * again (a no-op while it waits in the queue: deterministic id) and the clock records nothing; the
   * move it makes starts the next clock. True: record the run-out (a person, or the draw says so).
   */
  async clockMayRunOut(tx: Tx, game: Pick<Game, 'id' | 'houseTableId' | 'version'>, seat: number, attempt: number, effects: Effect[]): Promise<boolean> {
    const t = await this.repo.botSeat(tx, game.houseTableId!, seat);
    if (!t?.botLevel) return true;
    if (botTurnDraw(t.botSeed, game.id, game.version, attempt, t.botLevel, t.clockMs ?? 20_000).runOut) return true;
    effects.push({ kind: 'house-bot', gameId: game.id, version: game.version, attempt, at: new Date() });
    return false;
  }

  /** A computer seat's seeded draw says it runs out at (version, attempt): its job leaves that turn to the clock. */
  botRunsOut(botSeed: string, gameId: string, version: number, attempt: number, level: BotLevel): boolean {
    return botTurnDraw(botSeed, gameId, version, attempt, level, 20_000).runOut;
  }

  /** The clock of a house game's seat (null: off). */
  async seatClockMs(tableId: string, seat: number): Promise<number | null> {
    const s = await this.repo.seatOf(tableId, seat);
    return s?.clockMs ?? null;
  }
}
