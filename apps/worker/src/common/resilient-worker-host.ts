import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';

/** How long a shutdown waits for running jobs before it stops waiting (their locks expire and another worker retries them). */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * A processor that tells of a Redis outage once (BullMQ reconnects by itself) instead of on every
 * retry, and that shuts down within a bounded time: running jobs get SHUTDOWN_GRACE_MS to finish;
 * a job still running then is left to BullMQ's stalled-job check, which hands it to another worker
 * (every job is idempotent by its id and the rows it checks), so a stuck job never holds a deploy.
 */
export abstract class ResilientWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  protected abstract readonly logger: Logger;
  private redisDown = false;

  @OnWorkerEvent('error')
  onError(err: Error): void {
    if (!this.redisDown) this.logger.warn(`queue connection problem (${err.message}); retrying`);
    this.redisDown = true;
  }

  @OnWorkerEvent('ready')
  onReady(): void {
    if (this.redisDown) this.logger.log('queue connection restored');
    this.redisDown = false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    // Take no new jobs and wait for the running ones (a graceful close cannot be forced later).
    const graceful = this.worker.pause(false);
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SHUTDOWN_GRACE_MS)));
    const outcome = await Promise.race([graceful.then(() => 'closed' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.logger.warn(`jobs still running after ${SHUTDOWN_GRACE_MS} ms at shutdown; leaving them to another worker`);
      await this.worker.close(true);
    }
  }
}
