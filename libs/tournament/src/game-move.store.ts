import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { GameState } from '@dcs/engine';
import { PG_POOL } from '@dcs/common';

export interface LockedGame {
  id: string;
  tableId: string | null;
  houseTableId: string | null;
  state: GameState;
  version: number;
  status: 'playing' | 'finished';
  seed: string;
  seedHash: string;
  updatedAt: Date;
}

export interface StoredAction {
  seat: number;
  action: { seat?: number; type?: string; tile?: string; end?: string };
  requestId: string | null;
}

/** One move against the game as read: the save is a compare-and-set on its version. */
export interface MoveTransaction {
  readonly game: LockedGame;
  actionByRequest(requestId: string): Promise<StoredAction | null>;
  actionAt(version: number): Promise<StoredAction | null>;
  /**
   * The new state and its append-only log entry, in one atomic statement that applies only if the
   * game is still at the version read; otherwise the whole move is retried on a fresh read.
   */
  save(next: GameState, entry: { seat: number; userId: string | null; action: object; requestId?: string; decisionMs: number | null }): Promise<void>;
}

/** The game moved (another move, the turn clock, a director) between the read and the save. */
class MoveConflict extends Error {}

const UNIQUE_VIOLATION = '23505';
const MAX_ATTEMPTS = 8;

/**
 * The game-move hot path in plain SQL on node-postgres, two round trips a move: one read (the
 * game, and the action already stored under the request's idempotency key), then one statement
 * that writes the new state (compare-and-set on the version) and appends the action — atomic as a
 * single statement, so no explicit transaction and no row lock held across the engine's work. A
 * lost race (the version moved, or the same request id landed first) re-runs the move on a fresh
 * read, where it becomes STALE_VERSION or an idempotent replay. Same tables and invariants as
 * GamesRepository (which the rest of the code uses through Prisma, with row locks and the same
 * version compare-and-set).
 */
@Injectable()
export class GameMoveStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Runs `fn` on the game as stored now; null when there is no such game. */
  async withGame<T>(gameId: string, fn: (tx: MoveTransaction) => Promise<T>, requestId?: string): Promise<T | null> {
    for (let attempt = 1; ; attempt++) {
      const { rows } = await this.pool.query(
        `SELECT g.id, g.table_id, g.house_table_id, g.state, g.version, g.status, g.seed, g.seed_hash, g.updated_at,
           (SELECT json_build_object('seat', a.seat, 'action', a.action, 'request_id', a.request_id)
              FROM game_actions a WHERE a.game_id = g.id AND a.request_id = $2) AS done
         FROM games g WHERE g.id = $1`,
        [gameId, requestId ?? null],
      );
      if (!rows.length) return null;
      const r = rows[0];
      const game: LockedGame = {
        id: r.id,
        tableId: r.table_id,
        houseTableId: r.house_table_id,
        state: r.state,
        version: r.version,
        status: r.status,
        seed: r.seed,
        seedHash: r.seed_hash,
        updatedAt: r.updated_at,
      };
      const done: StoredAction | null = r.done ? { seat: r.done.seat, action: r.done.action, requestId: r.done.request_id } : null;
      try {
        return await fn(this.transaction(game, requestId ?? null, done));
      } catch (err) {
        if (err instanceof MoveConflict && attempt < MAX_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  private transaction(game: LockedGame, prefetchedRequest: string | null, done: StoredAction | null): MoveTransaction {
    const one = async (sql: string, params: unknown[]): Promise<StoredAction | null> => {
      const { rows } = await this.pool.query(sql, params);
      return rows.length ? { seat: rows[0].seat, action: rows[0].action, requestId: rows[0].request_id } : null;
    };
    return {
      game,
      actionByRequest: (requestId) =>
        requestId === prefetchedRequest ? Promise.resolve(done) : one(`SELECT seat, action, request_id FROM game_actions WHERE game_id = $1 AND request_id = $2`, [game.id, requestId]),
      actionAt: (version) => one(`SELECT seat, action, request_id FROM game_actions WHERE game_id = $1 AND version = $2`, [game.id, version]),
      save: async (next, entry) => {
        try {
          const written = await this.pool.query(
            `WITH moved AS (
               UPDATE games SET state = $2::jsonb, version = $3,
                 status = CASE WHEN $4::boolean THEN 'finished'::"GameStatus" ELSE status END,
                 finished_at = CASE WHEN $4::boolean THEN now() ELSE finished_at END, updated_at = now()
               WHERE id = $1 AND version = $5
               RETURNING id)
             INSERT INTO game_actions (id, game_id, version, seat, user_id, action, request_id, decision_ms)
             SELECT gen_random_uuid(), moved.id, $3, $6, $7, $8::jsonb, $9, $10 FROM moved`,
            [game.id, JSON.stringify(next), next.version, next.finished, game.version, entry.seat, entry.userId, JSON.stringify(entry.action), entry.requestId ?? null, entry.decisionMs],
          );
          if (written.rowCount !== 1) throw new MoveConflict(`game ${game.id} moved past version ${game.version}`);
        } catch (err) {
          if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new MoveConflict(`game ${game.id}: the action is already stored`);
          throw err;
        }
      },
    };
  }
}
