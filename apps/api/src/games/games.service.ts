import { Injectable } from '@nestjs/common';
import { GameState, toRecord, GameRecord } from '@dcs/engine';
import { AppError, notFound } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { ActionResponseDto, GameActionDto, GameViewResponseDto } from './games.dto';
import { GameMoveService, GamesRepository, GameStore, type JoinExtras, NO_TABLE_COLUMNS, renderGameView, type ViewableGame, tableColumnsOf, TableHosts, TIMEOUTS_TO_FORFEIT, TurnClockService } from '@dcs/tournament';
import { replaySteps, type ReplayStep } from './replay-steps';

import type { MissedEvent } from '@dcs/common/live/live.contract';
import { stateOf } from '@dcs/tournament';
export type { MissedEvent };

const isStaffRole = (r: string) => r === 'reviewer' || r === 'admin';
const isStaff = (user: AuthUser) => user.roles.some(isStaffRole);

/**
 * Games at the edge (HTTP and socket.io): views, missed moves, records and replays, and a player's
 * moves, which go through the one move service of every game (GameMoveService in libs/tournament:
 * the caller's own seat, a version check, idempotent retries, the state change plus its
 * append-only log entry, and its broadcast to the table).
 */
@Injectable()
export class GamesService {
  constructor(
    private readonly repo: GamesRepository,
    private readonly store: GameStore,
    private readonly mover: GameMoveService,
    private readonly clock: TurnClockService,
    private readonly hosts: TableHosts,
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
  /**
   * A game's view for `user` (and the moves since `since`, for a rejoin). `join`: the socket `join` answer
   * carries every seat's tickets (a reloaded page is told them; `game:clock` counts on from there) and what
   * the game's table adds to a rejoin (`TableHost.rejoined`: a challenge table's open draw); `GET
   * /games/:id/view` stays the very view `game:view` pushes.
   */
  async viewSince(user: AuthUser | undefined, gameId: string, since: number | null, join = false): Promise<{ view: GameViewResponseDto; missed?: MissedEvent[]; extras?: JoinExtras }> {
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const seats = await this.hosts.seatsOfGame(game);
    const seat = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    const state = stateOf(game);
    const [deadline, tickets, audience, extras] = await Promise.all([
      this.clock.deadline(game),
      join ? this.clock.tickets(game.id, game.players) : null,
      this.hosts.audience(game, { seat, staff: !!user && isStaff(user) }),
      join ? this.hosts.rejoined(game, state.finished) : undefined,
    ]);
    const rendered = this.toView(game, state, seat, deadline);
    // The pushed views name the table as its seats may see it; a viewer the host lets see more (staff at a house table) is told it here.
    const base = audience.namesTable ? { ...rendered, ...tableColumnsOf(game) } : rendered;
    const view = tickets ? { ...base, tickets, ticketsToForfeit: TIMEOUTS_TO_FORFEIT } : base;
    if (since === null) return { view, ...(extras ? { extras } : {}) };
    const upTo = stateOf(game).version;
    if (since >= upTo) return { view, missed: [], ...(extras ? { extras } : {}) };
    const rows = await this.store.actionsBetween(gameId, since, upTo);
    const byVersion = new Map(rows.map((r) => [r.version, r]));
    const missed: MissedEvent[] = [];
    for (let v = Math.max(since, 0) + 1; v <= upTo; v++) {
      const r = byVersion.get(v);
      if (!r) {
        missed.push({ seq: v, type: 'stopped', seat: null, by: 'system', at: null });
        continue;
      }
      const a = r.action;
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
    return { view, missed, ...(extras ? { extras } : {}) };
  }

  /** Anyone's view of a game (no seat, no clock): what a table's public page shows. */
  async publicView(gameId: string): Promise<GameViewResponseDto> {
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    return this.toView(game, stateOf(game), null);
  }

  /** A player's move: the one move service (GameMoveService), which publishes it to the table (MovePublisher). */
  async act(user: AuthUser, gameId: string, dto: GameActionDto): Promise<ActionResponseDto> {
    return (await this.mover.move(gameId, { userId: user.id }, dto)).response;
  }

  /**
   * SPEC 1.8 record. While the game runs nobody sees another seat's hidden tiles or the seed,
   * whatever their roles (SPEC 7): a seated caller gets their own dealt tiles, everyone else none —
   * the same record for a reviewer or an admin as for anyone in their place. Once the game has
   * ended the record is whole (the seed is published, SPEC 3.3); a reviewer's or admin's read of
   * it is audited.
   */
  async record(user: AuthUser | undefined, gameId: string): Promise<GameRecord & { gameId: string; seedHash: string; seed: string | null }> {
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const state = stateOf(game);
    const seats = await this.hosts.seatsOfGame(game);
    const viewer = user ? (seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    // Until the deal (the contribution window) the stored state is a placeholder: no tile of it is shown,
    // not even to its seat (docs/rules.md, Deals 4a), as the live views show none.
    const undealt = !!game.dealClosesAt && !state.finished;
    const record = { ...toRecord(state, { revealHidden: false, viewer }), ...(undealt ? { hands: [] } : {}) };
    if (state.finished && user && isStaff(user)) await this.repo.auditHiddenTilesRead(game.id, user.id, { roles: user.roles.filter(isStaffRole), seat: viewer });
    // The contributions are public as they come in; the record has them once the game is dealt.
    const contributions = !game.dealClosesAt && Array.isArray(game.contributions) ? { contributions: game.contributions as string[] } : {};
    return { ...record, ...contributions, gameId: game.id, seedHash: game.seedHash, seed: state.finished ? game.seed : null };
  }

  /** A finished game, position by position (the engine replays its record); 409 GAME_NOT_FINISHED while it runs. */
  async replay(user: AuthUser | undefined, gameId: string): Promise<{ gameId: string; tableId: string | null; houseTableId: string | null; endedBy: string | null; steps: ReplayStep[] }> {
    const game = await this.store.find(gameId);
    if (!game) throw notFound('Game', gameId);
    const state = stateOf(game);
    if (!state.finished && game.status !== 'finished') throw new AppError('GAME_NOT_FINISHED', 'A game can be replayed once it has ended');
    const record = await this.record(user, gameId);
    // The table is named as its host says (a house table to staff and its players only: an unlisted table's id is its secret).
    const seat = user ? ((await this.hosts.seatsOfGame(game)).find((s) => s.userId === user.id)?.seat ?? null) : null;
    const { namesTable } = await this.hosts.audience(game, { seat, staff: !!user && isStaff(user) });
    const table = namesTable ? tableColumnsOf(game) : NO_TABLE_COLUMNS;
    return { gameId, ...table, endedBy: state.endedBy, steps: replaySteps(record) };
  }

  toView(game: ViewableGame, state: GameState, seat: number | null, deadline: Date | null = null): GameViewResponseDto {
    return renderGameView(game, state, seat, deadline);
  }

}
