import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ChaosReport, runChaos } from '../scripts/lib/chaos';

const ROOT = path.resolve(__dirname, '..');

/**
 * The chaos run of bench/chaos.ts, reduced (issue 23): a 16-player challenge played by socket.io bot
 * clients through nginx in front of two API instances and two workers (built processes, a private
 * redis-server, a throwaway database), once without faults, once while each API is restarted in turn
 * (SIGTERM, drain, start), the Redis is restarted and a worker is killed with SIGKILL as round 1's hard
 * stop comes due. What a player and a director would see: every move a client was told was accepted is
 * in the game's record once, every client is back at its table, the hard stop ended its game once, and
 * the bracket and placements are those of the run without faults. Times are the bench's figures, not
 * asserted here.
 */
describe('a challenge played through the proxy while APIs restart, a worker dies and Redis restarts', () => {
  let report: ChaosReport;

  beforeAll(async () => {
    // The processes run from the tools build (incremental: nothing to do when it is current).
    execFileSync('bash', ['scripts/build-tools.sh'], { cwd: ROOT, stdio: 'inherit' });
    report = await runChaos({
      players: 16,
      apis: 2,
      workers: 2,
      buildDir: path.join(ROOT, '.build/tools'),
      thinkMs: { reference: 0, chaos: 40 },
      stallAt: 12,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stderr.write(`${JSON.stringify({ faults: report.faults, moves: report.moves, reconnections: report.reconnections, hardStops: report.hardStops, clientErrors: report.clientErrors })}\n`);
  }, 600_000);

  it('applies every acknowledged move once: none lost, none stored twice, none stored unacknowledged', () => {
    expect(report.moves.acknowledged).toBeGreaterThan(100);
    expect(report.moves.lost).toBe(0);
    expect(report.moves.duplicated).toBe(0);
    expect(report.moves.storedNotAcknowledged).toBe(0);
    expect(report.moves.stored).toBe(report.moves.acknowledged);
  });

  it('brings every client whose instance went away back to its table', () => {
    expect(report.faults.map((f) => f.what)).toEqual([
      'api-1 restarted (SIGTERM, drain, start)',
      'Redis restarted',
      'api-2 restarted (SIGTERM, drain, start)',
      'round 1 hard stop due, worker-1 killed (SIGKILL) at once, a new one started',
    ]);
    // Each restart took the sockets of its instance away: all 16 clients, at least once.
    expect(report.reconnections.disconnects).toBeGreaterThanOrEqual(16);
    expect(report.reconnections.back).toBe(report.reconnections.disconnects);
    expect(report.reconnections.notBack).toBe(0);
    // Every one of them back at its own table and seat: the join after the reconnect answered its game from its seat.
    // (The APIs restart while round 1 plays, so every client sits at a table; how long it took is the bench's figure.)
    expect(report.reconnections.atTheirSeat).toBe(report.reconnections.back);
    expect(report.reconnections.betweenTables).toBe(0);
  });

  it('fires the hard stop once for the game it ends, as without faults', () => {
    expect(report.hardStops).toMatchObject({ games: 1, auditEntries: 1, firedOnce: true, reference: 1 });
  });

  it('ends with the bracket and placements of the same challenge without faults', () => {
    expect(report.differences).toEqual([]);
    expect(report.chaos.outcome.placements).toHaveLength(16);
    expect(report.chaos.outcome.rounds.map((r) => r.tables.length)).toEqual([4, 2, 1]);
    expect(report.chaos.outcome).toEqual(report.reference.outcome);
  });
});
