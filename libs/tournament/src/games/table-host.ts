import { Injectable } from '@nestjs/common';
import type { Game } from '@dcs/db';
import type { GameState } from '@dcs/engine';
import type { Effect } from '../effects/effects-queue';
import type { SeatRow } from './games.repository';
import { AppError, type Tx } from '@dcs/common';
import type { JoinedGame } from '@dcs/common/live/live.contract';

export * from './table-columns';
import { type GameAtTable, type TableKind, type TableRef, tableOf } from './table-columns';

/** A run-out the turn clock has just recorded (its GameTimeout row written), inside its transaction. */
export interface RunOut {
  seat: number;
  version: number;
  attempt: number;
  /** the clock's length on this turn */
  ms: number;
  now: Date;
  /** when the run-out was recorded (the restarted clock counts from then) */
  recordedAt: Date;
}

/** The game row as the clock hands it to a host (locked, with its current state). */
export type HostedGame = Game;

/** Who asks about a game: their seat at it (null: not seated) and whether they are staff (a reviewer or an admin). */
export interface Viewer {
  seat: number | null;
  staff: boolean;
}

/**
 * What a viewer may see of a game beyond its public view, as its table's host answers (`TableHost.audience`):
 * the core (views, records, replays, the post-game review) asks and never decides from the game's kind.
 */
export interface GameAudience {
  /** the game exists for this viewer at all (its review; false: answered as no game, 404) */
  sees: boolean;
  /** its table's id may be named to this viewer (the views and the replay name it then) */
  namesTable: boolean;
  /** its post-game review once the game ended: every seat's, the viewer's own, or refused (the error answered) */
  review: 'all' | 'own' | AppError;
  /** reading every seat's review now is a read of hidden tiles, audited (SPEC 7) */
  auditsReview: boolean;
}

/** What a rejoin (the socket `join`) adds to the view for a kind of table (documented in the JoinedGame contract). */
export type JoinExtras = Omit<JoinedGame, 'seq' | 'view' | 'missed'>;

/** How a kind's finished games are analysed (anti-cheat, docs/anticheat.md; the post-game review, issue 24). */
export interface GameAnalysisPolicy {
  /** the anti-cheat analysis reads its finished games */
  anticheat: boolean;
  /** the players' post-game analysis reviews its finished games */
  review: boolean;
}

/** A game at no table (tests and benches deal them): public, its review every seat's to staff only. */
export const NO_TABLE_AUDIENCE = (viewer: Viewer): GameAudience => ({
  sees: true,
  namesTable: true,
  review: viewer.staff ? 'all' : new AppError('FORBIDDEN', 'This game is at no table: its analysis is for staff only'),
  auditsReview: viewer.staff,
});

/**
 * What a kind of table does when one of its games moves, runs out a clock or ends. The game core
 * (GameMoveService, TurnClockService, GameStore, the views) knows games, seats and versions only; it
 * resolves a game's host once from the row (`tableOf`) and asks it. One host per kind, registered in
 * TableHosts when the kind's module starts.
 */
export interface TableHost {
  readonly kind: TableKind;
  /** Whether the people seated stay the same for every game of the table (then the move path caches them). */
  readonly fixedSeats: boolean;
  /** The people seated (computer seats have no user): who gets each seat's view. */
  seats(tableId: string): Promise<SeatRow[]>;
  /** The clock of the seat on turn, in ms (null: no clock). */
  clockMs(tableId: string, state: GameState, db?: Tx): Promise<number | null>;
  /**
   * After a committed move whose game goes on (its clock already started). `chain`: the mover is the
   * worker playing computer turns, who plays a turn due at once itself: it is handed back, not queued.
   */
  moved(tableId: string, gameId: string, state: GameState, chain: boolean): Promise<{ version: number; attempt: number } | null>;
  /**
   * The contribution window closed and the game was dealt (issue 24), inside the deal's transaction
   * (the game row locked): the effects that start its first turn, as the seating would have queued
   * them had it dealt at once (the turn clock; a computer seat's turn).
   */
  dealt(tx: Tx, game: HostedGame, effects: Effect[]): Promise<void>;
  /** A committed move ended the game (its views already published): decide or settle the table. Never throws. */
  ended(tableId: string, gameId: string): Promise<void>;
  /** The clock ran out on `seat`, inside the clock's transaction, before anything is recorded: false records nothing. */
  mayRunOut(tx: Tx, game: HostedGame, seat: number, attempt: number, effects: Effect[]): Promise<boolean>;
  /** The run-out is recorded: the table's penalties, the restarted clock or the forfeit, their live events. */
  ranOut(tx: Tx, game: HostedGame, run: RunOut, effects: Effect[]): Promise<'ticket' | 'forfeit'>;
  /** After the run-out's transaction committed and its effects were queued. */
  runOutCommitted(gameId: string, outcome: 'ticket' | 'forfeit', effects: readonly Effect[]): Promise<void>;
  /** Who may see the game, its post-game review and its record (the game row's finished state is the caller's). */
  audience(tableId: string, viewer: Viewer): Promise<GameAudience>;
  /** What a rejoin adds for a game of the table (`finished`: the game is over), e.g. a challenge table's open draw. */
  rejoined(tableId: string, finished: boolean): Promise<JoinExtras>;
  /** The recovery sweep (worker start-up and every minute): re-queues every timer of its tables the database says is due; how many. */
  recover(): Promise<number>;
  /** Whether and how its finished games are analysed. */
  readonly analysis: GameAnalysisPolicy;
  /** Whether an anti-cheat case about a game of the table is marked for video review (a challenge's final table, a T3 challenge). */
  highStakes(tableId: string): Promise<boolean>;
}

/** The registry of table hosts, keyed by kind: each kind's host registers itself when its module starts. */
@Injectable()
export class TableHosts {
  private readonly hosts = new Map<TableKind, TableHost>();

  register(host: TableHost): void {
    this.hosts.set(host.kind, host);
  }

  /** The host of a table of this kind. */
  of(kind: TableKind): TableHost {
    const host = this.hosts.get(kind);
    if (!host) throw new Error(`no table host registered for ${kind} tables`);
    return host;
  }

  /** The game's table and its host (null: a game at no table). */
  forGame(game: GameAtTable): { table: TableRef; host: TableHost } | null {
    const table = tableOf(game);
    return table ? { table, host: this.of(table.kind) } : null;
  }

  /**
   * The people of a game: who sat at each seat when it was dealt (the row's `seatUsers`, written by kinds whose
   * seats change between games: a house table's rematch, leave or new joiner must not rename an old game's seats),
   * else the table's seats (a kind whose seats never change: fixedSeats).
   */
  async seatsOfGame(game: GameAtTable & { seatUsers?: unknown }): Promise<SeatRow[]> {
    if (Array.isArray(game.seatUsers)) return (game.seatUsers as (string | null)[]).flatMap((userId, seat) => (userId ? [{ seat, userId }] : []));
    const at = this.forGame(game);
    return at ? at.host.seats(at.table.id) : [];
  }

  /** Who may see the game (its host's answer; a game at no table: NO_TABLE_AUDIENCE). */
  async audience(game: GameAtTable, viewer: Viewer): Promise<GameAudience> {
    const at = this.forGame(game);
    return at ? at.host.audience(at.table.id, viewer) : NO_TABLE_AUDIENCE(viewer);
  }

  /** What a rejoin adds (its host's answer; nothing at no table). */
  async rejoined(game: GameAtTable, finished: boolean): Promise<JoinExtras> {
    const at = this.forGame(game);
    return at ? at.host.rejoined(at.table.id, finished) : {};
  }

  /** Every registered host's recovery sweep, one after another; the timers ensured in all. */
  async recover(): Promise<number> {
    let n = 0;
    for (const host of this.hosts.values()) n += await host.recover();
    return n;
  }

  /** The registered hosts that answer yes (the anti-cheat scan reads only the kinds that have their games analysed). */
  where(test: (host: TableHost) => boolean): TableKind[] {
    return [...this.hosts.values()].filter(test).map((h) => h.kind);
  }
}
