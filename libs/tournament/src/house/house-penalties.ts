import { Injectable } from '@nestjs/common';
import type { Game } from '@dcs/db';
import { TournamentClock } from '../time/tournament-clock';
import { DUMBBELLS_TO_FORFEIT, isCitizensTable, mayExpunge, runOutPenalty, ticketServedAt, type HouseRuleset } from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { gameViewEmits, liveEmit, liveRooms } from '../live/live-emitter';
import { forfeitSeat } from '../games/seat-forfeit';
import { HouseRepository, TableWithSeats } from './house.repository';
import { WalletRepository } from '../ledger/wallet.repository';
import { PlayerFileRepository } from '../ledger/player-file.repository';
import { houseTx, queueTimeAt } from './house-tx';
import { HouseTurns } from './house-turns';
import type { Tx } from '@dcs/common';
import { stateOf } from '../games/stored-state';

/** Run-outs at house tables and their penalties (SPEC 8.3-8.6): tickets and their fines, dumbbells and the 5th in a turn, a computer's run-out in the jar and the tickets it expunges; tickets served and felonies cleared. An act of HouseService. */
@Injectable()
export class HousePenalties {
  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly ledgerFile: PlayerFileRepository,
    private readonly store: GameStore,
    private readonly queue: EffectsQueue,
    private readonly clock: TournamentClock,
    private readonly turns: HouseTurns,
  ) {}

  /**
   * A seat's clock ran out at a house table (called by the turn clock inside its transaction, the
   * run-out already recorded as a GameTimeout). A computer's run-out goes in the jar and may expunge a
   * ticket; a person's is a ticket (with the table's fine at a stake table) or a dumbbell, and the
   * 5th dumbbell in one turn forfeits. The clock starts over; the turn is not skipped.
   */
  async runOut(tx: Tx, game: Game, seat: number, attempt: number, ms: number, now: Date, effects: Effect[]): Promise<'ticket' | 'forfeit'> {
    const t = (await this.repo.lockTable(tx, game.houseTableId!))!;
    const s = t.seatsTaken.find((x) => x.seat === seat)!;
    const ruleset = t.ruleset as HouseRuleset;
    const base = { gameId: game.id, houseTableId: t.id, seat, version: game.version, attempt };
    let penalty: 'ticket' | 'dumbbell' | 'computer' = 'computer';
    let forfeited = false;
    if (!s.userId) {
      await this.ledgerFile.fileAdd(tx, { ...base, userId: null, kind: 'computer_timeout', dedupeKey: `run-out:${game.id}:${game.version}:${attempt}` });
      await this.expungeFor(tx, t, game, attempt);
    } else {
      penalty = runOutPenalty(ruleset, t.purpose);
      const fine = penalty === 'ticket' && t.purpose === 'stake' ? t.ticketFine : 0;
      const entry = await this.ledgerFile.fileAdd(tx, {
        ...base,
        userId: s.userId,
        kind: penalty,
        fine,
        currency: fine ? t.currency : null,
        expiresAt: penalty === 'ticket' ? ticketServedAt(now) : null,
        dedupeKey: `run-out:${game.id}:${game.version}:${attempt}`,
      });
      if (entry && penalty === 'ticket') {
        effects.push({ kind: 'file-expire', entryId: entry.id, at: entry.expiresAt! });
        if (fine) await this.wallets.fine(tx, s.userId, t.currency!, fine, `fine:${entry.id}`, { houseTableId: t.id, gameId: game.id, reason: 'ticket fine (clock run-out)' });
      }
      if (penalty === 'dumbbell') {
        const inTurn = await this.repo.dumbbellsInTurn(tx, game.id, seat, game.version);
        if (inTurn >= DUMBBELLS_TO_FORFEIT) forfeited = true;
      }
    }
    const seats = await this.repo.peopleSeats(t.id);
    let state = stateOf(game);
    let version = game.version;
    if (forfeited) {
      const after = await forfeitSeat(this.store, tx, game, seat);
      state = stateOf(after);
      version = after.version;
      if (state.finished) effects.push({ kind: 'house-settle', gameId: game.id });
      else effects.push(...this.turns.turnEffects(t, t.seatsTaken, game.id, state, 0, now));
      effects.push(...gameViewEmits(game, state, seats, null));
    } else {
      effects.push(...this.turns.turnEffects(t, t.seatsTaken, game.id, state, attempt + 1, now));
    }
    // SPEC 8.4: the penalty and the table to the people seated; to everyone else in the game room only that the clock restarted (docs/realtime.md).
    const fact = { gameId: game.id, seq: version, seat, attempt, forfeited, turnDeadline: forfeited ? null : new Date(now.getTime() + ms).toISOString() };
    const seated = seats.map((x) => liveRooms.user(x.userId));
    if (seated.length) effects.push(liveEmit(seated, 'house:run-out', { ...fact, tableId: t.id, penalty }));
    effects.push(liveEmit([liveRooms.game(game.id)], 'house:run-out', { ...fact, tableId: null, penalty: null }, seated));
    return forfeited ? 'forfeit' : 'ticket';
  }

  /** SPEC 8.6: a computer ran out at a cash table; each person there with no run-out in this game gets one open ticket expunged (once a game), its fine returned. */
  private async expungeFor(tx: Tx, t: TableWithSeats, game: Game, attempt: number): Promise<void> {
    const cash = t.purpose === 'stake' && t.currency === 'DD';
    if (!cash) return;
    for (const s of t.seatsTaken) {
      if (!s.userId) continue;
      const own = await this.repo.ownRunOuts(tx, game.id, s.userId);
      const already = await this.repo.expungedIn(tx, game.id, s.userId);
      const ticket = await this.ledgerFile.oldestOpenTicket(tx, s.userId);
      const isCommunityService = ticket?.houseTableId ? isCitizensTable(((await this.repo.rulesetOf(tx, ticket.houseTableId)) ?? 'inmate') as HouseRuleset) : false;
      if (!ticket || !isCommunityService || !mayExpunge({ cashTable: cash, ownTimeoutsInGame: own, expungedInGame: already > 0, openTickets: 1 })) continue;
      // The turn and attempt of the computer's run-out that expunged it: the finished game lists it beside that run-out.
      await this.ledgerFile.fileAdd(tx, { userId: s.userId, kind: 'ticket_expunged', closesId: ticket.id, gameId: game.id, houseTableId: t.id, version: game.version, attempt, dedupeKey: `expunge:${game.id}:${s.userId}` });
      if (ticket.fine > 0 && ticket.currency) {
        await this.wallets.post(tx, { userId: s.userId, currency: ticket.currency, kind: 'expunged_fine', amount: ticket.fine, gameId: game.id, houseTableId: t.id, dedupeKey: `expunged-fine:${ticket.id}`, reason: 'ticket expunged: its fine returned' });
      }
    }
  }

  /** A ticket is served after 7 days, a felony cleared after 30 (idempotent; early jobs wait). */
  async expire(entryId: string): Promise<'served' | 'cleared' | 'noop' | 'wait'> {
    const now = this.clock.now();
    const effects: Effect[] = [];
    const out = await houseTx(this.repo, async (tx) => {
      const e = await this.ledgerFile.fileEntry(tx, entryId);
      if (!e || !e.expiresAt || (e.kind !== 'ticket' && e.kind !== 'felony')) return 'noop' as const;
      if (now.getTime() < e.expiresAt.getTime()) {
        effects.push({ kind: 'file-expire', entryId, at: queueTimeAt(this.clock, e.expiresAt), again: true });
        return 'wait' as const;
      }
      const closed = await this.ledgerFile.fileAdd(tx, { userId: e.userId, kind: e.kind === 'ticket' ? 'ticket_served' : 'felony_cleared', closesId: e.id, dedupeKey: `close:${e.id}` });
      if (!closed) return 'noop' as const;
      return e.kind === 'ticket' ? ('served' as const) : ('cleared' as const);
    });
    await this.queue.run(effects);
    return out;
  }
}
