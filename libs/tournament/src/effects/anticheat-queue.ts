import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JOBS, jobIds, jobOptions, QUEUES } from '@dcs/common';

/**
 * The anti-cheat queue: one analysis job per finished game (job id = the game id, so it runs
 * once). Kept but not retried forever: the worker's periodic scan queues any game it missed.
 */
@Injectable()
export class AnticheatQueue {
  constructor(@InjectQueue(QUEUES.anticheat) private readonly queue: Queue) {
    this.queue.on('error', () => undefined); // reconnects by itself; the worker's scan analyses what was missed
  }

  analyse(gameId: string): Promise<unknown> {
    return this.queue.add(JOBS.anticheatGame, { gameId }, jobOptions(QUEUES.anticheat, JOBS.anticheatGame, jobIds.anticheatGame(gameId)));
  }
}
