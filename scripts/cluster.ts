/**
 * `npm run cluster -- [--apis 3] [--workers 2] [--port 8443] [--http-port 8080] [--no-build] [--verbose]`
 *
 * The production shape on one machine, without Docker: the reverse proxy (Debian's nginx, configured from
 * deploy/nginx.conf.template with a self-signed certificate in a temporary folder) in front of N API
 * instances and M workers started from dist/ (as `npm start` builds it, with the web app), on the
 * platform's database and Redis (DATABASE_URL, REDIS_URL; the database is migrated and seeded first, as
 * `npm start` does). Prints the URL. Ctrl-C stops everything (the APIs drain, the workers finish their
 * jobs). `kill -HUP <pid>` restarts the API instances one at a time (a rolling restart: each drains, its
 * sockets reconnect through the proxy to the others, it starts again), as docs/operations.md describes.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startCluster } from './lib/cluster';

const args = process.argv.slice(2);
const num = (name: string, fallback: number, min: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < min) {
    console.error(`--${name} must be a whole number, at least ${min}`);
    process.exit(2);
  }
  return v;
};
const ROOT = path.resolve(__dirname, '..');
const apis = num('apis', 3, 1);
const workers = num('workers', 2, 1);
const httpsPort = num('port', 8443, 1);
const httpPort = num('http-port', 8080, 1);
const log = (line: string) => process.stderr.write(`${line}\n`);

function prepare(): void {
  // As `npm start`: services up, database created and migrated, the demo city seeded, API, worker and web app built.
  const steps = [
    'source scripts/services.sh',
    'npx tsx scripts/ensure-database.ts',
    'npx prisma generate >/dev/null',
    'npx prisma migrate deploy 2>&1 | grep -E "applied|migrations|Error" || true',
    'npx tsx prisma/seed.ts',
    'npm run --silent build',
    'npm run --silent build:web',
  ];
  execFileSync('bash', ['-euo', 'pipefail', '-c', steps.join(' && ')], { cwd: ROOT, stdio: 'inherit' });
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) prepare();
  log(`starting ${workers} worker(s), ${apis} API instance(s) and the proxy…`);
  const cluster = await startCluster({ apis, workers, buildDir: path.join(ROOT, 'dist'), env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }, httpPort, httpsPort, echo: args.includes('--verbose'), log });
  for (const a of cluster.apis) log(`  api-${a.index + 1}: http://127.0.0.1:${a.port} (pid ${a.proc.child.pid}, metrics http://127.0.0.1:${a.metricsPort}/metrics)`);
  cluster.workers.forEach((w, i) => log(`  worker-${i + 1}: pid ${w.child.pid}, metrics http://127.0.0.1:${cluster.workerMetricsPorts[i]}/metrics`));
  log(`  proxy: nginx pid ${cluster.proxy.child.pid}, config ${cluster.proxy.dir}/nginx.conf`);
  process.stdout.write(`\nThe platform is on ${cluster.proxy.url}/ (self-signed certificate; http://localhost:${cluster.proxy.httpPort}/ redirects there).\nCtrl-C stops everything; kill -HUP ${process.pid} restarts the APIs one at a time.\n`);
  let busy = false;
  let stopping = false;
  process.on('SIGHUP', () => {
    if (busy) return log('a rolling restart is already running');
    busy = true;
    log('rolling restart…');
    cluster.rollingRestart().then(
      () => ((busy = false), log('rolling restart done')),
      (err: Error) => ((busy = false), log(`rolling restart failed: ${err.message}`)),
    );
  });
  // A process that stops on its own is reported (the proxy sends its share to the others).
  for (const p of [...cluster.apis.map((a) => a.proc), ...cluster.workers]) {
    p.child.once('exit', (code, signal) => {
      if (!stopping && !busy) log(`${p.name} exited (${code ?? signal}):\n${p.tail.slice(-10).join('\n')}`);
    });
  }
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping (the APIs drain, the workers finish their jobs)…');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
