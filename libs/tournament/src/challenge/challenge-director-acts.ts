import { Injectable } from '@nestjs/common';
import { AppError, notFound, type Tx } from '@dcs/common';
import { hardStop as engineHardStop } from '@dcs/engine';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { gameViewEmits } from '../live/live-emitter';
import { RegistrationsService } from '../registrations/registrations.service';
import { ChallengeClock } from './challenge-clock';
import { forfeitSeat } from '../games/seat-forfeit';
import { correctedResults, correctionRefusal, type CorrectionRefusal, outOfPlayRefusal } from './challenge.decisions';
import * as say from './challenge.messages';
import { ChallengeRepository } from './challenge.repository';
import { TournamentClock } from '../time/tournament-clock';
import { assertDirectsChallenge } from '../accounts/director-cities.repository';
import { assertMaySanction } from '../accounts/sanction-authority.repository';
import { TableDecider } from './challenge-decider';
import { stateOf } from '../games/stored-state';

/**
 * A director's acts on a running challenge (SPEC 7, an act of the challenge flow; each with a reason,
 * audited): cancel, disqualify, void a table and replay it, correct a result; and the rules every act
 * checks first (a director who plays in the challenge never directs it; a director acts in their cities).
 */
@Injectable()
export class ChallengeDirectorActs {

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly games: GameStore,
    private readonly queue: EffectsQueue,
    private readonly clock: ChallengeClock,
    private readonly registrations: RegistrationsService,
    private readonly time: TournamentClock,
    private readonly decider: TableDecider,
  ) {}

  /**
   * SPEC 7: whoever plays in a challenge — registered or waitlisted in it, or seated at any of its
   * tables — never directs it, whatever roles they hold (an admin included). Every director act on
   * the challenge asks this first, inside its transaction, before writing anything.
   */
  async assertNotPlayingIn(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    const [entered, seated] = await Promise.all([this.registrations.isEntered(tx, challengeId, actorId), this.repo.isSeated(tx, challengeId, actorId)]);
    if (entered || seated) {
      throw new AppError('OWN_CHALLENGE', 'You play in this challenge, so you may not direct it: another director must act', { challengeId });
    }
  }
  /**
   * SPEC 7 Decision (conflicts): a member of staff who plays in a challenge files no conduct
   * violation or sanction against anyone in it, nor revokes one, while it runs (not completed or
   * cancelled) — whatever the request names: the check follows the two people, not the ids.
   */
  async assertNotPlayingWith(tx: Tx, actorId: string, userId: string): Promise<void> {
    const challengeId = await this.repo.sharedOpenChallenge(tx, actorId, userId);
    if (challengeId) {
      throw new AppError('OWN_CHALLENGE', 'You play in this challenge, and so does this player: while it runs you may not file or revoke their sanctions; another director must act', { challengeId });
    }
  }
  /**
   * SPEC 7, both rules of a director act on a challenge, inside its transaction before any write:
   * the actor does not play in it (OWN_CHALLENGE), and directs its city (NOT_YOUR_CITY; admins
   * direct everywhere).
   */
  async assertMayDirect(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    await this.assertNotPlayingIn(tx, challengeId, actorId);
    await assertDirectsChallenge(tx, actorId, challengeId);
  }
  /** Cancels a challenge that has not completed: games in progress end, nobody is placed, every registrant is told why. */
  async cancel(actorId: string, challengeId: string, reason: string): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const ch = await this.repo.lockChallenge(tx, challengeId);
      if (!ch) throw notFound('Challenge', challengeId);
      await this.assertMayDirect(tx, challengeId, actorId);
      if (ch.status === 'completed' || ch.status === 'cancelled') {
        throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`);
      }
      for (const { id } of await this.repo.playingGames(tx, challengeId)) {
        const game = (await this.repo.lockGame(tx, id))!;
        const stopped = engineHardStop(stateOf(game), 'void');
        if (stopped.ok) {
          await this.games.saveSystemChange(tx, game, stopped.state);
          effects.push(...gameViewEmits(game, stopped.state, game.tableId ? await this.repo.seatRows(tx, game.tableId) : [], null));
        }
      }
      await this.repo.finishOpenRounds(tx, challengeId, this.time.now());
      await this.repo.cancel(tx, challengeId, reason);
      const regs = await this.registrations.entrants(tx, challengeId);
      await this.repo.notify(tx, say.cancelledNotices(ch, regs.map((r) => r.userId), reason, 'director'));
      await this.repo.audit(tx, { actorId, action: 'challenge.cancelled', entityType: 'challenge', entityId: challengeId, reason, data: { from: ch.status } });
    });
    await this.queue.run(effects);
  }
  /**
   * Disqualifies a player: they forfeit the table they sit at now (placed last there) and any
   * later one, and earn no ranking points or prize from this challenge.
   */
  async disqualify(actorId: string, challengeId: string, userId: string, reason: string): Promise<void> {
    const effects = await this.repo.transaction((tx) => this.disqualifyIn(tx, actorId, challengeId, userId, reason));
    await this.queue.run(effects);
  }
  /**
   * The disqualification inside the caller's transaction (a conduct filing writes it together with
   * its violation). Locks the challenge row first, as every challenge step does. Throws before any
   * write when the player cannot be disqualified (ALREADY_DISQUALIFIED among them). The returned
   * effects are for `EffectsQueue.run` once the caller's transaction has committed, never before.
   */
  async disqualifyIn(tx: Tx, actorId: string, challengeId: string, userId: string, reason: string): Promise<Effect[]> {
    const effects: Effect[] = [];
    const ch = await this.repo.lockChallenge(tx, challengeId);
    if (!ch) throw notFound('Challenge', challengeId);
    await this.assertMayDirect(tx, challengeId, actorId);
    // Who may sanction whom: never oneself, staff and admins only by an admin (the challenge is the tie).
    await assertMaySanction(tx, actorId, userId);
    if (ch.status === 'completed' || ch.status === 'cancelled') {
      throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`);
    }
    const marked = await this.registrations.disqualify(tx, challengeId, userId, reason, this.time.now());
    if (marked === 'not_registered') throw new AppError('NOT_REGISTERED', 'This player is not in the challenge');
    if (marked === 'already') throw new AppError('ALREADY_DISQUALIFIED', 'This player is already disqualified');
    const seat = await this.repo.playingSeat(tx, challengeId, userId);
    if (seat) {
      const g = await this.repo.currentGame(tx, seat.tableId, true);
      if (g && g.status === 'playing') {
        const after = await forfeitSeat(this.games, tx, g, seat.seat, actorId);
        let deadline: Date | null = null;
        if (after.status !== 'finished' && after.version !== g.version) {
          // the turn may have passed: the new version's clock starts now
          deadline = new Date(this.time.now().getTime() + (await this.clock.turnMs(seat.tableId, tx)));
          effects.push({ kind: 'turn-clock', gameId: after.id, version: after.version, attempt: 0, at: deadline });
        }
        if (after.version !== g.version) {
          effects.push(...gameViewEmits(after, stateOf(after), await this.repo.seatRows(tx, seat.tableId), deadline));
        }
        // After the views (effects run in order): the view that ended the game reaches a client before its table:result.
        if (after.status === 'finished') effects.push({ kind: 'table-decide', tableId: seat.tableId });
      }
    }
    await this.repo.notify(tx, [say.disqualifiedNotice(challengeId, userId, reason)]);
    await this.repo.audit(tx, { actorId, action: 'challenge.player-disqualified', entityType: 'challenge', entityId: challengeId, reason, data: { userId, tableId: seat?.tableId ?? null } });
    effects.push(say.playerDisqualified(challengeId, userId, await this.repo.displayName(tx, userId), seat?.tableId ?? null, reason));
    return effects;
  }
  /** Voids a table's game that is not decided yet and deals a new one (a replay): the old game and its log stay on record. */
  async voidTable(actorId: string, tableId: string, reason: string): Promise<{ gameId: string }> {
    const effects: Effect[] = [];
    const out = await this.repo.transaction(async (tx) => {
      const t0 = await this.repo.table(tx, tableId);
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.repo.lockChallengeRound(tx, t0.roundId))!;
      await this.assertMayDirect(tx, t0.challengeId, actorId);
      const table = (await this.repo.tableWithSeats(tx, tableId))!;
      if (round.status !== 'running' || table.status === 'finished') {
        throw new AppError('TABLE_DECIDED', 'Only a table still playing (or in its tiebreak) can be voided and replayed');
      }
      const old = await this.repo.currentGame(tx, tableId, true);
      if (old && old.status === 'playing') {
        const stopped = engineHardStop(stateOf(old), 'void');
        if (stopped.ok) await this.games.saveSystemChange(tx, old, stopped.state);
      }
      await this.repo.closeOpenTiebreaks(tx, tableId, this.time.now());
      await this.repo.setTableStatus(tx, tableId, 'playing');
      const dq = await this.registrations.disqualified(tx, table.challengeId);
      let game = await this.games.deal(tx, { kind: 'challenge', id: tableId }, { ruleset: 'dcs-tournament', players: table.seats.length });
      for (const s of table.seats) if (dq.has(s.userId)) game = await forfeitSeat(this.games, tx, game, s.seat, actorId);
      if (game.status === 'finished') effects.push({ kind: 'table-decide', tableId });
      await this.repo.audit(tx, { actorId, action: 'table.voided', entityType: 'table', entityId: tableId, reason, data: { voidedGameId: old?.id ?? null, newGameId: game.id } });
      effects.push(
        say.tableVoided(
          { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId, table: table.index, voidedGameId: old?.id ?? null, gameId: game.id, reason },
          table.seats.map((s) => s.userId),
        ),
      );
      return { gameId: game.id };
    });
    await this.queue.run(effects);
    return out;
  }
  /**
   * Corrects a table's result: the director gives the order of its players (1st first). Allowed
   * until the next round is seated; at the final table, also after completion (the placements,
   * points and prizes are recomputed in the same transaction).
   */
  async correctResult(actorId: string, tableId: string, order: string[], reason: string): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const t0 = await this.repo.table(tx, tableId);
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.repo.lockChallengeRound(tx, t0.roundId))!;
      await this.assertMayDirect(tx, t0.challengeId, actorId);
      const table = (await this.repo.tableWithSeats(tx, tableId))!;
      // Read under the challenge's lock: a cancel committed before this correction took it left the
      // tables undecided; deciding one would carry the cancelled challenge on into its next round.
      const { challenge, final } = await this.repo.roundInfo(tx, round);
      const ids = table.seats.map((s) => s.userId);
      const refused = correctionRefusal({ challengeStatus: challenge.status, order, players: ids });
      if (refused) throw correctionError(refused);
      const next = await this.repo.roundByNumber(tx, challenge.id, round.number + 1);
      const seated = correctionRefusal({ challengeStatus: challenge.status, order, players: ids, nextRound: next?.status ?? null });
      if (seated) throw correctionError(seated);
      const game = await this.repo.currentGame(tx, tableId, true);
      const seatOf = new Map(table.seats.map((s) => [s.userId, s.seat]));
      // Disqualified players (read under the challenge's lock, which a disqualification takes too) and
      // forfeited seats stay last: a correction never hands one of them a slot or a place.
      const forfeited = (game ? stateOf(game) : undefined)?.forfeited ?? [];
      const disqualified = await this.registrations.disqualified(tx, challenge.id, ids);
      const behind = outOfPlayRefusal(order, new Set([...disqualified, ...ids.filter((id) => forfeited[seatOf.get(id)!])]));
      if (behind) throw correctionError(behind);
      if (game && game.status === 'playing') {
        const stopped = engineHardStop(stateOf(game));
        if (stopped.ok) await this.games.saveSystemChange(tx, game, stopped.state);
      }
      const current = await this.repo.currentGame(tx, tableId);
      const state = current ? stateOf(current) : null;
      const before = table.result;
      const result = correctedResults(order, seatOf, state, final);
      const endedBy = table.endedBy ?? 'director';
      await this.repo.closeOpenTiebreaks(tx, tableId, this.time.now());
      await this.repo.correctTable(tx, tableId, result, endedBy, this.time.now());
      await this.repo.audit(tx, { actorId, action: 'table.result-corrected', entityType: 'table', entityId: tableId, reason, data: { before, after: result } });
      effects.push(
        say.tableResult(
          { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId, table: table.index, endedBy, final, result },
          table.seats.map((s) => s.userId),
          { reason },
        ),
      );
      if (final && challenge.status === 'completed') {
        await this.repo.reopenForCorrection(tx, challenge.id);
        await this.decider.complete(tx, await this.repo.challenge(tx, challenge.id), effects);
      } else if (table.status !== 'finished') {
        await this.decider.afterTableDecided(tx, round, effects);
      }
    });
    await this.decider.settle(effects);
  }
}

/** A refused correction as the error the director sees. */
function correctionError(r: CorrectionRefusal): AppError {
  switch (r.code) {
    case 'CHALLENGE_CLOSED':
      return new AppError('CHALLENGE_CLOSED', 'The challenge is cancelled: its results can no longer change');
    case 'BAD_ORDER':
      return new AppError('BAD_ORDER', 'The order must list every player of the table exactly once');
    case 'ROUND_SEATED':
      return new AppError('ROUND_SEATED', 'The next round is already seated; this result can no longer change');
    case 'PLAYER_DISQUALIFIED':
      return new AppError(
        'PLAYER_DISQUALIFIED',
        `Player ${r.userId} is disqualified or forfeited at this table and must be placed below every player still in play`,
        { userId: r.userId },
      );
  }
}
