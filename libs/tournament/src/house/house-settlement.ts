import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { TournamentClock } from '../time/tournament-clock';
import {
  holdOf,
  jarPayout,
  netOf,
  settlePayments,
  countsForWelcomeGrant,
  weekStartUtc,
  workoutOwed,
} from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';
import { GameStore } from '../games/game.store';
import { gameViewEmits, liveEmit, liveRooms } from '../live/live-emitter';
import { forfeitSeat } from '../games/seat-forfeit';
import { HouseRepository } from './house.repository';
import { CommissaryService } from './commissary.service';
import { WalletRepository } from '../ledger/wallet.repository';
import { PlayerFileRepository } from '../ledger/player-file.repository';
import { houseTx, queueTimeAt } from './house-tx';
import { HouseTurns } from './house-turns';
import { HouseAccounts } from './house-accounts';
import { stateOf } from '../games/stored-state';


/** The settlement of a finished house game (SPEC 8.1, 8.4, 8.6), once, in one transaction; a seat's forfeit that may end the game; and the recovery sweep of house tables. An act of HouseService. */
@Injectable()
export class HouseSettlement {
  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly ledgerFile: PlayerFileRepository,
    private readonly store: GameStore,
    private readonly queue: EffectsQueue,
    private readonly clock: TournamentClock,
    private readonly commissary: CommissaryService,
    private readonly turns: HouseTurns,
    private readonly accounts: HouseAccounts,
  ) {}

  /** Forfeits a seat through the engine (leave or forfeit after the deal), then settles if that ended the game. */
  async forfeitSeat(gameId: string, seat: number): Promise<void> {
    const effects: Effect[] = [];
    await houseTx(this.repo, async (tx) => {
      const game = await this.store.lock(tx, gameId);
      if (!game || game.status !== 'playing') return;
      const after = await forfeitSeat(this.store, tx, game, seat);
      if (after.version === game.version) return;
      const next = stateOf(after);
      const t = (await this.repo.table(game.houseTableId!, tx))!;
      if (!next.finished) effects.push(...this.turns.turnEffects(t, t.seatsTaken, game.id, next, 0, new Date()));
      effects.push(...gameViewEmits(game, next, await this.repo.peopleSeats(t.id), null));
      if (next.finished) effects.push({ kind: 'house-settle', gameId });
    });
    await this.queue.run(effects);
    await this.settle(gameId);
  }

  /**
   * Settles a finished house game once (SPEC 8.1, 8.4, 8.6), in one transaction: at a stake table
   * every hold released and each loser's payment (double if skunked or forfeited) made; winnings
   * pay debts first (WalletRepository.post); the winners' stake wins (levels); workouts owed by losers with dumbbells; the
   * Clock Jar for the winners (every credit pays the debt first: WalletRepository.post). The settlement row makes a second run (a retried job, a restart
   * after a crash) a no-op.
   */
  async settle(gameId: string): Promise<'settled' | 'noop'> {
    const effects: Effect[] = [];
    const out = await houseTx(this.repo, async (tx) => {
      const houseTableId = await this.repo.houseTableIdOfGame(gameId);
      if (!houseTableId) return 'noop' as const;
      const t = await this.repo.lockTable(tx, houseTableId);
      const game = await this.store.lock(tx, gameId);
      if (!t || !game || game.status !== 'finished') return 'noop' as const;
      if (await this.repo.isSettled(tx, gameId)) return 'noop' as const;
      const state = stateOf(game);
      const n = state.config.players;
      const winner = state.winner;
      const sameSide = (a: number, b: number) => (state.config.partners ? a % 2 === b % 2 : a === b);
      const humans = t.seatsTaken.filter((s) => s.userId);
      const result: Record<string, unknown> = { winner, scores: state.scores, forfeited: state.forfeited };
      // Money: holds released, payments made.
      if (t.purpose === 'stake' && t.currency) {
        const cur = t.currency;
        await this.wallets.lockAll(tx, humans.map((s) => s.userId!), cur);
        const payments =
          winner === null ? [] : settlePayments({ players: n, partners: state.config.partners, target: state.config.settings.target, winner, scores: state.scores, forfeited: state.forfeited, stake: t.stake });
        const net = netOf(n, payments);
        result.payments = payments;
        for (const s of humans) {
          const u = s.userId!;
          await this.wallets.post(tx, { userId: u, currency: cur, kind: 'release', amount: holdOf(t.stake), gameId, houseTableId: t.id, dedupeKey: `release:${gameId}:${u}`, reason: 'settlement: hold released' });
          if (net[s.seat] !== 0) {
            const what = payments.filter((p) => p.from === s.seat || p.to === s.seat).map((p) => `seat ${p.from + 1} → seat ${p.to + 1}: ${p.amount}${p.skunk ? ' (skunk)' : ''}`);
            await this.wallets.post(tx, { userId: u, currency: cur, kind: 'settlement', amount: net[s.seat], gameId, houseTableId: t.id, dedupeKey: `settle:${gameId}:${u}`, reason: what.join('; ') });
          }
        }
        // A computer's side of a payment is the house's (Decision, docs/rules.md): what people pay a computer leaves the economy, what it pays them enters it.
        result.house = -net.reduce((acc, v, seat) => (t.seatsTaken.find((s) => s.seat === seat)?.userId ? acc + v : acc), 0);
        if (winner !== null) {
          const winners = humans.filter((s) => sameSide(s.seat, winner)).map((s) => s.userId!);
          if (winners.length) await this.repo.addStakeWin(tx, winners);
        }
      }
      // The held welcome grant (SPEC 7 Decision): a non-stake game played to its end against a person or a computer
      // above easy counts for each person seated; it is paid once the games are played and the address verified.
      const anyForfeit = state.forfeited.some(Boolean);
      for (const s of [...humans].sort((a, b) => (a.userId! < b.userId! ? -1 : 1))) {
        const opponents = t.seatsTaken.filter((o) => !sameSide(o.seat, s.seat)).map((o) => (o.userId ? { person: true as const } : { person: false as const, level: o.botLevel! }));
        if (!countsForWelcomeGrant({ purpose: t.purpose, person: true, finished: winner !== null, anyForfeit, opponents })) continue;
        await this.wallets.countGrantGame(tx, s.userId!, gameId);
        await this.accounts.payWelcomeIfDue(tx, s.userId!);
      }
      // Workouts owed by losers with dumbbells; the Clock Jar for winners.
      const dumbbells = await this.repo.dumbbellsBySeat(tx, gameId);
      const computerTimeouts = await this.repo.computerRunOuts(gameId, tx);
      const workouts: unknown[] = [];
      const jar: unknown[] = [];
      const now = this.clock.now();
      for (const s of humans) {
        const u = s.userId!;
        const lost = winner === null || !sameSide(s.seat, winner);
        const db = dumbbells.find((d) => d.seat === s.seat)?.count ?? 0;
        const amount = workoutOwed(t.workoutKind, db, lost);
        if (amount > 0) {
          await this.repo.addWorkout(tx, { userId: u, gameId, kind: t.workoutKind, amount, dumbbells: db });
          workouts.push({ userId: u, amount, kind: t.workoutKind, dumbbells: db });
        }
        const week = weekStartUtc(now);
        const excusesThisWeek = await this.repo.excusesInWeek(u, week, tx);
        const pay = jarPayout({
          won: !lost,
          courtTable: t.courtTable,
          computerTimeouts,
          stake: t.purpose === 'stake' ? { ticketFine: t.ticketFine } : null,
          excusesThisWeek,
        });
        if (pay.kind === 'fines') {
          await this.wallets.post(tx, { userId: u, currency: t.currency!, kind: 'jar_payout', amount: pay.amount, gameId, houseTableId: t.id, dedupeKey: `jar:${gameId}:${u}`, reason: `the Clock Jar: ${computerTimeouts} computer run-out(s)` });
        } else if (pay.kind === 'excuse') {
          await this.repo.addExcuse(tx, { userId: u, gameId, weekStart: week });
        }
        if (pay.kind !== 'none') jar.push({ userId: u, ...pay });
      }
      result.workouts = workouts;
      result.jar = jar;
      await this.repo.addSettlement(tx, gameId, t.id, result as Prisma.InputJsonValue);
      await this.repo.setStatus(tx, t.id, 'finished');
      // The whole settlement to the people seated; the game room (spectators) gets the public result only (SPEC 8.4, docs/realtime.md).
      const seated = humans.map((s) => liveRooms.user(s.userId!));
      if (seated.length) effects.push(liveEmit(seated, 'house:settled', { tableId: t.id, gameId, full: true, ...result }));
      effects.push(liveEmit([liveRooms.game(gameId)], 'house:settled', { tableId: null, gameId, full: false, winner, scores: state.scores, forfeited: state.forfeited, workouts: [], jar: [] }, seated));
      // anti-cheat: analyse the settled game within seconds, as a decided challenge table's (job id = game id: queued once)
      effects.push({ kind: 'anticheat-game', gameId });
      return 'settled' as const;
    });
    await this.queue.run(effects);
    return out;
  }

  /** Recovery: finished house games not settled yet (a crash between the end and the settlement), open tickets and felonies to expire, and the clocks and computer turns of games in play. */
  async recover(): Promise<Effect[]> {
    const effects: Effect[] = [];
    const unsettled = await this.repo.unsettledGames();
    for (const g of unsettled) effects.push({ kind: 'house-settle', gameId: g.id });
    const now = this.clock.now().getTime();
    // One already due gets an id of its own: its deterministic job may still be waiting under an older delay.
    for (const e of await this.ledgerFile.openExpiring()) {
      effects.push({ kind: 'file-expire', entryId: e.id, at: queueTimeAt(this.clock, e.expiresAt), ...(e.expiresAt.getTime() <= now ? { again: true as const } : {}) });
    }
    effects.push(...(await this.commissary.timers()));
    const playing = await this.repo.playingTables();
    for (const t of playing) {
      const game = await this.store.find(t.currentGameId!);
      if (!game || game.status !== 'playing') continue;
      // Not dealt yet (issue 24): its window's job deals it and starts its clock.
      if (game.dealClosesAt) {
        effects.push({ kind: 'deal-close', gameId: game.id, at: game.dealClosesAt });
        continue;
      }
      const atVersion = await this.repo.runOutsAt(game.id, game.version);
      const from = atVersion.length ? atVersion[atVersion.length - 1].createdAt : game.updatedAt;
      effects.push(...this.turns.turnEffects(t, t.seatsTaken, game.id, stateOf(game), atVersion.length, from));
    }
    return effects;
  }

  async sweep(): Promise<number> {
    const effects = await this.recover();
    await this.queue.run(effects);
    return effects.length;
  }
}
