import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

/**
 * Work a request starts and does not wait for: its answer must not show, by what it says or by how long it
 * took, whether an account has an address (issue 36: a reset request answered in 26 ms for a known address and
 * 10 ms for an unknown one). The work starts after the answer; its errors are logged, and the app's shutdown
 * waits for what is running.
 */
@Injectable()
export class AfterAnswer implements OnModuleDestroy {
  private readonly logger = new Logger(AfterAnswer.name);
  private readonly running = new Set<Promise<void>>();

  run(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.logger.error(`${what} failed: ${(err as Error).message}`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves when the work started so far has ended (the tests; the shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  onModuleDestroy(): Promise<void> {
    return this.settled();
  }
}
