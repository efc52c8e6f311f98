import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JOBS, jobIds, jobOptions, QUEUES } from '@dcs/common';

/** The season queue: the close job after a season's last challenge (deterministic id: queued once). */
@Injectable()
export class SeasonQueue {
  constructor(@InjectQueue(QUEUES.season) private readonly queue: Queue) {
    this.queue.on('error', () => undefined); // reconnects by itself; the worker's start-up sweep closes what was missed
  }

  close(seasonId: string): Promise<unknown> {
    return this.queue.add(JOBS.seasonClose, { seasonId }, jobOptions(QUEUES.season, JOBS.seasonClose, jobIds.seasonClose(seasonId)));
  }
}
