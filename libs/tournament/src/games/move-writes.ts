import type { Pool } from 'pg';
import { reportGroupCommit } from '@dcs/common';

/** The game moved (another move, the turn clock, a director) between the read and the save. */
export class MoveConflict extends Error {}

const UNIQUE_VIOLATION = '23505';

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

/** The most moves one statement carries. */
const MAX_BATCH = 256;

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
 * compare-and-set is judged on its own. A statement of several moves that fails — a request id
 * already stored (a retried move), or a deadlock with another statement or a transaction holding some
 * of its games' rows — rolled back whole and is taken again move by move: a statement of one move
 * holds one row lock and cannot deadlock, and only the move at fault learns of its failure. The moves
 * go in game-id order, so two statements lock their common games in the same order.
 */
export class MoveWrites {
  private batch: Pending[] = [];
  private games = new Set<string>();
  private scheduled = false;

  /** `sql`: the statement of a batch (GameStore's WRITE_SQL: the game store is the one writer of the game rows). */
  constructor(
    private readonly pool: Pool,
    private readonly sql: string,
  ) {}

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
    reportGroupCommit(batch.length);
    void this.run(batch.sort((x, y) => (x.write.gameId < y.write.gameId ? -1 : 1)));
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const written = await this.statement(batch.map((p) => p.write));
      for (const p of batch) p.resolve(written.get(p.write.gameId) ?? null);
    } catch (err) {
      if (batch.length > 1) {
        await Promise.all(batch.map((p) => this.run([p])));
        return;
      }
      const stored = (err as { code?: string }).code === UNIQUE_VIOLATION;
      batch[0].reject(stored ? new MoveConflict(`game ${batch[0].write.gameId}: the action is already stored`) : err);
    }
  }

  private async statement(ws: MoveWrite[]): Promise<Map<string, Date>> {
    const col = <K extends keyof MoveWrite>(k: K) => ws.map((w) => w[k]);
    const { rows } = await this.pool.query<{ gameId: string; at: Date }>(this.sql, [
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
