import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { Game, Prisma } from '@dcs/db';
import { createGame, dealSeed, type GameState } from '@dcs/engine';
import { PG_POOL, PrismaService, type Tx, sha256 } from '@dcs/common';

import { needsSnapshot, replayTail } from './game-snapshot';
import { LatestStateCache } from './game-state-cache';
import { MoveConflict, MoveWrites } from './move-writes';
import { tableColumns, tableColumnsOf, TABLE_COLUMNS_SQL, type TableColumns, type TableRef } from './table-host';
import { stateOf, toStoredState } from './stored-state';

/** A game row with `state` the game's current state (the snapshot with its tail replayed). */
export type StoredGame = Game;

/** The game as a move reads it. */
export interface LockedGame extends TableColumns {
  id: string;
  state: GameState;
  version: number;
  status: 'playing' | 'finished';
  seed: string;
  seedHash: string;
  /** set while the contribution window is open: the game is not dealt yet (no move, no clock) */
  dealClosesAt: Date | null;
  contributions: Prisma.JsonValue | null;
  /** when the current version was written: the start of the turn on move */
  updatedAt: Date;
}

export interface StoredAction {
  /** the version the action made (it was played on version - 1) */
  version: number;
  seat: number;
  action: { seat?: number; type?: string; tile?: string; end?: string };
  requestId: string | null;
}

/** One entry of the append-only action log, as replays, reconnects and the anti-cheat analysis read it. */
export interface LoggedAction {
  version: number;
  seat: number;
  userId: string | null;
  action: { seat?: number; type?: string; tile?: string; end?: string };
  decisionMs: number | null;
  createdAt: Date;
}

/** What a move appends to the log. */
export interface ActionEntry {
  seat: number;
  userId: string | null;
  action: object;
  requestId?: string;
  decisionMs: number | null;
}

/** One move against the game as read: the save is a compare-and-set on its version. */
export interface MoveTransaction {
  readonly game: LockedGame;
  actionByRequest(requestId: string): Promise<StoredAction | null>;
  actionAt(version: number): Promise<StoredAction | null>;
  /**
   * The version bump (with a snapshot of the new state at a hand boundary or the end) and its
   * append-only log entry, in one atomic statement that applies only if the game is still at the
   * version read; otherwise the whole move is retried on a fresh read.
   */
  save(next: GameState, entry: ActionEntry): Promise<void>;
}

export interface DealOptions {
  ruleset: string;
  players: number;
  partners?: boolean;
  settings?: Record<string, unknown>;
  /** who sits at each seat (a user id, null for a computer), kept with the game by kinds whose seats change between games (games.seat_users) */
  seatUsers?: readonly (string | null)[];
}

/** A contribution window (issue 24): for each seat, whether a person sits there; when it closes. */
export interface ContributionWindow {
  people: boolean[];
  closesAt: Date;
}

const MAX_ATTEMPTS = 8;
/** Games whose latest state a process keeps (a 512-player Saturday runs 128 tables; a state is ~10-60 kB of objects). */
const CACHE_GAMES = 4096;

type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Raw row of GAME_SQL: the row's columns, the snapshot and its tail unless the cache holds the version. */
interface GameRow extends Omit<Game, 'state'> {
  state: GameState | null;
  tail: { version: number; action: unknown }[] | null;
  done?: { version: number; seat: number; action: StoredAction['action']; request_id: string | null } | null;
}

/**
 * Every game row with its snapshot and the actions after it, for a list of (id, version held in the
 * cache or -1): where the cache holds the row's version, neither the snapshot (TOASTed, up to 54 kB)
 * nor the tail is read. A finished game's snapshot is its whole final state.
 */
const GAME_SQL = (extra = '') => `
  SELECT g.id, ${TABLE_COLUMNS_SQL}, g.ruleset, g.players, g.status::text AS status,
    g.version, g.seed, g.seed_hash AS "seedHash", g.contributions, g.seat_users AS "seatUsers", g.deal_closes_at AS "dealClosesAt", g.started_at AS "startedAt", g.finished_at AS "finishedAt", g.updated_at AS "updatedAt",
    CASE WHEN g.version = k.held THEN NULL ELSE g.state END AS state,
    CASE WHEN g.version = k.held OR g.status = 'finished' THEN NULL ELSE
      (SELECT coalesce(json_agg(json_build_object('version', a.version, 'action', a.action) ORDER BY a.version), '[]'::json)
         FROM game_actions a WHERE a.game_id = g.id AND a.version > (g.state->>'version')::int) END AS tail${extra}
  FROM unnest($1::uuid[], $2::int[]) WITH ORDINALITY AS k(id, held, n) JOIN games g ON g.id = k.id
  ORDER BY k.n`;

/**
 * Every move a batch carries, each applied only if its game is still at the version the move was
 * decided on; the version bump and the log entry of each move are one row each of the one statement,
 * so a move is never half-written, and a batch commits whole or not at all.
 */
const WRITE_SQL = `
  WITH i AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::boolean[], $5::int[], $6::uuid[], $7::jsonb[], $8::text[], $9::int[], $10::jsonb[])
      WITH ORDINALITY AS i(id, version, expected, finished, seat, user_id, action, request_id, decision_ms, state, n)),
  moved AS (
    UPDATE games g SET version = i.version, state = COALESCE(i.state, g.state),
      status = CASE WHEN i.finished THEN 'finished'::"GameStatus" ELSE g.status END,
      finished_at = CASE WHEN i.finished THEN now() ELSE g.finished_at END, updated_at = now()
    FROM i WHERE g.id = i.id AND g.version = i.expected
    RETURNING i.n, g.updated_at)
  INSERT INTO game_actions (id, game_id, version, seat, user_id, action, request_id, decision_ms, created_at)
  SELECT gen_random_uuid(), i.id, i.version, i.seat, i.user_id, i.action, i.request_id, i.decision_ms, moved.updated_at
  FROM moved JOIN i ON i.n = moved.n
  RETURNING game_id AS "gameId", created_at AS at`;

/**
 * The one game store (issue 13: one storage write): the only code that reads or writes
 * `games.state` / `games.version` and `game_actions`. It deals games, answers the current state of
 * one game or many, runs the move compare-and-set of GameMoveService (no row lock across the
 * engine; an idempotent request id; a lost race re-runs the move on a fresh read), writes system
 * changes and forfeits inside a caller's transaction under the row lock the caller's lock order
 * takes, and reads the append-only action log for reconnects, replays and analysis.
 *
 * Storage (issue 17): see game-snapshot.ts. A move that crosses no hand boundary writes a small row
 * (version, updated_at) and its action; a per-process cache of the latest state lets a move on a
 * game this process played last skip the read entirely (the compare-and-set on the version is the
 * check), and lets views read only the row's version. docs/scaling.md has the figures.
 */
@Injectable()
export class GameStore {
  private readonly cache = new LatestStateCache<LockedGame>(CACHE_GAMES);
  /** the moves' writes, several games' to a statement (group commit) */
  private readonly writes: MoveWrites;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.writes = new MoveWrites(pool, WRITE_SQL);
  }

  // ------------------------------------------------------------------ create

  /** Deals a new tournament game (the DCS ruleset) at a challenge table, or at none (tests, benches). */
  /**
   * Deals a game at a table from a fresh secret seed (or the one given: a rehearsal's, see secretSeed);
   * its SHA-256 is public at once (SPEC 3.3). The engine validates the ruleset's settings (SPEC 8.1).
   */
  async deal(tx: Tx, table: TableRef | null, opts: DealOptions, window?: ContributionWindow, given?: string): Promise<StoredGame> {
    const seed = given ?? randomBytes(32).toString('hex');
    const { seatUsers, ...game } = opts;
    const created = createGame({ ...game, seed });
    if (!created.ok) throw new Error(`cannot deal a ${opts.players}-player ${opts.ruleset} game: ${created.error.message}`);
    // With a contribution window the state is a placeholder until closeDeal (nobody sees it: the views
    // hide it, and no move is taken); people's seats wait for theirs (JSON null), computers' give ''.
    const state = created.state;
    const fair = window && window.people.some(Boolean) ? { contributions: window.people.map((p) => (p ? null : '')), dealClosesAt: window.closesAt } : {};
    return tx.game.create({
      data: { ...tableColumns(table), ruleset: opts.ruleset, players: opts.players, seed, seedHash: sha256(seed), state: toStoredState(state), version: state.version, ...fair, ...(seatUsers ? { seatUsers: [...seatUsers] } : {}) },
    });
  }

  /**
   * A seated person's contribution while the window is open: stored once for the seat, in one
   * statement (the closing deal locks the row, so a contribution is either in the deal or refused).
   * Returns the contributions as stored, or why not: 'dealt' (the window has closed), 'sent' (this
   * seat has one already), null (no such game).
   */
  async contribute(gameId: string, seat: number, contribution: string, now: Date): Promise<(string | null)[] | 'dealt' | 'sent' | null> {
    const { rows } = await this.pool.query<{ contributions: (string | null)[] }>(
      `UPDATE games SET contributions = jsonb_set(contributions, ARRAY[($2::int)::text], to_jsonb($3::text))
       WHERE id = $1::uuid AND deal_closes_at IS NOT NULL AND deal_closes_at > $4 AND status = 'playing'
         AND jsonb_typeof(contributions -> $2::int) = 'null'
       RETURNING contributions`,
      [gameId, seat, contribution, now],
    );
    if (rows.length) return rows[0].contributions;
    const game = await this.pool.query<{ open: boolean }>(`SELECT deal_closes_at IS NOT NULL AND deal_closes_at > $2 AND status = 'playing' AS open FROM games WHERE id = $1::uuid`, [gameId, now]);
    if (!game.rows.length) return null;
    return game.rows[0].open ? 'sent' : 'dealt';
  }

  /**
   * The window has closed: under the row lock, a seat still without a contribution gives '', and the
   * game is dealt from dealSeed(seed, contributions) (SPEC 3.3, docs/rules.md). Idempotent: null when
   * the game is dealt already, gone or over (a hard stop during the window).
   */
  /** closeDeal in a transaction of its own, with `then` (the table's first-turn effects) inside it. */
  dealNow(gameId: string, then: (tx: Tx, game: StoredGame) => Promise<void>): Promise<StoredGame | null> {
    return this.prisma.$transaction(async (tx) => {
      const game = await this.closeDeal(tx, gameId);
      if (game) await then(tx, game);
      return game;
    });
  }

  async closeDeal(tx: Tx, gameId: string): Promise<StoredGame | null> {
    const game = await this.lock(tx, gameId);
    if (!game || !game.dealClosesAt || game.status !== 'playing') return null;
    const contributions = ((game.contributions as (string | null)[] | null) ?? []).map((c) => c ?? '');
    const placeholder = stateOf(game);
    const { ruleset, players, partners, settings } = placeholder.config;
    const created = createGame({ ruleset, players, partners, settings: { ...settings }, seed: dealSeed(game.seed, contributions) });
    if (!created.ok) throw new Error(`cannot deal game ${gameId}: ${created.error.message}`);
    const state = created.state;
    const rows = await tx.$queryRawUnsafe<{ updatedAt: Date }[]>(
      `UPDATE games SET state = $2::jsonb, version = $3, contributions = $4::jsonb, deal_closes_at = NULL, updated_at = now()
       WHERE id = $1::uuid RETURNING updated_at AS "updatedAt"`,
      gameId, JSON.stringify(state), state.version, JSON.stringify(contributions),
    );
    this.cache.forget(gameId);
    return { ...game, state: state as unknown as Prisma.JsonValue, version: state.version, contributions, dealClosesAt: null, updatedAt: rows[0].updatedAt };
  }

  // ------------------------------------------------------------------ reads

  /** A game with its current state; null when there is no such game. */
  async find(id: string, db?: Tx): Promise<StoredGame | null> {
    return (await this.findMany([id], db))[0] ?? null;
  }

  /** Games with their current states, in the order asked (unknown ids are left out). */
  async findMany(ids: readonly string[], db?: Tx): Promise<StoredGame[]> {
    if (!ids.length) return [];
    const query: Query = db ? (sql, params) => db.$queryRawUnsafe(sql, ...params) : async (sql, params) => (await this.pool.query(sql, params)).rows;
    // Inside a caller's transaction (under its locks) read PostgreSQL, never the cache.
    const held = new Map(db ? [] : ids.flatMap((id) => { const e = this.cache.peek(id); return e ? [[id, e] as const] : []; }));
    const rows = (await query(GAME_SQL(), [ids, ids.map((id) => held.get(id)?.version ?? -1)])) as unknown as GameRow[];
    return rows.map((r) => this.resolve(r, db ? null : held.get(r.id)));
  }

  /** A game's version and status (the turn clock's cheap "has this turn moved on?"). */
  async versionOf(id: string): Promise<{ version: number; status: string } | null> {
    const { rows } = await this.pool.query<{ version: number; status: string }>('SELECT version, status FROM games WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  /** The row's current state: the entry held when the read began (`held`; null: a read in a transaction, no cache), or the snapshot and its tail. */
  private resolve(r: GameRow, held: LockedGame | null | undefined): StoredGame {
    const { tail, done: _done, ...row } = r;
    void _done;
    const useCache = held !== null;
    let state: GameState;
    if (useCache) this.cache.count(r.state === null);
    if (r.state === null) {
      if (!held || held.version !== r.version) throw new Error(`game ${r.id}: the read skipped a state it did not hold`);
      state = held.state;
    } else {
      state = replayTail(r.state, tail ?? [], r.id);
      if (state.version !== r.version) throw new Error(`game ${r.id}: the stored state replays to version ${state.version}, the row is at ${r.version}`);
      if (useCache) this.remember({ ...row, state });
    }
    return { ...row, state: state as unknown as Prisma.JsonValue } as StoredGame;
  }

  private remember(g: Pick<Game, 'id' | 'version' | 'status' | 'seed' | 'seedHash' | 'updatedAt' | 'dealClosesAt' | 'contributions'> & TableColumns & { state: GameState }): void {
    // A game not yet dealt is never held: its deal rewrites the state at the same version.
    if (g.dealClosesAt) return;
    this.cache.set(g.id, { id: g.id, ...tableColumnsOf(g), state: g.state, version: g.version, status: g.status, seed: g.seed, seedHash: g.seedHash, dealClosesAt: null, contributions: g.contributions, updatedAt: g.updatedAt });
  }

  /** How often a read or a move found the game's current version in this process (for benches and docs). */
  cacheStats(): { hits: number; misses: number; size: number } {
    return this.cache.stats();
  }

  // ------------------------------------------------------------------ the action log

  /** The actions that made versions from+1 … upTo, in order (a rejoin's missed moves). */
  actionsBetween(gameId: string, from: number, upTo: number): Promise<LoggedAction[]> {
    return this.prisma.gameAction.findMany({
      where: { gameId, version: { gt: from, lte: upTo } },
      orderBy: { version: 'asc' },
      select: { version: true, seat: true, userId: true, action: true, decisionMs: true, createdAt: true },
    }) as Promise<LoggedAction[]>;
  }

  /** The whole action log of a game, in order (the anti-cheat analysis). */
  actionLog(gameId: string): Promise<LoggedAction[]> {
    return this.actionsBetween(gameId, 0, 2 ** 31 - 1);
  }

  // ------------------------------------------------------------------ system changes, in a caller's transaction

  /** Locks the game row for the rest of the transaction (concurrent moves queue up here) and reads its current state. */
  async lock(tx: Tx, id: string): Promise<StoredGame | null> {
    await tx.$queryRaw`SELECT id FROM games WHERE id = ${id}::uuid FOR UPDATE`;
    return this.find(id, tx);
  }

  /** A change without a player action (hard stop, void): a full snapshot, no action row; the caller audits it. */
  async saveSystemChange(tx: Tx, game: StoredGame, next: GameState): Promise<StoredGame> {
    return this.write(tx, game, next, true, null);
  }

  /** An action by the system under the caller's lock (a forfeit): the version bump, a snapshot when due, and the action. */
  async saveAction(tx: Tx, game: StoredGame, next: GameState, entry: ActionEntry): Promise<StoredGame> {
    return this.write(tx, game, next, needsSnapshot(stateOf(game), next), entry);
  }

  private async write(tx: Tx, game: StoredGame, next: GameState, snapshot: boolean, entry: ActionEntry | null): Promise<StoredGame> {
    const rows = await tx.$queryRawUnsafe<{ updatedAt: Date; finishedAt: Date | null; status: 'playing' | 'finished' }[]>(
      `UPDATE games SET version = $3, ${snapshot ? 'state = $5::jsonb, ' : ''}
         status = CASE WHEN $2::boolean THEN 'finished'::"GameStatus" ELSE status END,
         finished_at = CASE WHEN $2::boolean THEN now() ELSE finished_at END, updated_at = now()
       WHERE id = $1::uuid AND version = $4
       RETURNING updated_at AS "updatedAt", finished_at AS "finishedAt", status::text AS status`,
      // A parameter the statement does not use would have no type: the snapshot is passed only when written.
      ...[game.id, next.finished, next.version, game.version, ...(snapshot ? [JSON.stringify(next)] : [])],
    );
    if (rows.length !== 1) throw new Error(`game ${game.id} changed under a lock`);
    if (entry) {
      await tx.gameAction.create({
        data: { gameId: game.id, version: next.version, seat: entry.seat, userId: entry.userId, action: entry.action as Prisma.InputJsonValue, requestId: entry.requestId, decisionMs: entry.decisionMs },
      });
    }
    // The caller's transaction may still roll back: this process's cache learns the change on its next read.
    this.cache.forget(game.id);
    return { ...game, ...rows[0], version: next.version, state: next as unknown as Prisma.JsonValue };
  }

  // ------------------------------------------------------------------ the move

  /**
   * Runs `fn` on the game as stored now; null when there is no such game. A game this process
   * moved last is taken from the cache without a read: the save's compare-and-set on the version
   * is the check, and anything but a successful save on a cached game (a conflict, a stale version,
   * an illegal move, an idempotent replay) is decided again on a fresh read.
   */
  async withGame<T>(gameId: string, fn: (tx: MoveTransaction) => Promise<T>, requestId?: string): Promise<T | null> {
    let optimistic = this.cache.peek(gameId);
    if (optimistic?.status !== 'playing') optimistic = undefined;
    if (optimistic) this.cache.count(true);
    for (let attempt = 1; ; attempt++) {
      let game: LockedGame;
      let done: StoredAction | null = null;
      const fromCache = !!optimistic;
      if (optimistic) {
        game = optimistic;
        optimistic = undefined;
      } else {
        const held = this.cache.peek(gameId);
        const rows = (await this.pool.query(
          GAME_SQL(`,
            (SELECT json_build_object('version', a.version, 'seat', a.seat, 'action', a.action, 'request_id', a.request_id)
               FROM game_actions a WHERE a.game_id = g.id AND a.request_id = $3) AS done`),
          [[gameId], [held?.version ?? -1], requestId ?? null],
        )).rows as GameRow[];
        if (!rows.length) return null;
        const r = rows[0];
        const stored = this.resolve(r, held);
        game = { ...stored, status: stored.status, state: stateOf(stored) };
        done = r.done ? { version: r.done.version, seat: r.done.seat, action: r.done.action, requestId: r.done.request_id } : null;
      }
      let saved = false;
      try {
        const out = await fn(this.transaction(game, fromCache ? undefined : (requestId ?? null), done, () => (saved = true)));
        if (fromCache && !saved) continue;
        return out;
      } catch (err) {
        if (fromCache && !saved) {
          // Decided on a cached state: decide again on what is stored.
          this.cache.forget(gameId);
          continue;
        }
        if (err instanceof MoveConflict && attempt < MAX_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  private transaction(game: LockedGame, prefetchedRequest: string | null | undefined, done: StoredAction | null, onSaved: () => void): MoveTransaction {
    const one = async (sql: string, params: unknown[]): Promise<StoredAction | null> => {
      const { rows } = await this.pool.query(sql, params);
      return rows.length ? { version: rows[0].version, seat: rows[0].seat, action: rows[0].action, requestId: rows[0].request_id } : null;
    };
    return {
      game,
      actionByRequest: (requestId) => {
        if (requestId === prefetchedRequest) return Promise.resolve(done);
        // A cached game: the save's unique key finds a request already stored, and the retry answers it.
        if (prefetchedRequest === undefined) return Promise.resolve(null);
        return one(`SELECT version, seat, action, request_id FROM game_actions WHERE game_id = $1 AND request_id = $2`, [game.id, requestId]);
      },
      actionAt: (version) => one(`SELECT version, seat, action, request_id FROM game_actions WHERE game_id = $1 AND version = $2`, [game.id, version]),
      save: async (next, entry) => {
        const at = await this.writes.write({
          gameId: game.id,
          version: next.version,
          expected: game.version,
          finished: next.finished,
          seat: entry.seat,
          userId: entry.userId,
          action: JSON.stringify(entry.action),
          requestId: entry.requestId ?? null,
          decisionMs: entry.decisionMs,
          state: needsSnapshot(game.state, next) ? JSON.stringify(next) : null,
        });
        if (!at) throw new MoveConflict(`game ${game.id} moved past version ${game.version}`);
        onSaved();
        this.remember({ ...game, version: next.version, status: next.finished ? 'finished' : 'playing', updatedAt: at, state: next });
      },
    };
  }
}
