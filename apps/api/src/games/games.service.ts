import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { Game } from '@dcs/db';
import { Action, apply, GameEvent, GameState, toRecord, GameRecord } from '@dcs/engine';
import { AppError, notFound } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { ActionResponseDto, GameActionDto, GameViewResponseDto } from './games.dto';
import { ChallengeFlowService, GameMoveStore, GamesRepository, renderGameView, SeatRow, StoredAction, TIMEOUTS_TO_FORFEIT, TurnClockService } from '@dcs/tournament';
import { GameEventsPublisher, GameMoved } from '../live/game-events.publisher';
import { replaySteps, type ReplayStep } from './replay-steps';

import type { MissedEvent } from '@dcs/common/live/live.contract';
export type { MissedEvent };

const isStaffRole = (r: string) => r === 'reviewer' || r === 'admin';
const isStaff = (user: AuthUser) => user.roles.some(isStaffRole);

/** Engine error codes that mean "the game has moved on" rather than "that move is illegal". */
const CONFLICT_CODES = new Set(['STALE_VERSION', 'GAME_OVER', 'HAND_OVER']);

function sameAction(a: StoredAction['action'], seat: number, dto: GameActionDto): boolean {
  const norm = (t?: string) => (t ? t.split('-').map(Number).sort((x, y) => y - x).join('-') : undefined);
  return a.seat === seat && a.type === dto.type && norm(a.tile) === norm(dto.tile) && (a.end ?? undefined) === (dto.end ?? undefined);
}

/**
 * The one service behind every game move (HTTP now, sockets later): the caller's own seat,
 * a version check, idempotent retries, and the state change plus its append-only log entry
 * in one transaction under a row lock.
 */
@Injectable()
export class GamesService {
  private readonly logger = new Logger(GamesService.name);

  private readonly seatCache = new Map<string, SeatRow[]>();

  constructor(
    private readonly repo: GamesRepository,
    private readonly moves: GameMoveStore,
    private readonly flow: ChallengeFlowService,
    private readonly events: GameEventsPublisher,
    private readonly clock: TurnClockService,
  ) {}

  async view(user: AuthUser | undefined, gameId: string): Promise<GameViewResponseDto> {
    return (await this.viewSince(user, gameId, null)).view;
  }

  /**
   * The caller's current view and, with `since` (the last version the client saw), the moves
   * it missed: versions since+1 … current, read from the append-only game_actions, one entry
   * per version (no gap, no duplicate), each holding only what everyone may know: who did
   * what, the tile of a play (public once played), never the tile of a draw and never a
   * false-knock flag. A version with no action row is a stop by the system (hard stop,
   * cancel, replay).
   */
  /** The table's 6-4/5-5 draw still open (positions only, as `GET /tiebreaks/:id`), for a client (re)joining a game that ended in a tie. */
  async openTiebreak(tableId: string | null): Promise<Awaited<ReturnType<ChallengeFlowService['tiebreakView']>> | null> {
    if (!tableId) return null;
    const tb = await this.repo.prisma.tiebreak.findFirst({ where: { tableId, decidedAt: null }, orderBy: { createdAt: 'desc' }, select: { id: true } });
    return tb ? this.flow.tiebreakView(tb.id) : null;
  }

  async viewSince(user: AuthUser | undefined, gameId: string, since: number | null): Promise<{ view: GameViewResponseDto; missed?: MissedEvent[] }> {
    const game = await this.repo.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const seats = await this.repo.seats(game.tableId);
    const seat = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    const [deadline, tickets] = await Promise.all([this.clock.deadline(game), this.clock.tickets(game.id, game.players)]);
    // Tickets ride on this answer (a page reload, a rejoin) only; each later run-out comes as `game:clock`.
    const view = { ...this.toView(game, game.state as unknown as GameState, seat, deadline), tickets, ticketsToForfeit: TIMEOUTS_TO_FORFEIT };
    if (since === null) return { view };
    const upTo = (game.state as unknown as GameState).version;
    if (since >= upTo) return { view, missed: [] };
    const rows = await this.repo.prisma.gameAction.findMany({
      where: { gameId, version: { gt: since, lte: upTo } },
      orderBy: { version: 'asc' },
      select: { version: true, seat: true, userId: true, action: true, createdAt: true },
    });
    const byVersion = new Map(rows.map((r) => [r.version, r]));
    const missed: MissedEvent[] = [];
    for (let v = Math.max(since, 0) + 1; v <= upTo; v++) {
      const r = byVersion.get(v);
      if (!r) {
        missed.push({ seq: v, type: 'stopped', seat: null, by: 'system', at: null });
        continue;
      }
      const a = r.action as { type?: string; tile?: string; end?: string };
      missed.push({
        seq: v,
        type: (a.type ?? 'unknown') as MissedEvent['type'],
        seat: r.seat,
        ...(a.type === 'play' && a.tile ? { tile: a.tile } : {}),
        ...(a.type === 'play' && a.end ? { end: a.end } : {}),
        by: r.userId ? 'player' : 'system',
        at: r.createdAt.toISOString(),
      });
    }
    return { view, missed };
  }

  async act(user: AuthUser, gameId: string, dto: GameActionDto): Promise<ActionResponseDto> {
    let tableId: string | null = null;
    let committed: GameMoved | null = null;
    const response = await this.moves.withGame(gameId, async (tx) => {
      const { game } = tx;
      tableId = game.tableId;
      const seat = this.seatOf(await this.seatsOf(game.tableId), user);
      const state = game.state;

      // A retry of a request already applied: answer it again, apply nothing.
      if (dto.requestId) {
        const done = await tx.actionByRequest(dto.requestId);
        if (done) {
          if (done.seat !== seat) throw new AppError('REQUEST_ID_REUSED', 'This requestId belongs to another move', HttpStatus.CONFLICT);
          return { ...this.toView(game, state, seat), applied: false, events: [] };
        }
      }
      if (game.version !== dto.version) {
        // The same move resent without a key after it was applied (a lost response).
        const next = game.version === dto.version + 1 && !dto.requestId ? await tx.actionAt(dto.version + 1) : null;
        if (next && next.requestId === null && sameAction(next.action, seat, dto)) {
          return { ...this.toView(game, state, seat), applied: false, events: [] };
        }
        throw new AppError('STALE_VERSION', `The game is at version ${game.version}; you played on version ${dto.version}. Refresh and try again.`, HttpStatus.CONFLICT, {
          currentVersion: game.version,
        });
      }
      const action = { seat, type: dto.type, ...(dto.tile ? { tile: dto.tile } : {}), ...(dto.end ? { end: dto.end } : {}) } as Action;
      const result = apply(state, action, { expectedVersion: dto.version });
      if (!result.ok) {
        const status = CONFLICT_CODES.has(result.error.code) ? HttpStatus.CONFLICT : HttpStatus.UNPROCESSABLE_ENTITY;
        throw new AppError(result.error.code, result.error.message, status);
      }
      // The game row changes with every accepted move, so its updatedAt is when this turn began.
      const decisionMs = Date.now() - game.updatedAt.getTime();
      await tx.save(result.state, { seat, userId: user.id, action, requestId: dto.requestId, decisionMs });
      committed = { game, state: result.state, seats: await this.seatsOf(game.tableId) };
      return { ...this.toView(game, result.state, seat), applied: true, events: result.events as GameEvent[] };
    }, dto.requestId);
    if (!response) throw notFound('Game', gameId);
    // After the commit: the next turn's clock starts, every seat gets its own view, spectators the public one.
    if (response.applied && response.status === 'playing') {
      const deadline = await this.clock.start(gameId, committed!.state.version, tableId);
      response.turnDeadline = deadline.toISOString();
      (committed as GameMoved | null)!.deadline = deadline;
    }
    if (committed) this.events.moved(committed);
    // The move ended the game: decide the table now (places, tiebreak, next round). If this
    // fails or the process dies here, the table-decide job queued by the recovery sweep does it.
    if (response.applied && response.status === 'finished' && tableId) {
      const t = tableId;
      await this.flow.decideTable(t).catch((err: Error) => this.logger.error(`deciding table ${t}: ${err.message}`));
    }
    return response;
  }

  /** Seats never change once a table is seated, so they are cached per table. */
  private async seatsOf(tableId: string | null): Promise<SeatRow[]> {
    if (!tableId) return [];
    const cached = this.seatCache.get(tableId);
    if (cached) return cached;
    const seats = await this.repo.seats(tableId);
    if (this.seatCache.size >= 10_000) this.seatCache.clear();
    if (seats.length) this.seatCache.set(tableId, seats);
    return seats;
  }

  /**
   * SPEC 1.8 record. While the game runs nobody sees another seat's hidden tiles or the seed,
   * whatever their roles (SPEC 7): a seated caller gets their own dealt tiles, everyone else none —
   * the same record for a reviewer or an admin as for anyone in their place. Once the game has
   * ended the record is whole (the seed is published, SPEC 3.3); a reviewer's or admin's read of
   * it is audited.
   */
  async record(user: AuthUser | undefined, gameId: string): Promise<GameRecord & { gameId: string; seedHash: string; seed: string | null }> {
    const game = await this.repo.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const state = game.state as unknown as GameState;
    const seats = await this.repo.seats(game.tableId);
    const viewer = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    const record = toRecord(state, { revealHidden: false, viewer });
    if (state.finished && user && isStaff(user)) await this.repo.auditHiddenTilesRead(game.id, user.id, { roles: user.roles.filter(isStaffRole), seat: viewer });
    return { ...record, gameId: game.id, seedHash: game.seedHash, seed: state.finished ? game.seed : null };
  }

  /** A finished game, position by position (the engine replays its record); 409 GAME_NOT_FINISHED while it runs. */
  async replay(user: AuthUser | undefined, gameId: string): Promise<{ gameId: string; tableId: string | null; endedBy: string | null; steps: ReplayStep[] }> {
    const game = await this.repo.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const state = game.state as unknown as GameState;
    if (!state.finished && game.status !== 'finished') throw new AppError('GAME_NOT_FINISHED', 'A game can be replayed once it has ended', HttpStatus.CONFLICT);
    const record = await this.record(user, gameId);
    return { gameId, tableId: game.tableId, endedBy: state.endedBy, steps: replaySteps(record) };
  }

  toView(game: Pick<Game, 'id' | 'tableId' | 'seedHash' | 'seed'>, state: GameState, seat: number | null, deadline: Date | null = null): GameViewResponseDto {
    return renderGameView(game, state, seat, deadline);
  }

  private seatOf(seats: SeatRow[], user: AuthUser): number {
    const mine = seats.find((s) => s.userId === user.id);
    if (!mine) throw new AppError('NOT_SEATED', 'You are not seated at this game', HttpStatus.FORBIDDEN);
    return mine.seat;
  }
}
