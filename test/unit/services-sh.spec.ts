import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * scripts/services.sh on machines it cannot be tried on here (fresh Debian/Ubuntu, sudo only,
 * Docker only, nothing at all): every system command it may call is a stub on PATH that logs its
 * arguments; "starting" a service opens a listener on the URL's port, as the real one would.
 */
const ROOT = path.resolve(__dirname, '../..');
const REAL = ['bash', 'node', 'seq', 'sleep', 'awk', 'grep', 'sed', 'env', 'cat', 'cp', 'chmod', 'nohup', 'head', 'cut', 'printf'];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

interface Machine {
  dir: string;
  bin: string;
  pgPort: number;
  redisPort: number;
}

let machine: Machine;

/** A stub command: logs `name args…` and runs `body` (bash). */
function stub(name: string, body = '', where = machine.bin): void {
  const file = path.join(where, name);
  writeFileSync(file, `#!/usr/bin/env bash\necho "${name} $*" >> "$FAKE/log"\n${body}\n`);
  chmodSync(file, 0o755);
}

/**
 * A fake service: a listener on the port. It writes its own pid to $FAKE/pids before it listens (a
 * `$!` of the stub would be a subshell's where the stub puts `cond && nohup node … &` in the
 * background, and killing that leaves the listener running), so the suite can stop every one.
 */
const listen = (portVar: string) =>
  `nohup node -e "require('fs').appendFileSync(process.env.FAKE + '/pids', process.pid + '\\n'); require('net').createServer((s) => s.end()).listen(+process.argv[1], '127.0.0.1')" "$${portVar}" >/dev/null 2>&1 & true`;

/** Every fake service started by this suite, stopped after each test and again after all (whatever the outcome). */
const started = new Set<number>();
function stopFakeServices(): void {
  const pids = path.join(machine.dir, 'pids');
  if (existsSync(pids)) for (const pid of readFileSync(pids, 'utf8').trim().split('\n').filter(Boolean).map(Number)) started.add(pid);
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    started.delete(pid);
  }
}

/** What `apt-get install X` would put on PATH: X's commands, as stubs in available/X/. */
function packages(): void {
  const pg = path.join(machine.dir, 'available/postgresql');
  const redis = path.join(machine.dir, 'available/redis-server');
  mkdirSync(pg, { recursive: true });
  mkdirSync(redis, { recursive: true });
  stub('pg_lsclusters', 'echo "15 main $FAKE_PG_PORT down postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log"', pg);
  stub('pg_ctlcluster', `[ "$4" = start ] && ${listen('FAKE_PG_PORT')}; true`, pg);
  // The packaged pg_hba.conf asks 127.0.0.1 for a password: the probe fails until trust is added.
  stub('psql', `case "$*" in *"select 1"*) grep -q trust "$FAKE/pg_hba.conf" && exit 0; echo 'fe_sendauth: no password supplied' >&2; exit 2;; *hba_file*) echo "$FAKE/pg_hba.conf";; esac`, pg);
  writeFileSync(path.join(machine.dir, 'pg_hba.conf'), 'local all postgres peer\nhost all all 127.0.0.1/32 scram-sha-256\n');
  stub('redis-server', listen('FAKE_REDIS_PORT'), redis);
}
function installed(...names: string[]): void {
  for (const n of names) execFileSync('bash', ['-c', `cp "${machine.dir}/available/${n}/"* "${machine.bin}/"`]);
}

function asRoot(): void {
  stub('id', 'echo 0');
  stub('runuser', 'shift 3; "$@"');
}
function asUser(passwordlessSudo: boolean): void {
  stub('id', 'echo 1000');
  stub('sudo', passwordlessSudo ? 'shift; [ "$1" = -u ] && shift 2; "$@"' : 'exit 1');
}
function withApt(): void {
  stub('apt-get', '[ "$1" = install ] && for p in "$@"; do [ -d "$FAKE/available/$p" ] && cp "$FAKE/available/$p/"* "$FAKE/bin/"; done; true');
}

/** Runs services.sh (from the checkout, as start.sh does) on the stubbed machine. */
async function services(env: Record<string, string> = {}): Promise<{ status: number | null; out: string; log: string[] }> {
  const child = spawn('bash', ['scripts/services.sh'], {
    cwd: ROOT,
    env: {
      PATH: machine.bin,
      HOME: machine.dir,
      FAKE: machine.dir,
      FAKE_PG_PORT: String(machine.pgPort),
      FAKE_REDIS_PORT: String(machine.redisPort),
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${machine.pgPort}/dcs`,
      REDIS_URL: `redis://127.0.0.1:${machine.redisPort}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const closed = new Promise((resolve) => child.once('close', resolve));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  // The services it started (listeners here) may keep its output pipes open: read what is there.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500))]);
  const logFile = path.join(machine.dir, 'log');
  return { status, out, log: existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n') : [] };
}

describe('scripts/services.sh on a machine without PostgreSQL or Redis running', () => {
  beforeEach(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dcs-services-'));
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    for (const cmd of REAL) symlinkSync(execFileSync('bash', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim(), path.join(bin, cmd));
    machine = { dir, bin, pgPort: await freePort(), redisPort: await freePort() };
    packages();
  });
  afterEach(() => {
    stopFakeServices();
    rmSync(machine.dir, { recursive: true, force: true });
  });
  afterAll(() => stopFakeServices());

  it('does nothing when both answer', async () => {
    const servers = [net.createServer(), net.createServer()];
    await Promise.all(servers.map((srv, i) => new Promise((r) => srv.listen(i ? machine.redisPort : machine.pgPort, '127.0.0.1', () => r(null)))));
    try {
      const r = await services();
      expect(r.status).toBe(0);
      expect(r.out).toContain(`PostgreSQL (127.0.0.1:${machine.pgPort}) and Redis (127.0.0.1:${machine.redisPort}) are up`);
      expect(r.log).toEqual([]); // nothing started, installed or configured
    } finally {
      for (const s of servers) s.close();
    }
  });

  it('as root on a fresh machine: installs both from the system packages, starts them and lets the URL user in with trust on 127.0.0.1', async () => {
    asRoot();
    withApt();
    const r = await services();
    expect(r.out).toContain('are up');
    expect(r.status).toBe(0);
    expect(r.log).toEqual(
      expect.arrayContaining([
        'apt-get update -qq',
        'apt-get install -y -qq --no-install-recommends postgresql',
        'pg_ctlcluster --skip-systemctl-redirect 15 main start',
        'pg_ctlcluster --skip-systemctl-redirect 15 main reload',
        'apt-get install -y -qq --no-install-recommends redis-server',
        `redis-server --daemonize yes --bind 127.0.0.1 --port ${machine.redisPort} --save  --appendonly no`,
      ]),
    );
    expect(r.log.filter((l) => l === 'apt-get update -qq')).toHaveLength(1);
    expect(readFileSync(path.join(machine.dir, 'pg_hba.conf'), 'utf8')).toMatch(/^host all all 127\.0\.0\.1\/32 trust\nhost all all ::1\/128 trust\n/);
  });

  it('creates the role of a URL with a user and password, with CREATEDB', async () => {
    asRoot();
    withApt();
    const r = await services({ DATABASE_URL: `postgresql://dcs:s3cret@127.0.0.1:${machine.pgPort}/dcs` });
    expect(r.status).toBe(0);
    expect(r.log.find((l) => l.startsWith('psql') && l.includes('CREATE ROLE'))).toContain(`CREATE ROLE "dcs" LOGIN CREATEDB PASSWORD 's3cret'`);
    expect(readFileSync(path.join(machine.dir, 'pg_hba.conf'), 'utf8')).not.toContain('trust'); // a password needs no trust
  });

  it('with passwordless sudo and both installed but down: starts them, installs nothing', async () => {
    asUser(true);
    withApt();
    installed('postgresql', 'redis-server');
    const r = await services();
    expect(r.status).toBe(0);
    expect(r.log).toContain('sudo -n pg_ctlcluster --skip-systemctl-redirect 15 main start');
    expect(r.log.filter((l) => l.startsWith('apt-get'))).toEqual([]);
  });

  it('without root but with Docker: docker compose up -d postgres redis, once', async () => {
    asUser(false);
    stub('docker', `[ "$2" = up ] && { ${listen('FAKE_PG_PORT')}; ${listen('FAKE_REDIS_PORT')}; }; true`);
    const r = await services();
    expect(r.status).toBe(0);
    expect(r.log.filter((l) => l.startsWith('docker compose up'))).toEqual(['docker compose up -d postgres redis']);
    expect(r.out).toContain('are up');
  });

  it('with neither root, sudo, apt nor Docker: stops and prints the exact commands to run', async () => {
    asUser(false);
    const r = await services();
    expect(r.status).toBe(1);
    expect(r.out).toContain(`PostgreSQL is not reachable at 127.0.0.1:${machine.pgPort}`);
    expect(r.out).toContain('sudo apt-get update && sudo apt-get install -y postgresql redis-server');
    expect(r.out).toContain('docker compose up -d postgres redis && export DATABASE_URL=postgresql://dcs:dcs@127.0.0.1:5432/dcs');
  });
});
