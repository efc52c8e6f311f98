import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { AnticheatGamePayload, JOBS, jobIds, QUEUES } from '@dcs/common';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { AnticheatService, GameJobResult } from './anticheat.service';

/** Thin: validates the payload and calls the service. Both jobs are idempotent. */
@Processor(QUEUES.anticheat)
export class AnticheatProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(AnticheatProcessor.name);

  constructor(
    private readonly service: AnticheatService,
    @InjectQueue(QUEUES.anticheat) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: Job): Promise<GameJobResult | { queued: number; linked: number }> {
    switch (job.name) {
      case JOBS.anticheatGame: {
        const { gameId } = job.data as AnticheatGamePayload;
        if (typeof gameId !== 'string' || gameId === '') throw new Error('anticheat-game: gameId missing');
        return this.service.processGame(gameId);
      }
      case JOBS.anticheatScan: {
        const { unanalysed, linked } = await this.service.scan();
        for (const gameId of unanalysed) {
          await this.queue.add(JOBS.anticheatGame, { gameId }, { jobId: jobIds.anticheatGame(gameId), removeOnComplete: 1000, removeOnFail: 1000, attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
        }
        if (unanalysed.length || linked) this.logger.log(`anti-cheat scan: queued ${unanalysed.length} game(s), ${linked} linked-accounts signal(s)`);
        return { queued: unanalysed.length, linked };
      }
      default:
        throw new Error(`unknown anticheat job ${job.name}`);
    }
  }
}
