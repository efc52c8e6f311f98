import { Injectable } from '@nestjs/common';
import { AppealDeadlinesRepository, type AppealSweepResult } from './appeal-deadlines.repository';

/**
 * The appeal deadlines (SPEC 5) as of a time: the board reminded before an appeal's due date, an appeal
 * past it marked overdue for escalation (each once; see AppealDeadlinesRepository). Never decides an appeal.
 */
@Injectable()
export class AppealDeadlinesService {
  constructor(private readonly repo: AppealDeadlinesRepository) {}

  remind(now: Date): Promise<AppealSweepResult> {
    return this.repo.remind(now);
  }

  markOverdue(now: Date): Promise<AppealSweepResult> {
    return this.repo.markOverdue(now);
  }
}
