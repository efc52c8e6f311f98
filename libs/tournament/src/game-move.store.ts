import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { GameState } from '@dcs/engine';
import { PG_POOL } from '@dcs/common';

export interface LockedGame {
  id: string;
  tableId: string | null;
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

/** One move's transaction, with the game row locked. */
export interface MoveTransaction {
  readonly game: LockedGame;
  actionByRequest(requestId: string): Promise<StoredAction | null>;
  actionAt(version: number): Promise<StoredAction | null>;
  /** The new state (compare-and-set on the version) and its append-only log entry. */
  save(next: GameState, entry: { seat: number; userId: string | null; action: object; requestId?: string; decisionMs: number | null }): Promise<void>;
}

/**
 * The game-move hot path in plain SQL on node-postgres: lock the game row, read it,
 * write the new state and append the action, in one transaction. Same tables and
 * invariants as GamesRepository (which the rest of the code uses through Prisma).
 */
@Injectable()
export class GameMoveStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Runs `fn` in a transaction holding the game's row lock; null when there is no such game. */
  async withGame<T>(gameId: string, fn: (tx: MoveTransaction) => Promise<T>): Promise<T | null> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT id, table_id, state, version, status, seed, seed_hash, updated_at FROM games WHERE id = $1 FOR UPDATE`,
        [gameId],
      );
      if (!rows.length) {
        await client.query('ROLLBACK');
        return null;
      }
      const r = rows[0];
      const game: LockedGame = {
        id: r.id,
        tableId: r.table_id,
        state: r.state,
        version: r.version,
        status: r.status,
        seed: r.seed,
        seedHash: r.seed_hash,
        updatedAt: r.updated_at,
      };
      const out = await fn(this.transaction(client, game));
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private transaction(client: PoolClient, game: LockedGame): MoveTransaction {
    const one = async (sql: string, params: unknown[]): Promise<StoredAction | null> => {
      const { rows } = await client.query(sql, params);
      return rows.length ? { seat: rows[0].seat, action: rows[0].action, requestId: rows[0].request_id } : null;
    };
    return {
      game,
      actionByRequest: (requestId) => one(`SELECT seat, action, request_id FROM game_actions WHERE game_id = $1 AND request_id = $2`, [game.id, requestId]),
      actionAt: (version) => one(`SELECT seat, action, request_id FROM game_actions WHERE game_id = $1 AND version = $2`, [game.id, version]),
      save: async (next, entry) => {
        const updated = await client.query(
          `UPDATE games SET state = $2::jsonb, version = $3,
             status = CASE WHEN $4::boolean THEN 'finished'::"GameStatus" ELSE status END,
             finished_at = CASE WHEN $4::boolean THEN now() ELSE finished_at END, updated_at = now()
           WHERE id = $1 AND version = $5`,
          [game.id, JSON.stringify(next), next.version, next.finished, game.version],
        );
        if (updated.rowCount !== 1) throw new Error(`game ${game.id} changed under a lock`);
        await client.query(
          `INSERT INTO game_actions (id, game_id, version, seat, user_id, action, request_id, decision_ms) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, $6, $7)`,
          [game.id, next.version, entry.seat, entry.userId, JSON.stringify(entry.action), entry.requestId ?? null, entry.decisionMs],
        );
      },
    };
  }
}
