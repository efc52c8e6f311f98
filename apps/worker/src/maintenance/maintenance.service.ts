import { Injectable } from '@nestjs/common';
import { MaintenanceRepository, type SweepResult } from './maintenance.repository';

/** The maintenance sweep as of a time (lifting suspensions that have run out); once per job id. */
@Injectable()
export class MaintenanceService {
  constructor(private readonly repo: MaintenanceRepository) {}

  sweep(jobId: string, asOf: Date): Promise<SweepResult> {
    return this.repo.sweep(jobId, asOf);
  }
}
