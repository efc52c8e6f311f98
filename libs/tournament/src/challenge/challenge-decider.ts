import { Injectable, Logger } from '@nestjs/common';
import type { Challenge, ChallengeTable, Round } from '@dcs/db';
import { type GameState, hardStop as engineHardStop, isTiebreakError, PICK_WINDOW_MS, startDraw, tablePlaces } from '@dcs/engine';
import { challengeAwards, DEFAULT_PRIZE_SPLIT, isPointsError } from '@dcs/ranking';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { gameViewEmits } from '../live/live-emitter';
import { tiebreakNotice } from '../notifications/notices';
import { RegistrationsService } from '../registrations/registrations.service';
import { SeasonStandingsStore } from '../season-standings.store';
import { TableOutcome, tableOutcome } from './table-outcome';
import {
  advancersOf,
  exitsOf,
  firedEarly,
  isPrizeSplit,
  placementsOf,
  roundEnd,
  seatNow,
  seatResults,
} from './challenge.decisions';
import * as say from './challenge.messages';
import { ChallengeRepository, SEATING_TX } from './challenge.repository';
import { type SeatResult, type StoredBracket } from './challenge-rows';
import { nextRoundReminders } from '../delivery/reminder.messages';
import { TournamentClock } from '../time/tournament-clock';
import { guarded, tableRooms } from './flow-steps';
import { ChallengeSeating } from './challenge-seating';
import { AppConfig, secretSeed, type Tx } from '@dcs/common';
import { stateOf } from '../games/stored-state';

/**
 * Deciding tables (an act of the challenge flow, lichess's "Finisher"): a table whose game ended gets its
 * places, a 6-4/5-5 draw where a tie matters, or its result; the round's last table finishes the round
 * (the next round after the break, or the challenge's placements, points and prizes); the 30-minute hard
 * stop ends every table still playing. Decides of one round are batched per process (decideTable).
 */
@Injectable()
export class TableDecider {
  private readonly logger = new Logger(TableDecider.name);

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly games: GameStore,
    private readonly queue: EffectsQueue,
    private readonly seasons: SeasonStandingsStore,
    private readonly registrations: RegistrationsService,
    private readonly time: TournamentClock,
    private readonly seating: ChallengeSeating,
    private readonly config: AppConfig,
  ) {}

  /**
   * A table whose game has ended: places, a draw where a tie matters, or the result. No-op otherwise.
   *
   * Every decide of a round takes the challenge's lock (the lock order), so the decides of one round
   * run one after the other whatever happens. When a round's tables end together (128 of them in a
   * 512-player round 1) they used to wait for that lock each in a transaction of its own, each holding
   * a pool connection while it waited: the pool ran dry, and the late ones failed with "Unable to start
   * a transaction in the given time" (left to the worker's decide job) while every other query of the
   * process queued behind them. Here a process decides a round's tables one batch at a time: a decide
   * asked for while a batch of its round runs waits in memory (no connection held) and joins the next
   * batch, which decides every table asked for meanwhile in one transaction under one lock, in the
   * order they were asked. The result is what the same decides taken one by one would give: each table
   * is decided on what the tables before it wrote. A batch that fails is taken again table by table,
   * so one table's failure is only that table's.
   */
  async decideTable(tableId: string): Promise<void> {
    const roundId = await this.repo.roundOfTable(tableId);
    if (!roundId) return;
    return new Promise<void>((resolve, reject) => {
      let next = this.decideQueue.get(roundId);
      if (!next) this.decideQueue.set(roundId, (next = []));
      next.push({ tableId, resolve, reject });
      if (!this.deciding.has(roundId)) void this.drainDecides(roundId);
    });
  }
  /** The decides asked for per round and not started yet (see decideTable). */
  private readonly decideQueue = new Map<string, { tableId: string; resolve: () => void; reject: (err: unknown) => void }[]>();
  /** Rounds whose batch is running in this process. */
  private readonly deciding = new Set<string>();
  async drainDecides(roundId: string): Promise<void> {
    this.deciding.add(roundId);
    try {
      for (let batch = this.decideQueue.get(roundId); batch; batch = this.decideQueue.get(roundId)) {
        this.decideQueue.delete(roundId);
        const tables = [...new Set(batch.map((w) => w.tableId))];
        try {
          await this.decideTables(roundId, tables);
          for (const w of batch) w.resolve();
        } catch (err) {
          if (tables.length === 1) {
            for (const w of batch) w.reject(err);
            continue;
          }
          for (const tableId of tables) {
            const waiting = batch.filter((w) => w.tableId === tableId);
            await this.decideTables(roundId, [tableId]).then(
              () => waiting.forEach((w) => w.resolve()),
              (e: unknown) => waiting.forEach((w) => w.reject(e)),
            );
          }
        }
      }
    } finally {
      this.deciding.delete(roundId);
    }
  }
  /** Decides the round's tables (those still playing) in one transaction under the challenge's and the round's locks. */
  async decideTables(roundId: string, tableIds: readonly string[]): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(
      async (tx) => {
        const round = await this.repo.lockChallengeRound(tx, roundId);
        // Only in a running round: a director's cancel finishes the rounds (under their locks) and
        // leaves the tables as they are. A decide job queued before the cancel (the game had just
        // ended) or re-queued by the recovery sweep after it would otherwise decide the table and
        // carry the cancelled challenge on into its next round, or complete it with placements and prizes.
        if (!round || round.status !== 'running') return;
        // Whether the round is the final: read once for the batch (the challenge row holds the whole bracket).
        const { final } = await this.repo.roundInfo(tx, round);
        for (const tableId of tableIds) {
          const table = await this.repo.table(tx, tableId);
          // A table decided before (by a batch of another process, the worker's job): nothing to do.
          // The last table of the round finishes the round: no table after it is still playing.
          if (table && table.status === 'playing') await this.decideInTx(tx, round, table, effects, final);
        }
      },
      // A batch of a round's whole set of tables writes more than one decide does: it gets seating's limits.
      tableIds.length > 1 ? SEATING_TX : undefined,
    );
    await this.settle(effects);
  }
  /** `knownFinal`: whether the round is the final, when the caller has read it already. */
  async decideInTx(tx: Tx, round: Round, table: ChallengeTable, effects: Effect[], knownFinal?: boolean): Promise<void> {
    const game = await this.repo.currentGame(tx, table.id);
    if (!game || game.status !== 'finished') return;
    // anti-cheat: analyse the finished game within seconds (job id = game id: queued once)
    effects.push({ kind: 'anticheat-game', gameId: game.id });
    const state = stateOf(game);
    const final = knownFinal ?? (await this.repo.roundInfo(tx, round)).final;
    const outcome = tableOutcome(tablePlaces(state), final);
    if (outcome.kind === 'tiebreak') {
      const seats = await this.repo.seats(tx, table.id);
      const userOf = new Map(seats.map((s) => [s.seat, s.userId]));
      const players = outcome.group.map((s) => userOf.get(s)!);
      const draw = startDraw({ drawId: secretSeed(this.config.REHEARSAL_SEED, `round ${round.number} table ${table.index} draw`, 16), players, places: outcome.places });
      if (isTiebreakError(draw)) throw new Error(`tiebreak: ${draw.code} ${draw.message}`);
      const closesAt = new Date(this.time.now().getTime() + PICK_WINDOW_MS);
      const tb = await this.repo.createTiebreak(tx, { challengeId: table.challengeId, tableId: table.id, players, state: draw, closesAt, version: draw.version });
      await this.repo.setTableStatus(tx, table.id, 'tiebreak');
      const notice = tiebreakNotice({ challengeId: table.challengeId, tiebreakId: tb.id, tableId: table.id, gameId: game.id, closesAt });
      const notices = players.map((userId) => ({ userId, ...notice, dedupeKey: `tiebreak:${tb.id}` }));
      const worded = await this.repo.notify(tx, notices);
      effects.push({ kind: 'tiebreak-close', tiebreakId: tb.id, version: draw.version, at: closesAt });
      effects.push(say.tiebreakOpen(tb, draw, game.id, await tableRooms(this.repo, tx, table, game.id)));
      effects.push(...worded.map(say.noticeEmit));
      return;
    }
    await this.writeResult(tx, round, table, state, outcome, final, effects);
  }
  async writeResult(tx: Tx, round: Round, table: ChallengeTable, state: GameState, outcome: TableOutcome & { kind: 'decided' }, final: boolean, effects: Effect[]): Promise<void> {
    const seats = await this.repo.seats(tx, table.id);
    const result = seatResults(outcome, new Map(seats.map((s) => [s.seat, s.userId])), state, final);
    if (!(await this.repo.finishTable(tx, table.id, result, state.endedBy, this.time.now()))) return;
    effects.push(
      say.tableResult(
        { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId: table.id, table: table.index, endedBy: state.endedBy, final, result },
        seats.map((s) => s.userId),
      ),
    );
    await this.afterTableDecided(tx, round, effects);
  }
  /** When the round's last table is decided: the next round after the break, or the challenge's results. */
  async afterTableDecided(tx: Tx, round: Round, effects: Effect[]): Promise<void> {
    if ((await this.repo.openTables(tx, round.id)) > 0) return;
    await this.repo.finishRound(tx, round.id, this.time.now());
    const { challenge, final } = await this.repo.roundInfo(tx, round);
    const end = roundEnd(final, this.time.now(), challenge.breakSeconds);
    switch (end.kind) {
      case 'complete':
        await this.complete(tx, challenge, effects);
        effects.push(say.roundFinished(challenge.id, round, null));
        return;
      case 'next-round': {
        const next = await this.repo.nextRound(tx, challenge.id, round.number + 1, end.startsAt);
        const startsAt = next.startsAt ?? end.startsAt;
        if (!seatNow(startsAt, this.time.now())) await this.tellNextRound(tx, challenge, round, next, startsAt);
        effects.push({ kind: 'round-start', roundId: next.id, at: startsAt });
        effects.push(say.roundFinished(challenge.id, round, { roundId: next.id, round: next.number, startsAt }));
        return;
      }
    }
  }
  /**
   * The break starts: every player still in (the round's advancers, after round 1 the byes too; not the
   * disqualified) is told when the next round is seated, in this transaction (once per round: its dedupe key).
   */
  private async tellNextRound(tx: Tx, challenge: Challenge, round: Round, next: Round, startsAt: Date): Promise<void> {
    const advancers = advancersOf((await this.repo.roundTables(tx, round.id)).map((t) => ({ result: (t.result ?? []) as unknown as SeatResult[] }))).flat();
    const stillIn = [...new Set([...advancers, ...(round.number === 1 ? ((round.byes ?? []) as string[]) : [])])];
    const out = await this.registrations.disqualified(tx, challenge.id, stillIn);
    const cityName = await this.repo.cityName(tx, challenge.cityId);
    await this.repo.notify(tx, nextRoundReminders({ challengeId: challenge.id, cityName, roundId: next.id, round: next.number, startsAt }, stillIn.filter((id) => !out.has(id))));
  }
  /** The 30-minute hard stop (SPEC 3.4): every table still playing ends now, the hand in progress void, places by score. */
  async hardStop(roundId: string, now = this.time.now()): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const round = await this.repo.lockChallengeRound(tx, roundId);
      if (!round || round.status !== 'running') return;
      if (firedEarly(round.hardStopAt, now)) {
        effects.push({ kind: 'hard-stop', roundId, at: round.hardStopAt!, again: true }); // fired early (clock skew): wait
        return;
      }
      const tables = await this.repo.playingTables(tx, roundId);
      effects.push(say.roundHardStop(round.challengeId, round, now, tables));
      for (const table of tables) {
        const game = await this.repo.currentGame(tx, table.id, true);
        if (game && game.status === 'playing') {
          const stopped = engineHardStop(stateOf(game));
          if (!stopped.ok) throw new Error(`hard stop of game ${game.id}: ${stopped.error.message}`);
          await this.games.saveSystemChange(tx, game, stopped.state);
          effects.push(...gameViewEmits(game, stopped.state, await this.repo.seatRows(tx, table.id), null));
          await this.repo.audit(tx, { action: 'game.hard-stop', entityType: 'game', entityId: game.id, reason: '30-minute round limit', data: { roundId, scores: stopped.state.scores } });
        }
        await this.decideInTx(tx, round, table, effects);
      }
    });
    await this.settle(effects);
  }
  /**
   * Queues what a step made due, after its commit. A next round due now (the challenge has no
   * break between rounds) is seated at once in its own transaction instead of waiting for the
   * worker to pick up its job; the job stays queued and finds the round seated.
   */
  async settle(effects: readonly Effect[]): Promise<void> {
    await this.queue.run(effects);
    const now = this.time.now();
    for (const e of effects) {
      if (e.kind === 'round-start' && !e.again && seatNow(e.at, now)) await guarded(this.logger, `seating of round ${e.roundId}`, () => this.seating.startRound(e.roundId, now));
    }
  }
  /** Placements, ranking points and prizes of every player, written once (SPEC 3.6). */
  async complete(tx: Tx, challenge: Challenge, effects: Effect[]): Promise<void> {
    const stored = challenge.bracket as unknown as StoredBracket;
    const exits = exitsOf(await this.repo.roundsWithResults(tx, challenge.id), stored.bracket.rounds);
    const split = isPrizeSplit(challenge.prizeSplit) ? challenge.prizeSplit : DEFAULT_PRIZE_SPLIT;
    const awards = challengeAwards(stored.bracket.rounds, exits, challenge.prizePoolCents, split);
    if (isPointsError(awards)) throw new Error(`awards of ${challenge.id}: ${awards.code} ${awards.message}`);
    await this.repo.writePlacements(tx, challenge.id, placementsOf(awards, await this.registrations.disqualified(tx, challenge.id)));
    await this.repo.markCompleted(tx, challenge.id, this.time.now());
    await this.repo.notify(tx, say.resultNotices(challenge.id, awards));
    await this.repo.audit(tx, { action: 'challenge.completed', entityType: 'challenge', entityId: challenge.id, data: { players: awards.length } });
    // Same transaction: the season's stored standings (or the WDC entry of an NDT champion).
    await this.seasons.afterChallengeCompleted(tx, await this.repo.challenge(tx, challenge.id), effects);
  }
}
