/**
 * The reverse proxy as a child process on one machine: deploy/nginx.conf.template rendered into a
 * directory of its own (pid, temp files, logs, the asset cache, a self-signed certificate made with
 * openssl), then Debian's nginx started in the foreground on it. `npm run cluster`, the proxy test
 * and the chaos bench use it; docker-compose.yml renders the same template (deploy/proxy-entrypoint.sh).
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export { freePort };

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'deploy/nginx.conf.template'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The placeholders of deploy/nginx.conf.template (envsubst's `${NAME}`), every one required. */
export interface ProxyTemplateValues {
  DCS_RUN_DIR: string;
  DCS_HTTP_PORT: string;
  DCS_HTTPS_PORT: string;
  DCS_TLS_CERT: string;
  DCS_TLS_KEY: string;
  DCS_UPSTREAM_SERVERS: string;
  DCS_LIVE_UPSTREAM_SERVERS: string;
  DCS_WORKER_PROCESSES: string;
}

/** The template with its placeholders replaced; a placeholder without a value is an error (never an empty directive). */
export function renderProxyConfig(values: ProxyTemplateValues, template = readFileSync(path.join(repoRoot(), 'deploy/nginx.conf.template'), 'utf8')): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_m, name: string) => {
    const v = (values as unknown as Record<string, string | undefined>)[name];
    if (v === undefined || v === '') throw new Error(`deploy/nginx.conf.template: no value for ${name}`);
    return v;
  });
}

/**
 * `server host:port …;` lines for an upstream block: HTTP (`dcs_api`) with passive health (out for 5 s after
 * one failure), the live sockets (`dcs_live`) without failure accounting (see deploy/nginx.conf.template).
 */
export function upstreamServers(addresses: string[], kind: 'http' | 'live' = 'http'): string {
  const health = kind === 'http' ? 'max_fails=1 fail_timeout=5s' : 'max_fails=0';
  return addresses.map((a) => `    server ${a} ${health};`).join('\n');
}

/** A self-signed certificate for `localhost` and 127.0.0.1 (the key is written here, never committed). */
export function selfSignedCert(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '7', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}


export interface Proxy {
  dir: string;
  httpPort: number;
  httpsPort: number;
  /** https://localhost:<port> */
  url: string;
  child: ChildProcess;
  /** error.log and access.log, for an error that says why */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Renders the template for `upstreams` (host:port of each API instance) and starts nginx on it.
 * Resolves when it accepts connections; rejects (with its error log) if it exits first.
 */
export async function startProxy(upstreams: string[], opts: { httpPort?: number; httpsPort?: number; keepDir?: boolean } = {}): Promise<Proxy> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (Debian: apt-get install -y nginx; or set NGINX_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'dcs-proxy-'));
  // Started as root, nginx's workers run as `nobody`: they write the temp and cache folders (the key stays the master's).
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'assets']) mkdirSync(path.join(dir, sub), { mode: 0o777 });
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'assets']) chmodSync(path.join(dir, sub), 0o777);
  const { cert, key } = selfSignedCert(dir);
  const httpPort = opts.httpPort ?? (await freePort());
  const httpsPort = opts.httpsPort ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    renderProxyConfig({
      DCS_RUN_DIR: dir,
      DCS_HTTP_PORT: String(httpPort),
      DCS_HTTPS_PORT: String(httpsPort),
      DCS_TLS_CERT: cert,
      DCS_TLS_KEY: key,
      DCS_UPSTREAM_SERVERS: upstreamServers(upstreams),
      DCS_LIVE_UPSTREAM_SERVERS: upstreamServers(upstreams, 'live'),
      DCS_WORKER_PROCESSES: '1',
    }),
  );
  const logs = () => ['error.log', 'access.log'].map((f) => (existsSync(path.join(dir, f)) ? `${f}:\n${readFileSync(path.join(dir, f), 'utf8').split('\n').slice(-30).join('\n')}` : '')).join('\n');
  // -e: the startup error log before the config's own error_log is read (nginx ≥ 1.19.5).
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${stderr}\n${logs()}`);
    if (await accepts(httpsPort)) break;
    if (Date.now() > until) throw new Error(`nginx did not listen on ${httpsPort}:\n${stderr}\n${logs()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    dir,
    httpPort,
    httpsPort,
    url: `https://localhost:${httpsPort}`,
    child,
    logs,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT'); // graceful: open connections finish
        const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(t);
      }
      if (!opts.keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
