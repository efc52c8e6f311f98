import { Processor } from '@nestjs/bullmq';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ChallengeStartPayload, JOBS, QUEUES, RoundPayload, TablePayload, TiebreakPayload, TurnClockPayload } from '@dcs/common';
import { ChallengeFlowService, CommissaryService, FairDeal, HouseBotService, HouseService, TurnClockService } from '@dcs/tournament';

type EffectsJob = Job<ChallengeStartPayload | RoundPayload | TablePayload | TiebreakPayload | TurnClockPayload>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(data: unknown, key: string): string {
  const value = (data as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string' || !uuid.test(value)) throw new Error(`payload.${key} must be a UUID`);
  return value;
}

function week(data: unknown): string {
  const value = (data as Record<string, unknown> | null)?.week;
  if (typeof value !== 'string' || !/^\d{4}-W\d{2}$/.test(value)) throw new Error('payload.week must be an ISO week (YYYY-Www)');
  return value;
}

function count(data: unknown, key: string): number {
  const value = (data as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`payload.${key} must be a whole number`);
  return value;
}

/** The effects queue's jobs: the running challenge's timers, the turn clock, and the house tables' (computer turns, settlements, file expiries, the weekly commissary); every handler is idempotent. */
@Processor(QUEUES.effects, { concurrency: 8 })
export class EffectsProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(EffectsProcessor.name);

  constructor(
    private readonly flow: ChallengeFlowService,
    private readonly clock: TurnClockService,
    private readonly house: HouseService,
    private readonly bots: HouseBotService,
    private readonly commissary: CommissaryService,
    private readonly deals: FairDeal,
  ) {
    super();
  }

  async process(job: EffectsJob): Promise<unknown> {
    switch (job.name) {
      case JOBS.challengeStart:
        return this.flow.start(idOf(job.data, 'challengeId'));
      case JOBS.roundHardStop:
        return this.flow.hardStop(idOf(job.data, 'roundId'));
      case JOBS.roundStart:
        return this.flow.startRound(idOf(job.data, 'roundId'));
      case JOBS.tableDecide:
        return this.flow.decideTable(idOf(job.data, 'tableId'));
      case JOBS.tiebreakClose:
        return this.flow.closeTiebreak(idOf(job.data, 'tiebreakId'));
      case JOBS.turnClock:
        return this.clock.tick(idOf(job.data, 'gameId'), count(job.data, 'version'), count(job.data, 'attempt'));
      case JOBS.houseBot:
        return this.bots.play(idOf(job.data, 'gameId'), count(job.data, 'version'), count(job.data, 'attempt'));
      case JOBS.dealClose:
        return this.deals.close(idOf(job.data, 'gameId'));
      case JOBS.houseSettle:
        return this.house.settle(idOf(job.data, 'gameId'));
      case JOBS.fileExpire:
        return this.house.expire(idOf(job.data, 'entryId'));
      case JOBS.houseCommissary:
        return this.commissary.run(week(job.data));
      default:
        throw new Error(`unknown effects job ${job.name}`);
    }
  }
}
