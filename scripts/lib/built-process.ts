/**
 * A platform process started from the build (`.build/tools/apps/{api,worker}/src/main.js`) as a
 * child of a tool: `simulate` and `bench:challenge` run the worker this way, `bench:live` two APIs
 * and a worker. The last lines it printed are kept for the error that says why it stopped.
 */
import { ChildProcess, spawn } from 'node:child_process';

export interface BuiltProcess {
  name: string;
  child: ChildProcess;
  /** the last 40 lines it printed (stdout and stderr) */
  tail: string[];
  /** resolves when a line it prints contains `text`; rejects if it exits first */
  says(text: string): Promise<void>;
  /** SIGTERM (its shutdown hooks close its queues and connections), SIGKILL after 20 s; resolves once it has exited */
  stop(): Promise<void>;
}

/**
 * `env` is the child's whole environment. BENCH_CPU_PROF=<dir> (in this process's environment): the
 * child writes a V8 CPU profile there when it exits, named after it (for finding hot spots).
 */
export function startBuilt(name: string, script: string, env: NodeJS.ProcessEnv, opts: { cwd?: string; echo?: boolean } = {}): BuiltProcess {
  const dir = process.env.BENCH_CPU_PROF;
  const prof = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...prof, script], { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const waiting: { text: string; resolve: () => void }[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line.slice(0, 400));
      for (const w of waiting.splice(0)) if (line.includes(w.text)) w.resolve();
      else waiting.push(w);
    }
    if (tail.length > 40) tail.splice(0, tail.length - 40);
    if (opts.echo) process.stderr.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    tail,
    says: (text) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ text, resolve });
        void exited.then(() => reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it said "${text}":\n${tail.join('\n')}`)));
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
