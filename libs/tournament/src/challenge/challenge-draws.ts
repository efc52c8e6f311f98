import { Injectable, Logger } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import {
  closePicks,
  drawResult,
  everyonePicked,
  isTiebreakError,
  pick as drawPick,
  PICK_WINDOW_MS,
  tablePlaces,
  type TiebreakState,
  tiebreakPublicView,
  type TiebreakPublicView,
} from '@dcs/engine';
import { EffectsQueue, Effect } from '../effects/effects-queue';
import { orderAfterDraw } from './table-outcome';
import { drawCloseDecision, pickDecision } from './challenge.decisions';
import * as say from './challenge.messages';
import { ChallengeRepository } from './challenge.repository';
import { TournamentClock } from '../time/tournament-clock';
import { guarded, tableRooms } from './flow-steps';
import { TableDecider } from './challenge-decider';
import { stateOf } from '../games/stored-state';


/**
 * The 6-4/5-5 draw (SPEC 2, an act of the challenge flow, lichess's "Drawer"): a tied player's pick in the
 * 5-second window, and the window's close (unpicked tiles at random; a winner settles the table, a split
 * or none draws again).
 */
@Injectable()
export class TiebreakDraws {
  private readonly logger = new Logger(TiebreakDraws.name);

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly queue: EffectsQueue,
    private readonly time: TournamentClock,
    private readonly decider: TableDecider,
  ) {}

  async tiebreakView(tiebreakId: string): Promise<TiebreakPublicView & { id: string; tableId: string | null; closesAt: string; decided: boolean }> {
    const tb = await this.repo.tiebreak(tiebreakId);
    if (!tb) throw notFound('Tiebreak', tiebreakId);
    return { id: tb.id, tableId: tb.tableId, closesAt: tb.closesAt.toISOString(), decided: tb.decidedAt !== null, ...tiebreakPublicView(tb.state as unknown as TiebreakState) };
  }
  /** A tied player takes the face-down tile at `position` while the 5-second window is open. */
  async pickTile(userId: string, tiebreakId: string, position: number, now = this.time.now()): Promise<TiebreakPublicView> {
    const effects: Effect[] = [];
    // The window the player picked in: the draw as it was when the pick arrived, before waiting for
    // its lock. A close holding the lock may settle that window and open the next one (a split, or no
    // winner); the pick, made in the window that closed, must not be counted in the new one.
    const seen = await this.repo.tiebreak(tiebreakId);
    const seenRound = seen ? (seen.state as unknown as TiebreakState).round : null;
    // Where the pick is told (its table's rooms), read before the draw's lock, so that the lock, for which every pick of the
    // draw waits in turn, is held for the pick alone. A table's seats and game do not change while its draw is open (a void
    // closes the draw first; a pick then finds it closed and tells nobody).
    const audience = seen?.tableId ? await this.repo.tableAudience(seen.tableId) : null;
    const view = await this.repo.transaction(async (tx) => {
      const tb = await this.repo.lockTiebreak(tx, tiebreakId);
      if (!tb) throw notFound('Tiebreak', tiebreakId);
      const current = tb.state as unknown as TiebreakState;
      switch (pickDecision({ state: current, decided: tb.decidedAt !== null, closesAt: tb.closesAt }, { userId, position, seenRound }, now)) {
        case 'answer-again': // the same pick again (a retry after a lost answer, HTTP or socket): answered, not applied twice
          return { view: tiebreakPublicView(current), complete: false };
        case 'window-closed':
          throw new AppError('DRAW_CLOSED', 'The picking window of this draw is closed', { closesAt: tb.closesAt.toISOString() });
        case 'pick':
          break;
      }
      const next = drawPick(current, userId, position);
      if (isTiebreakError(next)) {
        throw new AppError(next.code, next.message);
      }
      await this.repo.updateTiebreak(tx, tb.id, next);
      if (tb.tableId) {
        const rooms = audience
          ? say.tableRooms(tb.challengeId, audience.gameId, audience.seats.map((s) => s.userId))
          : await tableRooms(this.repo, tx, (await this.repo.table(tx, tb.tableId))!);
        effects.push(say.tiebreakPicked(rooms, { id: tb.id, tableId: tb.tableId }, next, userId, position));
      }
      return { view: tiebreakPublicView(next), complete: everyonePicked(next) };
    });
    await this.queue.run(effects);
    // The last pick of the window: nothing is left to wait for, so the window closes now (SPEC 2),
    // in its own transaction under the lock order (challenge, round, draw). The window's timer may
    // race it: whichever takes the locks second finds the window closed and changes nothing. Should
    // this close fail, the timer still closes the window at its end.
    if (view.complete) await guarded(this.logger, `close of draw ${tiebreakId} after its last pick`, () => this.closeTiebreak(tiebreakId, now));
    return view.view;
  }
  /** The window closed: unpicked tiles are picked at random; a winner settles the table, a split or none draws again. */
  async closeTiebreak(tiebreakId: string, now = this.time.now()): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const tableId = await this.repo.tiebreakTable(tx, tiebreakId);
      const table0 = tableId ? await this.repo.table(tx, tableId) : null;
      if (!table0) return;
      const round = await this.repo.lockChallengeRound(tx, table0.roundId);
      const tb = await this.repo.lockTiebreak(tx, tiebreakId);
      // Only in a running round: a cancel finishes the rounds and leaves their draws open; a close
      // job due after it would otherwise settle the table and carry the cancelled challenge on.
      if (!round || round.status !== 'running' || !tb || tb.decidedAt) return;
      // Whichever window's job this is, only the current window counts: over, or every tied player
      // has picked → close it; otherwise wait for its end.
      if (drawCloseDecision({ state: tb.state as unknown as TiebreakState, closesAt: tb.closesAt }, now) === 'wait') {
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: tb.version, at: tb.closesAt, again: true });
        return;
      }
      const closed = closePicks(tb.state as unknown as TiebreakState);
      if (isTiebreakError(closed)) throw new Error(`tiebreak ${tiebreakId}: ${closed.code}`);
      const result = drawResult(closed);
      const gameId = (await this.repo.currentGame(tx, table0.id))?.id ?? null;
      const rooms = await tableRooms(this.repo, tx, table0, gameId);
      effects.push(say.tiebreakReveal(rooms, { id: tiebreakId, tableId: table0.id, challengeId: table0.challengeId }, closed, result ? [...result.winners, ...result.rest] : null));
      if (!result) {
        const closesAt = new Date(now.getTime() + PICK_WINDOW_MS);
        await this.repo.updateTiebreak(tx, tb.id, closed, { closesAt });
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: closed.version, at: closesAt });
        effects.push(say.tiebreakOpen({ ...tb, closesAt }, closed, gameId, rooms));
        return;
      }
      await this.repo.updateTiebreak(tx, tb.id, closed, { decidedAt: now });
      const table = await this.repo.table(tx, table0.id);
      const game = await this.repo.currentGame(tx, table0.id);
      if (!table || table.status !== 'tiebreak' || !game) return;
      const gameState = stateOf(game);
      const seats = await this.repo.seats(tx, table.id);
      const seatOf = new Map(seats.map((s) => [s.userId, s.seat]));
      const group = (tb.players as string[]).map((u) => seatOf.get(u)!);
      const { final } = await this.repo.roundInfo(tx, round);
      const outcome = orderAfterDraw(tablePlaces(gameState), group, result.winners.map((u) => seatOf.get(u)!), final);
      if (outcome.kind !== 'decided') return;
      await this.decider.writeResult(tx, round, table, gameState, outcome, final, effects);
    });
    await this.decider.settle(effects);
  }
}
