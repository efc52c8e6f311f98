import { Injectable } from '@nestjs/common';
import { type TiebreakPublicView } from '@dcs/engine';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { ChallengeClock } from './challenge-clock';
import { ChallengeRepository } from './challenge.repository';
import { TournamentClock } from '../time/tournament-clock';
import { ChallengeSeating } from './challenge-seating';
import { TableDecider } from './challenge-decider';
import { TiebreakDraws } from './challenge-draws';
import { ChallengeDirectorActs } from './challenge-director-acts';
import type { Tx } from '@dcs/common';

/**
 * A challenge from 12:00 on (SPEC 3.2-3.6): seeding and the bracket, seating each
 * round with its games, the 30-minute hard stop, deciding tables (with the
 * 6-4/5-5 draw where a tie matters), the next round after the break, and the
 * placements, points and prizes at the end.
 *
 * The entry point of the flow, one act per file (in the spirit of lichess's round: MovePlayer,
 * Finisher, Drawer): seating (ChallengeSeating), deciding tables and the hard stop (TableDecider), the
 * 6-4/5-5 draw (TiebreakDraws), a director's acts (ChallengeDirectorActs). By layer: the rows and their
 * locks are ChallengeRepository's (which holds the lock order: the challenge, then its round (then the
 * previous round), then the draw, then games, so that no two steps, nor a director's cancel or
 * disqualification, can deadlock); every decision is a pure function of challenge.decisions.ts (and
 * table-outcome.ts); every text and live payload is challenge.messages.ts's; registration rows are
 * RegistrationsService's. Every step runs in one transaction, is idempotent (a step already done is a
 * no-op) and returns the timers it made due; they are queued after the commit. A crash between the two
 * is repaired by `recover()`, which re-queues every timer the database says is due.
 */
@Injectable()
export class ChallengeFlowService {
  constructor(
    private readonly repo: ChallengeRepository,
    private readonly queue: EffectsQueue,
    private readonly clock: ChallengeClock,
    /** The time every decision of the flow is taken at (tests move it instead of waiting). */
    private readonly time: TournamentClock,
    private readonly seating: ChallengeSeating,
    private readonly decider: TableDecider,
    private readonly draws: TiebreakDraws,
    private readonly director: ChallengeDirectorActs,
  ) {}

  // ------------------------------------------------------------------ seating

  /** 12:00: cancel with fewer than the minimum checked in, otherwise seed, draw the bracket and seat round 1. */
  start(challengeId: string, now = this.time.now()): Promise<'started' | 'cancelled' | 'noop'> {
    return this.seating.start(challengeId, now);
  }

  /** After the break: seats the round from the previous round's advancers. */
  startRound(roundId: string, now = this.time.now()): Promise<void> {
    return this.seating.startRound(roundId, now);
  }

  // ------------------------------------------------------------------ deciding tables

  /** A table whose game has ended: places, a draw where a tie matters, or the result. No-op otherwise. */
  decideTable(tableId: string): Promise<void> {
    return this.decider.decideTable(tableId);
  }

  /** The 30-minute hard stop (SPEC 3.4): every table still playing ends now, the hand in progress void, places by score. */
  hardStop(roundId: string, now = this.time.now()): Promise<void> {
    return this.decider.hardStop(roundId, now);
  }

  // ------------------------------------------------------------------ the 6-4/5-5 draw

  tiebreakView(tiebreakId: string): ReturnType<TiebreakDraws['tiebreakView']> {
    return this.draws.tiebreakView(tiebreakId);
  }

  /** A tied player takes the face-down tile at `position` while the 5-second window is open. */
  pickTile(userId: string, tiebreakId: string, position: number, now = this.time.now()): Promise<TiebreakPublicView> {
    return this.draws.pickTile(userId, tiebreakId, position, now);
  }

  /** The window closed: unpicked tiles are picked at random; a winner settles the table, a split or none draws again. */
  closeTiebreak(tiebreakId: string, now = this.time.now()): Promise<void> {
    return this.draws.closeTiebreak(tiebreakId, now);
  }

  // ------------------------------------------------------------------ director acts (reason required, audited)

  /** SPEC 7: whoever plays in a challenge never directs it (ChallengeDirectorActs.assertNotPlayingIn). */
  assertNotPlayingIn(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    return this.director.assertNotPlayingIn(tx, challengeId, actorId);
  }

  /** SPEC 7 Decision (conflicts): no sanction against a player of a challenge the actor plays in while it runs. */
  assertNotPlayingWith(tx: Tx, actorId: string, userId: string): Promise<void> {
    return this.director.assertNotPlayingWith(tx, actorId, userId);
  }

  /** SPEC 7, both rules of a director act on a challenge (OWN_CHALLENGE, NOT_YOUR_CITY). */
  assertMayDirect(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    return this.director.assertMayDirect(tx, challengeId, actorId);
  }

  /** Cancels a challenge that has not completed: games in progress end, nobody is placed, every registrant is told why. */
  cancel(actorId: string, challengeId: string, reason: string): Promise<void> {
    return this.director.cancel(actorId, challengeId, reason);
  }

  /** Disqualifies a player: they forfeit the table they sit at now (placed last there) and any later one. */
  disqualify(actorId: string, challengeId: string, userId: string, reason: string): Promise<void> {
    return this.director.disqualify(actorId, challengeId, userId, reason);
  }

  /** The disqualification inside the caller's transaction; the effects are for `EffectsQueue.run` after its commit. */
  disqualifyIn(tx: Tx, actorId: string, challengeId: string, userId: string, reason: string): Promise<Effect[]> {
    return this.director.disqualifyIn(tx, actorId, challengeId, userId, reason);
  }

  /** Voids a table's game that is not decided yet and deals a new one (a replay). */
  voidTable(actorId: string, tableId: string, reason: string): Promise<{ gameId: string }> {
    return this.director.voidTable(actorId, tableId, reason);
  }

  /** Corrects a table's result: the director gives the order of its players (1st first). */
  correctResult(actorId: string, tableId: string, order: string[], reason: string): Promise<void> {
    return this.director.correctResult(actorId, tableId, order, reason);
  }

  // ------------------------------------------------------------------ recovery

  /** Re-queues every timer the database says is due (after a crash between a commit and its queueing). */
  async recover(): Promise<number> {
    const effects: Effect[] = [];
    const due = await this.repo.dueTimers();
    for (const r of due.running) if (r.hardStopAt) effects.push({ kind: 'hard-stop', roundId: r.id, at: r.hardStopAt });
    for (const r of due.pending) effects.push({ kind: 'round-start', roundId: r.id, at: r.startsAt ?? this.time.now() });
    for (const t of due.undecided) effects.push({ kind: 'table-decide', tableId: t.id });
    for (const d of due.draws) effects.push({ kind: 'tiebreak-close', tiebreakId: d.id, version: d.version, at: d.closesAt });
    effects.push(...(await this.clock.recover()));
    await this.queue.run(effects);
    return effects.length;
  }
}
