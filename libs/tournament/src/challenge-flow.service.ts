import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Challenge, ChallengeTable, Game, Prisma, Round, Tiebreak } from '@dcs/db';
import { Bracket, BracketRound, generateBracket, isBracketError, roundOne, seatRound } from '@dcs/bracket';
import { AppError, notFound, PrismaService } from '@dcs/common';
import {
  apply as engineApply,
  closePicks,
  drawResult,
  type GameState,
  hardStop as engineHardStop,
  isTiebreakError,
  pick as drawPick,
  PICK_WINDOW_MS,
  seedRng,
  shuffle,
  startDraw,
  tablePlaces,
  type TiebreakState,
  tiebreakPublicView,
  type TiebreakPublicView,
  TILE_POSITIONS,
} from '@dcs/engine';
import { challengeAwards, DEFAULT_PRIZE_SPLIT, isPointsError, isStandingsError, type PlayerExit, type PrizeSplit, seasonStandings } from '@dcs/ranking';
import { ChallengeQueue, Effect } from './challenge-queue';
import { GamesRepository, Tx } from './games.repository';
import { gameViewEmits, LiveEmit, liveEmit, liveRooms } from './live-emitter';
import { loadSeasonChallenges, loadSeasonPenalties } from './season-facts';
import { finalPlaceOf, orderAfterDraw, outOfPlayAhead, TableOutcome, tableOutcome } from './table-outcome';
import { seatedNotice, tiebreakNotice } from './notices';
import { eventBracket } from './season-events';
import { SeasonStandingsStore } from './season-standings.store';
import { TurnClockService } from './turn-clock.service';
import { notStarted } from './challenge/challenge.types';
import { lockChallenge, lockChallengeOfRound } from './challenge/challenge.locks';
import { RegistrationsService } from './registrations/registrations.service';

/** What `challenge.bracket` stores: the generated bracket plus the recorded seeding draw. */
export interface StoredBracket {
  bracket: Bracket;
  /** Seed of the random order among players with equal season points (re-derivable). */
  seedingDraw: string;
  /** Season points each player was seeded with. */
  seasonPoints: Record<string, number>;
}

import type { SeatResult } from '@dcs/common/live/live.contract';
export type { SeatResult };

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * Seating a round writes every table, seat, game and notice of the round in one transaction: 512 players are
 * 128 tables. Prisma's default 5 s limit would roll back a whole Saturday's start on a busy machine (it did
 * under load in tests), so seating gets a minute; the row locks it holds are the challenge's and the round's.
 */
const SEATING_TX = { timeout: 60_000, maxWait: 10_000 } as const;

/**
 * A challenge from 12:00 on (SPEC 3.2-3.6): seeding and the bracket, seating each
 * round with its games, the 30-minute hard stop, deciding tables (with the
 * 6-4/5-5 draw where a tie matters), the next round after the break, and the
 * placements, points and prizes at the end.
 *
 * Every step runs in one transaction under row locks taken in one order — the challenge, then
 * its round (then the previous round), then the draw, then games — so that no two steps, nor a
 * director's cancel or disqualification (challenge, then games), can deadlock. Every step is
 * idempotent (a step already done is a no-op) and returns the timers it made due; they are
 * queued after the commit. A crash between the two
 * is repaired by `recover()`, which re-queues every timer the database says is due.
 */
@Injectable()
export class ChallengeFlowService {
  private readonly logger = new Logger(ChallengeFlowService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly games: GamesRepository,
    private readonly queue: ChallengeQueue,
    private readonly clock: TurnClockService,
    private readonly seasons: SeasonStandingsStore,
    private readonly registrations: RegistrationsService,
  ) {}

  // ------------------------------------------------------------------ start

  /** 12:00: cancel with fewer than the minimum checked in, otherwise seed, draw the bracket and seat round 1. */
  async start(challengeId: string, now = new Date()): Promise<'started' | 'cancelled' | 'noop'> {
    const effects: Effect[] = [];
    const result = await this.prisma.$transaction(async (tx) => {
      const ch = await this.lockChallenge(tx, challengeId);
      if (!ch || !notStarted(ch.status)) return 'noop' as const;
      const regs = await this.registrations.entrants(tx, challengeId);
      // Checked-in registered players hold their places; checked-in waitlisted players take the places left, in order.
      const checkedIn = regs.filter((r) => r.checkedInAt !== null);
      const seated = [...checkedIn.filter((r) => r.status === 'registered'), ...checkedIn.filter((r) => r.status === 'waitlisted')]
        .slice(0, ch.capacity)
        .map((r) => r.userId);
      if (seated.length < ch.minPlayers) {
        const reason = `only ${seated.length} player${seated.length === 1 ? '' : 's'} checked in; a challenge needs at least ${ch.minPlayers}`;
        await tx.challenge.update({ where: { id: ch.id }, data: { status: 'cancelled', cancelReason: reason, version: { increment: 1 } } });
        await tx.notification.createMany({
          data: regs.map((r) => ({
            userId: r.userId,
            kind: 'challenge.cancelled',
            title: 'Challenge cancelled',
            body: `The challenge of ${ch.localDate} is cancelled: ${reason}.`,
            data: json({ challengeId: ch.id }),
            dedupeKey: `cancelled:${ch.id}`,
          })),
          skipDuplicates: true,
        });
        await tx.auditLog.create({ data: { action: 'challenge.cancelled', entityType: 'challenge', entityId: ch.id, reason, data: json({ checkedIn: seated.length }) } });
        return 'cancelled' as const;
      }

      const stored = await this.seed(tx, ch, seated);
      const round = await tx.round.create({
        data: {
          challengeId: ch.id,
          number: 1,
          status: 'running',
          startsAt: now,
          hardStopAt: new Date(now.getTime() + ch.roundSeconds * 1000),
          byes: json(stored.bracket.byes.map((b) => b.playerId)),
        },
      });
      await this.seatTables(tx, ch, round, roundOne(stored.bracket), stored.bracket, effects);
      await tx.challenge.update({ where: { id: ch.id }, data: { status: 'running', bracket: json(stored), version: { increment: 1 } } });
      await tx.auditLog.create({
        data: { action: 'challenge.started', entityType: 'challenge', entityId: ch.id, data: json({ players: seated.length, rounds: stored.bracket.rounds, byes: stored.bracket.byeCount }) },
      });
      effects.push({ kind: 'hard-stop', roundId: round.id, at: round.hardStopAt! });
      return 'started' as const;
    }, SEATING_TX);
    await this.queue.run(effects);
    return result;
  }

  /**
   * Seeds by the city's season standings (points, then SPEC 4's tiebreaker chain); players
   * still level after the chain, and players not ranked yet, are ordered by a recorded random
   * draw. Generates the bracket from that order.
   */
  private async seed(tx: Tx, ch: Challenge, players: string[]): Promise<StoredBracket> {
    if (ch.kind === 'regional' || ch.kind === 'ndt') return eventBracket(ch, players); // seeded by the event's entrant order
    const seasonPoints: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
    const rankOf = new Map<string, number>();
    if (ch.seasonId) {
      const standings = seasonStandings(await loadSeasonChallenges(tx, ch.seasonId), await loadSeasonPenalties(tx, ch.seasonId));
      if (isStandingsError(standings)) throw new Error(`standings: ${standings.code} ${standings.message}`);
      for (const s of standings) {
        if (s.playerId in seasonPoints) {
          seasonPoints[s.playerId] = s.points;
          rankOf.set(s.playerId, s.rank);
        }
      }
    }
    const seedingDraw = randomBytes(16).toString('hex');
    const drawn = shuffle(seedRng(seedingDraw), [...players].sort());
    const rankInDraw = new Map(drawn.map((id, i) => [id, i]));
    const ranked = (id: string) => rankOf.get(id) ?? Number.MAX_SAFE_INTEGER;
    const ordered = [...players].sort((a, b) => ranked(a) - ranked(b) || rankInDraw.get(a)! - rankInDraw.get(b)!);
    const bracket = generateBracket({ players: ordered.map((id, i) => ({ id, seed: i + 1 })), seed: randomBytes(16).toString('hex') });
    if (isBracketError(bracket)) throw new Error(`bracket: ${bracket.code} ${bracket.message}`);
    return { bracket, seedingDraw, seasonPoints };
  }

  /** Creates a round's tables, their seats (as drawn by the bracket) and their games. */
  private async seatTables(tx: Tx, ch: Challenge, round: Round, seated: BracketRound, bracket: Bracket, effects: Effect[]): Promise<void> {
    const seedOf = new Map(bracket.seeding.map((id, i) => [id, i + 1]));
    const dq = await this.registrations.disqualified(tx, ch.id);
    const seating: { tableId: string; table: number; gameId: string; seats: { seat: number; userId: string }[] }[] = [];
    for (const t of seated.tables) {
      const table = await tx.challengeTable.create({ data: { challengeId: ch.id, roundId: round.id, index: t.index, status: 'playing' } });
      await tx.tableSeat.createMany({ data: t.seats.map((userId, seat) => ({ tableId: table.id, seat, userId, seed: seedOf.get(userId)! })) });
      let game = await this.games.createTournamentGame(tx, table.id, t.seats.length);
      for (const [seat, userId] of t.seats.entries()) {
        if (dq.has(userId)) game = await this.forfeitSeat(tx, game, seat, null);
      }
      effects.push({ kind: 'turn-clock', gameId: game.id, version: game.version, attempt: 0, at: new Date(Date.now() + ch.turnMs) });
      seating.push({ tableId: table.id, table: t.index, gameId: game.id, seats: t.seats.map((userId, seat) => ({ seat, userId })) });
    }
    const notices = seating.flatMap((t) =>
      t.seats.map((s) => ({ userId: s.userId, notice: seatedNotice({ challengeId: ch.id, roundId: round.id, round: round.number, table: t.table, tableId: t.tableId, gameId: t.gameId, seat: s.seat, hardStopAt: round.hardStopAt }) })),
    );
    effects.push(this.roundStarted(ch.id, round, seating), ...notices.map((n) => liveEmit([liveRooms.user(n.userId)], 'notification', n.notice)));
    await tx.notification.createMany({
      data: notices.map((n) => ({ userId: n.userId, ...n.notice, data: json(n.notice.data), dedupeKey: `seated:${round.id}` })),
      skipDuplicates: true,
    });
  }

  // ------------------------------------------------------------------ tables

  /** A table whose game has ended: places, a draw where a tie matters, or the result. No-op otherwise. */
  async decideTable(tableId: string): Promise<void> {
    const effects: Effect[] = [];
    await this.prisma.$transaction(async (tx) => {
      const t0 = await tx.challengeTable.findUnique({ where: { id: tableId }, select: { roundId: true } });
      if (!t0) return;
      const round = await this.lockChallengeRound(tx, t0.roundId);
      const table = await tx.challengeTable.findUnique({ where: { id: tableId } });
      // Only in a running round: a director's cancel finishes the rounds (under their locks) and
      // leaves the tables as they are. A decide job queued before the cancel (the game had just
      // ended) or re-queued by the recovery sweep after it would otherwise decide the table and
      // carry the cancelled challenge on into its next round, or complete it with placements and prizes.
      if (!round || round.status !== 'running' || !table || table.status !== 'playing') return;
      await this.decideInTx(tx, round, table, effects);
    });
    await this.queue.run(effects);
  }

  private async decideInTx(tx: Tx, round: Round, table: ChallengeTable, effects: Effect[]): Promise<void> {
    const game = await this.currentGame(tx, table.id);
    if (!game || game.status !== 'finished') return;
    // anti-cheat: analyse the finished game within seconds (job id = game id: queued once)
    effects.push({ kind: 'anticheat-game', gameId: game.id });
    const state = game.state as unknown as GameState;
    const { final } = await this.roundInfo(tx, round);
    const places = tablePlaces(state);
    const outcome = tableOutcome(places, final);
    if (outcome.kind === 'tiebreak') {
      const seats = await tx.tableSeat.findMany({ where: { tableId: table.id } });
      const userOf = new Map(seats.map((s) => [s.seat, s.userId]));
      const players = outcome.group.map((s) => userOf.get(s)!);
      const draw = startDraw({ drawId: randomBytes(16).toString('hex'), players, places: outcome.places });
      if (isTiebreakError(draw)) throw new Error(`tiebreak: ${draw.code} ${draw.message}`);
      const closesAt = new Date(Date.now() + PICK_WINDOW_MS);
      const tb = await tx.tiebreak.create({
        data: { challengeId: table.challengeId, tableId: table.id, players: json(players), state: json(draw), closesAt, version: draw.version },
      });
      await tx.challengeTable.update({ where: { id: table.id }, data: { status: 'tiebreak' } });
      const notice = tiebreakNotice({ challengeId: table.challengeId, tiebreakId: tb.id, tableId: table.id, gameId: game.id, closesAt });
      await tx.notification.createMany({
        data: players.map((userId) => ({ userId, ...notice, data: json(notice.data), dedupeKey: `tiebreak:${tb.id}` })),
        skipDuplicates: true,
      });
      effects.push({ kind: 'tiebreak-close', tiebreakId: tb.id, version: draw.version, at: closesAt });
      effects.push(this.tiebreakOpen(tb, draw, game.id, await this.tableRooms(tx, table, game.id)));
      effects.push(...players.map((userId) => liveEmit([liveRooms.user(userId)], 'notification', notice)));
      return;
    }
    await this.writeResult(tx, round, table, state, outcome, final, effects);
  }

  private async writeResult(tx: Tx, round: Round, table: ChallengeTable, state: GameState, outcome: TableOutcome & { kind: 'decided' }, final: boolean, effects: Effect[]): Promise<void> {
    const seats = await tx.tableSeat.findMany({ where: { tableId: table.id } });
    const userOf = new Map(seats.map((s) => [s.seat, s.userId]));
    const result: SeatResult[] = outcome.order.map((seat, i) => ({
      userId: userOf.get(seat)!,
      seat,
      score: state.scores[seat],
      place: final ? finalPlaceOf(i) : i + 1,
      advanced: outcome.advanced.includes(seat),
      forfeited: state.forfeited[seat],
    }));
    const done = await tx.challengeTable.updateMany({
      where: { id: table.id, status: { in: ['playing', 'tiebreak'] } },
      data: { status: 'finished', result: json(result), endedBy: state.endedBy, decidedAt: new Date() },
    });
    if (done.count !== 1) return;
    effects.push(
      liveEmit([liveRooms.challenge(table.challengeId), ...seats.map((s) => liveRooms.user(s.userId))], 'table:result', {
        challengeId: table.challengeId,
        roundId: round.id,
        round: round.number,
        tableId: table.id,
        table: table.index,
        endedBy: state.endedBy,
        final,
        result,
      }),
    );
    await this.afterTableDecided(tx, round, effects);
  }

  /** When the round's last table is decided: the next round after the break, or the challenge's results. */
  private async afterTableDecided(tx: Tx, round: Round, effects: Effect[]): Promise<void> {
    const open = await tx.challengeTable.count({ where: { roundId: round.id, status: { not: 'finished' } } });
    if (open > 0) return;
    await tx.round.update({ where: { id: round.id }, data: { status: 'finished', endedAt: new Date() } });
    const { challenge, final } = await this.roundInfo(tx, round);
    if (final) {
      await this.complete(tx, challenge, effects);
      effects.push(liveEmit([liveRooms.challenge(challenge.id)], 'round:finished', { challengeId: challenge.id, roundId: round.id, round: round.number, next: null, completed: true }));
      return;
    }
    const startsAt = new Date(Date.now() + challenge.breakSeconds * 1000);
    const next = await tx.round.upsert({
      where: { challengeId_number: { challengeId: challenge.id, number: round.number + 1 } },
      create: { challengeId: challenge.id, number: round.number + 1, status: 'pending', startsAt },
      update: {},
    });
    effects.push({ kind: 'round-start', roundId: next.id, at: next.startsAt ?? startsAt });
    effects.push(
      liveEmit([liveRooms.challenge(challenge.id)], 'round:finished', {
        challengeId: challenge.id,
        roundId: round.id,
        round: round.number,
        next: { roundId: next.id, round: next.number, startsAt: (next.startsAt ?? startsAt).toISOString() },
        completed: false,
      }),
    );
  }

  // ------------------------------------------------------------------ rounds

  /** After the break: seats the round from the previous round's advancers. */
  async startRound(roundId: string, now = new Date()): Promise<void> {
    const effects: Effect[] = [];
    await this.prisma.$transaction(async (tx) => {
      const round = await this.lockChallengeRound(tx, roundId);
      if (!round || round.status !== 'pending') return;
      if (round.startsAt && round.startsAt.getTime() > now.getTime()) {
        effects.push({ kind: 'round-start', roundId, at: round.startsAt, again: true });
        return;
      }
      // Lock order: the challenge, this round, then the previous one.
      // - The challenge: a disqualification holds it (disqualifyIn) from marking the player until it
      //   commits, having found no table of this round to forfeit. Unlocked, the seating read the
      //   disqualified players before that commit and seated the player without a forfeit.
      // - The previous round: a director's result correction holds it (correctResult) from reading
      //   that this round is still pending until it commits the new result. Unlocked, the seating
      //   read the previous tables' results before that commit and seated the old advancers while
      //   the correction was accepted too.
      const prevId = await tx.round.findUnique({ where: { challengeId_number: { challengeId: round.challengeId, number: round.number - 1 } }, select: { id: true } });
      const prev = prevId ? await this.lockRound(tx, prevId.id) : null;
      const { challenge, stored } = await this.roundInfo(tx, round);
      if (!prev || prev.status !== 'finished') return;
      const prevTables = await tx.challengeTable.findMany({ where: { roundId: prev.id }, orderBy: { index: 'asc' }, include: { seats: true } });
      const current: BracketRound =
        prev.number === 1
          ? roundOne(stored.bracket)
          : { round: prev.number, tables: prevTables.map((t) => ({ round: prev.number, index: t.index, players: t.seats.map((s) => s.userId), seats: [] })) };
      const advancers = prevTables.map((t) => (t.result as unknown as SeatResult[]).filter((r) => r.advanced).map((r) => r.userId));
      const next = seatRound(stored.bracket, current, advancers);
      if (isBracketError(next)) throw new Error(`seating round ${round.number}: ${next.code} ${next.message}`);
      const hardStopAt = new Date(now.getTime() + challenge.roundSeconds * 1000);
      const started = await tx.round.update({ where: { id: round.id }, data: { status: 'running', startsAt: now, hardStopAt } });
      await this.seatTables(tx, challenge, started, next, stored.bracket, effects);
      effects.push({ kind: 'hard-stop', roundId, at: hardStopAt });
    }, SEATING_TX);
    await this.queue.run(effects);
  }

  /** The 30-minute hard stop (SPEC 3.4): every table still playing ends now, the hand in progress void, places by score. */
  async hardStop(roundId: string, now = new Date()): Promise<void> {
    const effects: Effect[] = [];
    await this.prisma.$transaction(async (tx) => {
      const round = await this.lockChallengeRound(tx, roundId);
      if (!round || round.status !== 'running') return;
      if (round.hardStopAt && round.hardStopAt.getTime() > now.getTime()) {
        effects.push({ kind: 'hard-stop', roundId, at: round.hardStopAt, again: true }); // fired early (clock skew): wait
        return;
      }
      const tables = await tx.challengeTable.findMany({ where: { roundId, status: 'playing' }, orderBy: { index: 'asc' } });
      effects.push(
        liveEmit([liveRooms.challenge(round.challengeId)], 'round:hard-stop', {
          challengeId: round.challengeId,
          roundId,
          round: round.number,
          at: now.toISOString(),
          tables: tables.map((t) => ({ tableId: t.id, table: t.index })),
        }),
      );
      for (const table of tables) {
        const game = await this.currentGame(tx, table.id, true);
        if (game && game.status === 'playing') {
          const stopped = engineHardStop(game.state as unknown as GameState);
          if (!stopped.ok) throw new Error(`hard stop of game ${game.id}: ${stopped.error.message}`);
          await this.games.saveSystemChange(tx, game, stopped.state);
          effects.push(...gameViewEmits(game, stopped.state, await tx.tableSeat.findMany({ where: { tableId: table.id }, select: { seat: true, userId: true } }), null));
          await tx.auditLog.create({
            data: { action: 'game.hard-stop', entityType: 'game', entityId: game.id, reason: '30-minute round limit', data: json({ roundId, scores: stopped.state.scores }) },
          });
        }
        await this.decideInTx(tx, round, table, effects);
      }
    });
    await this.queue.run(effects);
  }

  // ------------------------------------------------------------------ tiebreaks

  async tiebreakView(tiebreakId: string): Promise<TiebreakPublicView & { id: string; tableId: string | null; closesAt: string; decided: boolean }> {
    const tb = await this.prisma.tiebreak.findUnique({ where: { id: tiebreakId } });
    if (!tb) throw notFound('Tiebreak', tiebreakId);
    return { id: tb.id, tableId: tb.tableId, closesAt: tb.closesAt.toISOString(), decided: tb.decidedAt !== null, ...tiebreakPublicView(tb.state as unknown as TiebreakState) };
  }

  /** A tied player takes the face-down tile at `position` while the 5-second window is open. */
  async pickTile(userId: string, tiebreakId: string, position: number, now = new Date()): Promise<TiebreakPublicView> {
    const effects: Effect[] = [];
    // The window the player picked in: the draw as it was when the pick arrived, before waiting for
    // its lock. A close holding the lock may settle that window and open the next one (a split, or no
    // winner); the pick, made in the window that closed, must not be counted in the new one.
    const seen = await this.prisma.tiebreak.findUnique({ where: { id: tiebreakId }, select: { state: true } });
    const seenRound = seen ? (seen.state as unknown as TiebreakState).round : null;
    const view = await this.prisma.$transaction(async (tx) => {
      const tb = await this.lockTiebreak(tx, tiebreakId);
      if (!tb) throw notFound('Tiebreak', tiebreakId);
      const current = tb.state as unknown as TiebreakState;
      // The same pick again (a retry after a lost answer, HTTP or socket): answered, not applied twice.
      if (current.status === 'picking' && current.picks.some((p) => p.playerId === userId && p.position === position && !p.auto)) return tiebreakPublicView(current);
      if (tb.decidedAt || now.getTime() > tb.closesAt.getTime() || current.round !== seenRound) {
        throw new AppError('DRAW_CLOSED', 'The picking window of this draw is closed', HttpStatus.CONFLICT, { closesAt: tb.closesAt.toISOString() });
      }
      const next = drawPick(tb.state as unknown as TiebreakState, userId, position);
      if (isTiebreakError(next)) {
        const status = next.code === 'NOT_IN_DRAW' ? HttpStatus.FORBIDDEN : next.code === 'BAD_POSITION' ? HttpStatus.BAD_REQUEST : HttpStatus.CONFLICT;
        throw new AppError(next.code, next.message, status);
      }
      await tx.tiebreak.update({ where: { id: tb.id }, data: { state: json(next), version: next.version } });
      if (tb.tableId) {
        const table = await tx.challengeTable.findUniqueOrThrow({ where: { id: tb.tableId } });
        effects.push(
          liveEmit(await this.tableRooms(tx, table), 'tiebreak:picked', { tiebreakId: tb.id, tableId: tb.tableId, round: next.round, version: next.version, playerId: userId, position, taken: next.picks.map((p) => ({ playerId: p.playerId, position: p.position })) }),
        );
      }
      return tiebreakPublicView(next);
    });
    await this.queue.run(effects);
    return view;
  }

  /** The window closed: unpicked tiles are picked at random; a winner settles the table, a split or none draws again. */
  async closeTiebreak(tiebreakId: string, now = new Date()): Promise<void> {
    const effects: Effect[] = [];
    await this.prisma.$transaction(async (tx) => {
      const t0 = await tx.tiebreak.findUnique({ where: { id: tiebreakId }, select: { tableId: true } });
      const table0 = t0?.tableId ? await tx.challengeTable.findUnique({ where: { id: t0.tableId } }) : null;
      if (!table0) return;
      const round = await this.lockChallengeRound(tx, table0.roundId);
      const tb = await this.lockTiebreak(tx, tiebreakId);
      // Only in a running round: a cancel finishes the rounds and leaves their draws open; a close
      // job due after it would otherwise settle the table and carry the cancelled challenge on.
      if (!round || round.status !== 'running' || !tb || tb.decidedAt) return;
      const state = tb.state as unknown as TiebreakState;
      // Whichever window's job this is, only the current window counts: not over yet → wait for it.
      if (tb.closesAt.getTime() > now.getTime()) {
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: tb.version, at: tb.closesAt, again: true });
        return;
      }
      const closed = closePicks(state);
      if (isTiebreakError(closed)) throw new Error(`tiebreak ${tiebreakId}: ${closed.code}`);
      const result = drawResult(closed);
      const gameId = (await this.currentGame(tx, table0.id))?.id ?? null;
      const rooms = await this.tableRooms(tx, table0, gameId);
      const record = closed.rounds[closed.rounds.length - 1];
      effects.push(
        liveEmit(rooms, 'tiebreak:reveal', {
          tiebreakId,
          tableId: table0.id,
          challengeId: table0.challengeId,
          round: record.round,
          place: record.place,
          contenders: record.contenders,
          picks: record.picks.map((p) => ({ playerId: p.playerId, position: p.position, tile: p.tile, auto: p.auto })),
          hands: record.hands,
          outcome: record.outcome,
          decided: result !== null,
          winners: closed.winners,
          order: result ? [...result.winners, ...result.rest] : null,
        }),
      );
      if (!result) {
        const closesAt = new Date(now.getTime() + PICK_WINDOW_MS);
        await tx.tiebreak.update({ where: { id: tb.id }, data: { state: json(closed), version: closed.version, closesAt } });
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: closed.version, at: closesAt });
        effects.push(this.tiebreakOpen({ ...tb, closesAt }, closed, gameId, rooms));
        return;
      }
      await tx.tiebreak.update({ where: { id: tb.id }, data: { state: json(closed), version: closed.version, decidedAt: now } });
      const table = await tx.challengeTable.findUnique({ where: { id: table0.id } });
      const game = await this.currentGame(tx, table0.id);
      if (!table || table.status !== 'tiebreak' || !game) return;
      const gameState = game.state as unknown as GameState;
      const seats = await tx.tableSeat.findMany({ where: { tableId: table.id } });
      const seatOf = new Map(seats.map((s) => [s.userId, s.seat]));
      const group = (tb.players as string[]).map((u) => seatOf.get(u)!);
      const { final } = await this.roundInfo(tx, round);
      const outcome = orderAfterDraw(tablePlaces(gameState), group, result.winners.map((u) => seatOf.get(u)!), final);
      if (outcome.kind !== 'decided') return;
      await this.writeResult(tx, round, table, gameState, outcome, final, effects);
    });
    await this.queue.run(effects);
  }

  // ------------------------------------------------------------------ results

  /** Placements, ranking points and prizes of every player, written once (SPEC 3.6). */
  private async complete(tx: Tx, challenge: Challenge, effects: Effect[]): Promise<void> {
    const stored = challenge.bracket as unknown as StoredBracket;
    const R = stored.bracket.rounds;
    const rounds = await tx.round.findMany({ where: { challengeId: challenge.id }, include: { tables: true } });
    const exits: PlayerExit[] = [];
    for (const round of rounds) {
      for (const table of round.tables) {
        (table.result as unknown as SeatResult[]).forEach((r, i) => {
          if (round.number === R) exits.push({ playerId: r.userId, round: R, finalPlace: finalPlaceOf(i) });
          else if (!r.advanced) exits.push({ playerId: r.userId, round: round.number });
        });
      }
    }
    const split = isPrizeSplit(challenge.prizeSplit) ? challenge.prizeSplit : DEFAULT_PRIZE_SPLIT;
    const awards = challengeAwards(R, exits, challenge.prizePoolCents, split);
    if (isPointsError(awards)) throw new Error(`awards of ${challenge.id}: ${awards.code} ${awards.message}`);
    const dq = await this.registrations.disqualified(tx, challenge.id);
    await tx.placement.createMany({
      data: awards.map((a) => ({
        challengeId: challenge.id,
        userId: a.playerId,
        placement: a.placement,
        rankingPoints: dq.has(a.playerId) ? 0 : a.points,
        prizeCents: dq.has(a.playerId) ? 0 : a.prizeCents,
        disqualified: dq.has(a.playerId),
      })),
      skipDuplicates: true,
    });
    await tx.challenge.update({ where: { id: challenge.id }, data: { status: 'completed', completedAt: new Date(), version: { increment: 1 } } });
    await tx.notification.createMany({
      data: awards.map((a) => ({
        userId: a.playerId,
        kind: 'challenge.result',
        title: 'Your result',
        body: `Placement ${a.placement}: ${a.points} ranking points${a.prizeCents ? `, prize $${(a.prizeCents / 100).toFixed(2)}` : ''}.`,
        data: json({ challengeId: challenge.id, ...a }),
        dedupeKey: `result:${challenge.id}`,
      })),
      skipDuplicates: true,
    });
    await tx.auditLog.create({ data: { action: 'challenge.completed', entityType: 'challenge', entityId: challenge.id, data: json({ players: awards.length }) } });
    // Same transaction: the season's stored standings (or the WDC entry of an NDT champion).
    await this.seasons.afterChallengeCompleted(tx, (await tx.challenge.findUniqueOrThrow({ where: { id: challenge.id } })), effects);
  }

  // ------------------------------------------------------------------ director acts (reason required, audited)

  /**
   * SPEC 7: whoever plays in a challenge — registered or waitlisted in it, or seated at any of its
   * tables — never directs it, whatever roles they hold (an admin included). Every director act on
   * the challenge asks this first, inside its transaction, before writing anything.
   */
  async assertNotPlayingIn(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    const [entered, seated] = await Promise.all([this.registrations.isEntered(tx, challengeId, actorId), tx.tableSeat.count({ where: { userId: actorId, table: { challengeId } } })]);
    if (entered || seated) {
      throw new AppError('OWN_CHALLENGE', 'You play in this challenge, so you may not direct it: another director must act', HttpStatus.FORBIDDEN, { challengeId });
    }
  }

  /** Cancels a challenge that has not completed: games in progress end, nobody is placed, every registrant is told why. */
  async cancel(actorId: string, challengeId: string, reason: string): Promise<void> {
    const effects: Effect[] = [];
    await this.prisma.$transaction(async (tx) => {
      const ch = await this.lockChallenge(tx, challengeId);
      if (!ch) throw notFound('Challenge', challengeId);
      await this.assertNotPlayingIn(tx, challengeId, actorId);
      if (ch.status === 'completed' || ch.status === 'cancelled') {
        throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`, HttpStatus.CONFLICT);
      }
      const playing = await tx.game.findMany({ where: { status: 'playing', table: { challengeId } }, select: { id: true } });
      for (const { id } of playing) {
        const game = (await this.games.lock(tx, id))!;
        const stopped = engineHardStop(game.state as unknown as GameState, 'void');
        if (stopped.ok) {
          await this.games.saveSystemChange(tx, game, stopped.state);
          const seats = game.tableId ? await tx.tableSeat.findMany({ where: { tableId: game.tableId }, select: { seat: true, userId: true } }) : [];
          effects.push(...gameViewEmits(game, stopped.state, seats, null));
        }
      }
      await tx.round.updateMany({ where: { challengeId, status: { not: 'finished' } }, data: { status: 'finished', endedAt: new Date() } });
      await tx.challenge.update({ where: { id: challengeId }, data: { status: 'cancelled', cancelReason: reason, version: { increment: 1 } } });
      const regs = await this.registrations.entrants(tx, challengeId);
      await tx.notification.createMany({
        data: regs.map((r) => ({
          userId: r.userId,
          kind: 'challenge.cancelled',
          title: 'Challenge cancelled',
          body: `The challenge of ${ch.localDate} is cancelled by the director: ${reason}.`,
          data: json({ challengeId }),
          dedupeKey: `cancelled:${challengeId}`,
        })),
        skipDuplicates: true,
      });
      await tx.auditLog.create({ data: { actorId, action: 'challenge.cancelled', entityType: 'challenge', entityId: challengeId, reason, data: json({ from: ch.status }) } });
    });
    await this.queue.run(effects);
  }

  /**
   * Disqualifies a player: they forfeit the table they sit at now (placed last there) and any
   * later one, and earn no ranking points or prize from this challenge.
   */
  async disqualify(actorId: string, challengeId: string, userId: string, reason: string): Promise<void> {
    const effects = await this.prisma.$transaction((tx) => this.disqualifyIn(tx, actorId, challengeId, userId, reason));
    await this.queue.run(effects);
  }

  /**
   * The disqualification inside the caller's transaction (a conduct filing writes it together with
   * its violation). Locks the challenge row first, as every challenge step does. Throws before any
   * write when the player cannot be disqualified (ALREADY_DISQUALIFIED among them). The returned
   * effects are for `ChallengeQueue.run` once the caller's transaction has committed, never before.
   */
  async disqualifyIn(tx: Tx, actorId: string, challengeId: string, userId: string, reason: string): Promise<Effect[]> {
    const effects: Effect[] = [];
    const ch = await this.lockChallenge(tx, challengeId);
    if (!ch) throw notFound('Challenge', challengeId);
    await this.assertNotPlayingIn(tx, challengeId, actorId);
    if (ch.status === 'completed' || ch.status === 'cancelled') {
      throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`, HttpStatus.CONFLICT);
    }
    const marked = await this.registrations.disqualify(tx, challengeId, userId, reason, new Date());
    if (marked === 'not_registered') throw new AppError('NOT_REGISTERED', 'This player is not in the challenge', HttpStatus.NOT_FOUND);
    if (marked === 'already') throw new AppError('ALREADY_DISQUALIFIED', 'This player is already disqualified', HttpStatus.CONFLICT);
    const seat = await tx.tableSeat.findFirst({ where: { userId, table: { challengeId, status: 'playing' } } });
    if (seat) {
      const g = await this.currentGame(tx, seat.tableId, true);
      if (g && g.status === 'playing') {
        const after = await this.forfeitSeat(tx, g, seat.seat, actorId);
        let deadline: Date | null = null;
        if (after.status === 'finished') effects.push({ kind: 'table-decide', tableId: seat.tableId });
        else if (after.version !== g.version) {
          // the turn may have passed: the new version's clock starts now
          deadline = new Date(Date.now() + (await this.clock.turnMs(tx, seat.tableId)));
          effects.push({ kind: 'turn-clock', gameId: after.id, version: after.version, attempt: 0, at: deadline });
        }
        if (after.version !== g.version) {
          effects.push(...gameViewEmits(after, after.state as unknown as GameState, await tx.tableSeat.findMany({ where: { tableId: seat.tableId }, select: { seat: true, userId: true } }), deadline));
        }
      }
    }
    await tx.notification.createMany({
      data: [{ userId, kind: 'challenge.disqualified', title: 'Disqualified', body: `You are disqualified from this challenge: ${reason}.`, data: json({ challengeId }), dedupeKey: `dq:${challengeId}` }],
      skipDuplicates: true,
    });
    await tx.auditLog.create({ data: { actorId, action: 'challenge.player-disqualified', entityType: 'challenge', entityId: challengeId, reason, data: json({ userId, tableId: seat?.tableId ?? null }) } });
    const player = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true } });
    effects.push(liveEmit([liveRooms.challenge(challengeId)], 'player:disqualified', { challengeId, userId, displayName: player.displayName, tableId: seat?.tableId ?? null, reason }));
    return effects;
  }

  /** Voids a table's game that is not decided yet and deals a new one (a replay): the old game and its log stay on record. */
  async voidTable(actorId: string, tableId: string, reason: string): Promise<{ gameId: string }> {
    const effects: Effect[] = [];
    const out = await this.prisma.$transaction(async (tx) => {
      const t0 = await tx.challengeTable.findUnique({ where: { id: tableId } });
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.lockChallengeRound(tx, t0.roundId))!;
      await this.assertNotPlayingIn(tx, t0.challengeId, actorId);
      const table = (await tx.challengeTable.findUnique({ where: { id: tableId }, include: { seats: { orderBy: { seat: 'asc' } } } }))!;
      if (round.status !== 'running' || table.status === 'finished') {
        throw new AppError('TABLE_DECIDED', 'Only a table still playing (or in its tiebreak) can be voided and replayed', HttpStatus.CONFLICT);
      }
      const old = await this.currentGame(tx, tableId, true);
      if (old && old.status === 'playing') {
        const stopped = engineHardStop(old.state as unknown as GameState, 'void');
        if (stopped.ok) await this.games.saveSystemChange(tx, old, stopped.state);
      }
      await tx.tiebreak.updateMany({ where: { tableId, decidedAt: null }, data: { decidedAt: new Date() } });
      await tx.challengeTable.update({ where: { id: tableId }, data: { status: 'playing' } });
      const dq = await this.registrations.disqualified(tx, table.challengeId);
      let game = await this.games.createTournamentGame(tx, tableId, table.seats.length);
      for (const s of table.seats) if (dq.has(s.userId)) game = await this.forfeitSeat(tx, game, s.seat, actorId);
      if (game.status === 'finished') effects.push({ kind: 'table-decide', tableId });
      await tx.auditLog.create({ data: { actorId, action: 'table.voided', entityType: 'table', entityId: tableId, reason, data: json({ voidedGameId: old?.id ?? null, newGameId: game.id }) } });
      effects.push(
        liveEmit([liveRooms.challenge(table.challengeId), ...table.seats.map((s) => liveRooms.user(s.userId)), ...(old ? [liveRooms.game(old.id)] : [])], 'table:voided', {
          challengeId: table.challengeId,
          roundId: round.id,
          round: round.number,
          tableId,
          table: table.index,
          voidedGameId: old?.id ?? null,
          gameId: game.id,
          reason,
        }),
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
    await this.prisma.$transaction(async (tx) => {
      const t0 = await tx.challengeTable.findUnique({ where: { id: tableId } });
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.lockChallengeRound(tx, t0.roundId))!;
      await this.assertNotPlayingIn(tx, t0.challengeId, actorId);
      const table = (await tx.challengeTable.findUnique({ where: { id: tableId }, include: { seats: true } }))!;
      const { challenge, final } = await this.roundInfo(tx, round);
      // Read under the challenge's lock: a cancel committed before this correction took it left the
      // tables undecided; deciding one would carry the cancelled challenge on into its next round.
      if (challenge.status === 'cancelled') {
        throw new AppError('CHALLENGE_CLOSED', 'The challenge is cancelled: its results can no longer change', HttpStatus.CONFLICT);
      }
      const ids = table.seats.map((s) => s.userId).sort();
      if (order.length !== ids.length || [...order].sort().join() !== ids.join()) {
        throw new AppError('BAD_ORDER', 'The order must list every player of the table exactly once', HttpStatus.BAD_REQUEST);
      }
      const next = await tx.round.findUnique({ where: { challengeId_number: { challengeId: challenge.id, number: round.number + 1 } } });
      if (next && next.status !== 'pending') {
        throw new AppError('ROUND_SEATED', 'The next round is already seated; this result can no longer change', HttpStatus.CONFLICT);
      }
      const game = await this.currentGame(tx, tableId, true);
      const seatOf = new Map(table.seats.map((s) => [s.userId, s.seat]));
      // Disqualified players (read under the challenge's lock, which a disqualification takes too) and
      // forfeited seats stay last: a correction never hands one of them a slot or a place.
      const forfeited = (game?.state as unknown as GameState | undefined)?.forfeited ?? [];
      const disqualified = await this.registrations.disqualified(tx, challenge.id, ids);
      const out = new Set([...disqualified, ...ids.filter((id) => forfeited[seatOf.get(id)!])]);
      const ahead = outOfPlayAhead(order, out);
      if (ahead) {
        throw new AppError(
          'PLAYER_DISQUALIFIED',
          `Player ${ahead} is disqualified or forfeited at this table and must be placed below every player still in play`,
          HttpStatus.UNPROCESSABLE_ENTITY,
          { userId: ahead },
        );
      }
      if (game && game.status === 'playing') {
        const stopped = engineHardStop(game.state as unknown as GameState);
        if (stopped.ok) await this.games.saveSystemChange(tx, game, stopped.state);
      }
      const state = ((await this.currentGame(tx, tableId))?.state ?? null) as unknown as GameState | null;
      const before = table.result;
      const result: SeatResult[] = order.map((userId, i) => {
        const seat = seatOf.get(userId)!;
        return {
          userId,
          seat,
          score: state?.scores[seat] ?? 0,
          place: final ? finalPlaceOf(i) : i + 1,
          advanced: !final && i < 2,
          forfeited: state?.forfeited[seat] ?? false,
        };
      });
      await tx.tiebreak.updateMany({ where: { tableId, decidedAt: null }, data: { decidedAt: new Date() } });
      await tx.challengeTable.update({ where: { id: tableId }, data: { status: 'finished', result: json(result), endedBy: table.endedBy ?? 'director', decidedAt: new Date() } });
      await tx.auditLog.create({ data: { actorId, action: 'table.result-corrected', entityType: 'table', entityId: tableId, reason, data: json({ before, after: result }) } });
      effects.push(
        liveEmit([liveRooms.challenge(table.challengeId), ...table.seats.map((s) => liveRooms.user(s.userId))], 'table:result', {
          challengeId: table.challengeId,
          roundId: round.id,
          round: round.number,
          tableId,
          table: table.index,
          endedBy: table.endedBy ?? 'director',
          final,
          result,
          corrected: true,
          reason,
        }),
      );
      if (final && challenge.status === 'completed') {
        await tx.$executeRaw`DELETE FROM placements WHERE challenge_id = ${challenge.id}::uuid`;
        await tx.challenge.update({ where: { id: challenge.id }, data: { status: 'running' } });
        await this.complete(tx, (await tx.challenge.findUniqueOrThrow({ where: { id: challenge.id } })), effects);
      } else if (table.status !== 'finished') {
        await this.afterTableDecided(tx, round, effects);
      }
    });
    await this.queue.run(effects);
  }

  /** Applies a forfeit for `seat` (SPEC 1.7) as a logged action of the system or a director. */
  private async forfeitSeat(tx: Tx, game: Game, seat: number, actorId: string | null): Promise<Game> {
    const state = game.state as unknown as GameState;
    if (state.finished || state.forfeited[seat]) return game;
    const r = engineApply(state, { seat, type: 'forfeit' });
    if (!r.ok) throw new Error(`forfeit of seat ${seat} in game ${game.id}: ${r.error.message}`);
    await this.games.saveMove(tx, game, r.state, { seat, userId: actorId, action: json({ seat, type: 'forfeit' }), decisionMs: null });
    return (await tx.game.findUniqueOrThrow({ where: { id: game.id } }));
  }

  // ------------------------------------------------------------------ recovery

  /** Re-queues every timer the database says is due (after a crash between a commit and its queueing). */
  async recover(): Promise<number> {
    const effects: Effect[] = [];
    const running = await this.prisma.round.findMany({ where: { status: 'running' }, select: { id: true, hardStopAt: true } });
    for (const r of running) if (r.hardStopAt) effects.push({ kind: 'hard-stop', roundId: r.id, at: r.hardStopAt });
    const pending = await this.prisma.round.findMany({ where: { status: 'pending' }, select: { id: true, startsAt: true } });
    for (const r of pending) effects.push({ kind: 'round-start', roundId: r.id, at: r.startsAt ?? new Date() });
    // Tables and draws of running rounds only: a cancelled challenge's are left as they were and never decided.
    const undecided = await this.prisma.challengeTable.findMany({ where: { status: 'playing', round: { status: 'running' }, games: { some: { status: 'finished' } } }, select: { id: true } });
    for (const t of undecided) effects.push({ kind: 'table-decide', tableId: t.id });
    const draws = await this.prisma.tiebreak.findMany({
      where: { decidedAt: null, OR: [{ tableId: null }, { table: { round: { status: 'running' } } }] },
      select: { id: true, version: true, closesAt: true },
    });
    for (const d of draws) effects.push({ kind: 'tiebreak-close', tiebreakId: d.id, version: d.version, at: d.closesAt });
    effects.push(...(await this.clock.recover()));
    await this.queue.run(effects);
    return effects.length;
  }

  // ------------------------------------------------------------------ live events (emitted after the commit, see LiveEmitter)

  /** Where a table's live events go: its challenge room, its game's room and every seat's user room. */
  private async tableRooms(tx: Tx, table: Pick<ChallengeTable, 'id' | 'challengeId'>, gameId?: string | null): Promise<string[]> {
    const seats = await tx.tableSeat.findMany({ where: { tableId: table.id }, select: { userId: true } });
    const game = gameId === undefined ? ((await this.currentGame(tx, table.id))?.id ?? null) : gameId;
    return [liveRooms.challenge(table.challengeId), ...(game ? [liveRooms.game(game)] : []), ...seats.map((s) => liveRooms.user(s.userId))];
  }

  /** A picking window opens: 28 face-down positions, who picks, until when. No tile identity. */
  private tiebreakOpen(tb: Pick<Tiebreak, 'id' | 'tableId' | 'challengeId' | 'closesAt'>, state: TiebreakState, gameId: string | null, rooms: string[]): LiveEmit {
    return liveEmit(rooms, 'tiebreak:open', {
      tiebreakId: tb.id,
      challengeId: tb.challengeId,
      tableId: tb.tableId,
      gameId,
      round: state.round,
      place: state.winners.length + 1,
      players: state.players,
      contenders: state.contenders,
      winners: state.winners,
      handSize: state.handSize,
      positions: TILE_POSITIONS,
      taken: state.picks.map((p) => ({ playerId: p.playerId, position: p.position })),
      version: state.version,
      closesAt: tb.closesAt.toISOString(),
    });
  }

  /** A round is seated: the whole seating to the challenge room (each player's own table goes to them as a `notification`). */
  private roundStarted(challengeId: string, round: Round, tables: { tableId: string; table: number; gameId: string; seats: { seat: number; userId: string }[] }[]): LiveEmit {
    const startsAt = round.startsAt?.toISOString() ?? null;
    const hardStopAt = round.hardStopAt?.toISOString() ?? null;
    return liveEmit([liveRooms.challenge(challengeId)], 'round:started', { challengeId, roundId: round.id, round: round.number, startsAt, hardStopAt, tables });
  }

  // ------------------------------------------------------------------ helpers

  private lockChallenge(tx: Tx, id: string): Promise<Challenge | null> {
    return lockChallenge(tx, id, 'UPDATE');
  }

  /**
   * The challenge, then its round: every step of the flow starts so, as a director's cancel and
   * disqualification do (the challenge, then games). A step that took the round first could hold it
   * and a game while a cancel held the challenge and waited for that game, then wait for the
   * challenge itself (completing it, or any insert that references it): a deadlock.
   */
  private async lockChallengeRound(tx: Tx, roundId: string): Promise<Round | null> {
    await lockChallengeOfRound(tx, roundId);
    return this.lockRound(tx, roundId);
  }

  private async lockRound(tx: Tx, id: string): Promise<Round | null> {
    await tx.$queryRaw`SELECT id FROM rounds WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.round.findUnique({ where: { id } });
  }

  private async lockTiebreak(tx: Tx, id: string): Promise<Tiebreak | null> {
    await tx.$queryRaw`SELECT id FROM tiebreaks WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.tiebreak.findUnique({ where: { id } });
  }

  private async currentGame(tx: Tx, tableId: string, lock = false): Promise<Game | null> {
    const g = await tx.game.findFirst({ where: { tableId }, orderBy: { startedAt: 'desc' }, select: { id: true } });
    if (!g) return null;
    return lock ? this.games.lock(tx, g.id) : tx.game.findUnique({ where: { id: g.id } });
  }

  private async roundInfo(tx: Tx, round: Round): Promise<{ challenge: Challenge; stored: StoredBracket; final: boolean }> {
    const challenge = await tx.challenge.findUniqueOrThrow({ where: { id: round.challengeId } });
    const stored = challenge.bracket as unknown as StoredBracket;
    return { challenge, stored, final: round.number === stored.bracket.rounds };
  }
}

function isPrizeSplit(v: unknown): v is PrizeSplit {
  const s = v as Partial<PrizeSplit> | null;
  return !!s && typeof s.first === 'number' && typeof s.second === 'number' && typeof s.thirdFourthEach === 'number';
}
