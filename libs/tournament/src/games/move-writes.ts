import type { Pool } from 'pg';

/** One move's write: the compare-and-set of the game's version, with its log entry (and a snapshot at a hand boundary). */
export interface MoveWrite {
  gameId: string;
  /** the version the move makes, and the one it was decided on */
  version: number;
  expected: number;
  finished: boolean;
  seat: number;
  userId: string | null;
  /** the action, as JSON */
  action: string;
  requestId: string | null;
  decisionMs: number | null;
  /** the new state as JSON when the move writes a snapshot, else null */
  state: string | null;
}

/** The log already holds this request id for the game (a retried move): the caller answers it from the log. */
export class RequestAlreadyStored extends Error {}

const UNIQUE_VIOLATION = '23505';
/** The most moves one statement carries. */
const MAX_BATCH = 256;

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

interface Pending {
  write: MoveWrite;
  resolve: (at: Date | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of moves (issue 17): the moves saved in one turn of the event loop — across games —
 * go to PostgreSQL as one statement and one commit instead of one each. A round trip to the
 * database (a system call on each side, a wake-up and a WAL flush per commit) was most of a move's
 * cost once the state stopped being rewritten. A move waits at most for the end of the current turn;
 * under load each statement carries the moves of every game whose previous move just returned.
 *
 * Two moves of one game never share a statement (the second starts the next one), so each move's
 * compare-and-set is judged on its own. A statement that fails on a request id already stored (a
 * retried move) is taken again move by move, so only that move learns it.
 */
export class MoveWrites {
  private batch: Pending[] = [];
  private games = new Set<string>();
  private scheduled = false;

  constructor(private readonly pool: Pool) {}

  /** When the move was written (its turn starts then); null when its game had moved past `expected`. */
  write(write: MoveWrite): Promise<Date | null> {
    return new Promise((resolve, reject) => {
      if (this.games.has(write.gameId) || this.batch.length >= MAX_BATCH) this.flush();
      this.batch.push({ write, resolve, reject });
      this.games.add(write.gameId);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.batch;
    if (!batch.length) return;
    this.batch = [];
    this.games = new Set();
    void this.run(batch);
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const written = await this.statement(batch.map((p) => p.write));
      for (const p of batch) p.resolve(written.get(p.write.gameId) ?? null);
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
        if (batch.length === 1) return batch[0].reject(new RequestAlreadyStored(`game ${batch[0].write.gameId}: the action is already stored`));
        // One of them is a retry: each again on its own, so only that one is told.
        await Promise.all(batch.map((p) => this.run([p])));
        return;
      }
      for (const p of batch) p.reject(err);
    }
  }

  private async statement(ws: MoveWrite[]): Promise<Map<string, Date>> {
    const col = <K extends keyof MoveWrite>(k: K) => ws.map((w) => w[k]);
    const { rows } = await this.pool.query<{ gameId: string; at: Date }>(WRITE_SQL, [
      col('gameId'),
      col('version'),
      col('expected'),
      col('finished'),
      col('seat'),
      col('userId'),
      col('action'),
      col('requestId'),
      col('decisionMs'),
      col('state'),
    ]);
    return new Map(rows.map((r) => [r.gameId, r.at]));
  }
}
