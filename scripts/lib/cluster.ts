/**
 * The production shape on one machine: N API instances and M workers started from a build as child
 * processes (scripts/lib/built-process.ts), behind the reverse proxy (scripts/lib/proxy.ts, rendered from
 * deploy/nginx.conf.template). Used by `npm run cluster` (from dist/) and bench/chaos.ts (from .build/tools).
 */
import path from 'node:path';
import { BuiltProcess, startBuilt } from './built-process';
import { freePort, Proxy, startProxy } from './proxy';

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** the build's root: `dist` (npm run build) or `.build/tools` */
  buildDir: string;
  /** the processes' environment (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, JWT_SECRET …) */
  env: NodeJS.ProcessEnv;
  httpPort?: number;
  httpsPort?: number;
  /** print the processes' output */
  echo?: boolean;
  log?: (line: string) => void;
}

export interface ApiInstance {
  index: number;
  port: number;
  /** its Prometheus endpoint: http://127.0.0.1:<metricsPort>/metrics */
  metricsPort: number;
  proc: BuiltProcess;
}

export interface Cluster {
  proxy: Proxy;
  apis: ApiInstance[];
  workers: BuiltProcess[];
  /** the workers' Prometheus ports, by index */
  workerMetricsPorts: number[];
  /** SIGTERM (the API drains: apps/api/src/drain), wait for its exit, start it again on its port; resolves once it listens */
  restartApi(index: number): Promise<{ stoppedMs: number; startedMs: number }>;
  /** SIGKILL a worker (no shutdown at all: its jobs are left to BullMQ's stalled-job check), then start a new one */
  killWorker(index: number, restart?: boolean): Promise<void>;
  /** every API, one at a time (a rolling restart) */
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? (() => undefined);
  const apiScript = path.join(opts.buildDir, 'apps/api/src/main.js');
  const workerScript = path.join(opts.buildDir, 'apps/worker/src/main.js');
  const ports = await Promise.all(Array.from({ length: opts.apis }, () => freePort()));
  const metricsPorts = await Promise.all(Array.from({ length: opts.apis }, () => freePort()));
  const workerMetricsPorts = await Promise.all(Array.from({ length: opts.workers }, () => freePort()));
  const apiEnv = (port: number): NodeJS.ProcessEnv => ({
    ...opts.env,
    API_PORT: String(port),
    METRICS_PORT: String(metricsPorts[ports.indexOf(port)]),
    API_HOST: '127.0.0.1',
    // The proxy runs on this machine: its X-Forwarded-For is believed, nobody else's.
    TRUST_PROXY: opts.env.TRUST_PROXY || 'loopback',
  });
  /** Once stopping (the run's end, or an interrupt while a fault step still runs), no process is started again. */
  let stopping = false;
  const stillRunning = (what: string) => {
    if (stopping) throw new Error(`the cluster is stopping: ${what} not started again`);
  };
  /** A process that came up while the cluster was being stopped is stopped too (stop() did not know it yet). */
  const started = async (p: BuiltProcess, says: string): Promise<BuiltProcess> => {
    await p.says(says);
    if (stopping) {
      await p.stop();
      stillRunning(p.name);
    }
    return p;
  };
  const startApi = (index: number, port: number): Promise<BuiltProcess> =>
    started(startBuilt(`api-${index + 1}`, apiScript, apiEnv(port), { echo: opts.echo }), 'API listening');
  const startWorker = (index: number): Promise<BuiltProcess> =>
    started(startBuilt(`worker-${index + 1}`, workerScript, { ...opts.env, METRICS_PORT: String(workerMetricsPorts[index]) }, { echo: opts.echo }), 'worker started');
  const apis: ApiInstance[] = [];
  const workers: BuiltProcess[] = [];
  let proxy: Proxy | null = null;
  const stop = async () => {
    stopping = true;
    await proxy?.stop();
    await Promise.all([...apis.map((a) => a.proc.stop()), ...workers.map((w) => w.stop())]);
  };
  try {
    // Workers first: they migrate nothing, but they run the recovery sweep the APIs' clocks rely on.
    for (let i = 0; i < opts.workers; i++) workers.push(await startWorker(i));
    const started = await Promise.all(ports.map((port, i) => startApi(i, port)));
    started.forEach((proc, i) => apis.push({ index: i, port: ports[i], metricsPort: metricsPorts[i], proc }));
    proxy = await startProxy(
      ports.map((p) => `127.0.0.1:${p}`),
      { httpPort: opts.httpPort, httpsPort: opts.httpsPort },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const restartApi = async (index: number) => {
    const api = apis[index];
    const t0 = Date.now();
    await api.proc.stop();
    const t1 = Date.now();
    stillRunning(`api-${index + 1}`);
    api.proc = await startApi(index, api.port);
    log(`api-${index + 1} restarted: drained and stopped in ${t1 - t0} ms, listening again ${Date.now() - t1} ms later`);
    return { stoppedMs: t1 - t0, startedMs: Date.now() - t1 };
  };
  return {
    proxy: proxy!,
    apis,
    workers,
    workerMetricsPorts,
    restartApi,
    killWorker: async (index, restart = true) => {
      const w = workers[index];
      const exited = new Promise<void>((r) => (w.child.exitCode !== null ? r() : w.child.once('exit', () => r())));
      w.child.kill('SIGKILL');
      await exited;
      log(`worker-${index + 1} killed (SIGKILL)`);
      if (restart) {
        stillRunning(`worker-${index + 1}`);
        workers[index] = await startWorker(index);
      }
    },
    rollingRestart: async () => {
      for (let i = 0; i < apis.length; i++) await restartApi(i);
    },
    stop,
  };
}
