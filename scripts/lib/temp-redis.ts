import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A private redis-server on a free port, to take Redis down and bring it back in a test or a bench
 * (never the shared one). `persistent`: with an append-only file in a temporary folder, as
 * docker-compose.yml runs Redis, so a restart keeps its data; without, a restart loses everything.
 */
export class TempRedis {
  private proc: ChildProcess | null = null;
  private dir: string | null = null;
  constructor(
    readonly port: number,
    readonly opts: { persistent?: boolean } = {},
  ) {}

  static freePort(): Promise<number> {
    return freePort();
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  async start(): Promise<void> {
    if (this.opts.persistent) this.dir ??= mkdtempSync(path.join(tmpdir(), 'dcs-redis-'));
    const persistence = this.opts.persistent ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', this.dir!] : ['--appendonly', 'no'];
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await this.accepts()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  /** SIGKILL: gone at once, as a crashed server (a persistent one keeps what its append-only file holds). */
  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  }

  /** Restarted as an operator does: SIGTERM (a persistent one writes its append-only file out), started again on the same port; resolves once it accepts connections. */
  async restart(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (p && p.exitCode === null) {
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGTERM');
      });
    }
    await this.start();
  }

  /** Stopped, and its temporary folder removed. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  /** Killed and its folder removed at once (synchronous: for a process's 'exit', when nothing async runs any more). */
  removeNow(): void {
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.proc = null;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  private accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const s = net.connect(this.port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
  }
}
