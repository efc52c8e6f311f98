import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';

/** A processor that tells of a Redis outage once (BullMQ reconnects by itself) instead of on every retry. */
export abstract class ResilientWorkerHost extends WorkerHost {
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
}
