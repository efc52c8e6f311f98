/**
 * `npm run bench:chaos [-- --quick] [-- --json] [-- --players N] [-- --apis N] [-- --think MS] [-- --minutes N]` (think: the bots' pause in the run with faults; minutes: each challenge must complete within, 15 with --quick, 45 without)
 *
 * A 64-player challenge (16 with --quick) played by socket.io bot clients through the reverse proxy
 * (nginx, deploy/nginx.conf.template) in front of 3 API instances (2 with --quick) and 2 workers,
 * first without faults, then again while each API is restarted in turn (SIGTERM, drain, start), a
 * worker is killed with SIGKILL (a new one takes its place) and the Redis is restarted — a private
 * redis-server on a free port, never the shared one; a throwaway database. See scripts/lib/chaos.ts
 * for what is compared and why the two runs must agree.
 *
 * Prints: moves lost and duplicated, the clients' reconnection times (p50/p99/max; the target is
 * every client back on its table within 5 s of its instance going away), the hard stops' audit
 * entries (each once), and whether the bracket and placements are identical to the run without faults.
 * Exits 1 when one of them is not as it must be.
 */
import 'reflect-metadata';
import path from 'node:path';
import { runBench } from '../scripts/lib/throwaway-env';
import { runChaos } from '../scripts/lib/chaos';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a whole number`);
  return v;
};
const quick = flag('quick');
const json = flag('json');
const players = num('players', quick ? 16 : 64);

async function main(): Promise<void> {
  const log = (line: string) => {
    if (!json) process.stderr.write(`${line}\n`);
  };
  const r = await runChaos({
    players,
    apis: num('apis', quick ? 2 : 3),
    workers: 2,
    buildDir: path.resolve(__dirname, '..'),
    // Without faults as fast as the bots go; with faults slower, so the tables play through every restart.
    thinkMs: { reference: 0, chaos: num('think', 100) },
    stallAt: 12,
    completeWithinMs: num('minutes', quick ? 15 : 45) * 60_000,
    log,
  });
  const ok = r.moves.lost === 0 && r.moves.duplicated === 0 && r.moves.storedNotAcknowledged === 0 && r.reconnections.notBack === 0 && r.reconnections.atTheirSeat + r.reconnections.betweenTables === r.reconnections.back && r.hardStops.firedOnce && r.identical;
  if (json) {
    process.stdout.write(`${JSON.stringify({ ...r, ok })}\n`);
  } else {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nchaos: ${r.players} players through the proxy, ${r.apis} APIs + ${r.workers} workers, private Redis (one machine)\n`);
    console.log(`without faults                 completed in ${s(r.reference.wallMs)}`);
    console.log(`with faults                    completed in ${s(r.chaos.wallMs)}`);
    for (const f of r.faults) console.log(`  at ${s(f.at).padStart(7)}  ${f.what} (${f.ms} ms)`);
    console.log(`moves acknowledged             ${r.moves.acknowledged} (${r.moves.retried} sent again after no answer or a refusal)`);
    console.log(`moves lost                     ${r.moves.lost}`);
    console.log(`moves duplicated               ${r.moves.duplicated} (stored moves no client saw acknowledged: ${r.moves.storedNotAcknowledged})`);
    console.log(`reconnections                  ${r.reconnections.back} of ${r.reconnections.disconnects} disconnects back on their table (at their own seat: ${r.reconnections.atTheirSeat}, between tables: ${r.reconnections.betweenTables}): p50 ${r.reconnections.p50Ms} ms, p99 ${r.reconnections.p99Ms} ms, max ${r.reconnections.maxMs} ms; socket connected again p50 ${r.reconnections.connectedP50Ms} ms, p99 ${r.reconnections.connectedP99Ms} ms (over 5 s: ${r.reconnections.over5s}; never back: ${r.reconnections.notBack})`);
    console.log(`client errors                  ${JSON.stringify(r.clientErrors)}`);
    console.log(`hard stops                     ${r.hardStops.games} game(s) stopped, ${r.hardStops.auditEntries} audit entries: ${r.hardStops.firedOnce ? 'each once' : 'NOT once each'} (without faults: ${r.hardStops.reference})`);
    console.log(`bracket and placements         ${r.identical ? 'identical to the run without faults' : `DIFFERENT:\n  ${r.differences.join('\n  ')}`}`);
    console.log(`\n${ok ? 'PASS' : 'FAIL'}`);
  }
  if (!ok) process.exitCode = 1;
}

runBench(async () => {
  await main();
  // The exit status of the command: 1 when an outcome differs (set above); exiting now rather than waiting
  // for the clients' and child processes' handles to close.
  if (process.exitCode) process.exit(process.exitCode);
});
