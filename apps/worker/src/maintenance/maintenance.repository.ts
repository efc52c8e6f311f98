import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { liftDueSuspensions, recordAudit } from '@dcs/tournament';

export interface SweepResult {
  jobId: string;
  liftedSuspensions: number;
  alreadyDone: boolean;
}

@Injectable()
export class MaintenanceRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Lifts every suspension that ended by `asOf`, with an audit entry each, and records
   * the run under its job id — all in one transaction, so a retried job changes nothing.
   *
   * The lift is one conditional UPDATE: a row a penalty changed meanwhile (a ban, a longer
   * suspension; those paths lock the player) is re-checked after its lock is released and left
   * alone when it no longer matches, so the sweep never undoes a decision taken while it ran.
   */
  sweep(jobId: string, asOf: Date): Promise<SweepResult> {
    return this.prisma.$transaction(async (tx) => {
      const done = await tx.maintenanceRun.findUnique({ where: { jobId } });
      if (done) return { jobId, liftedSuspensions: (done.result as { liftedSuspensions?: number }).liftedSuspensions ?? 0, alreadyDone: true };
      const lifted = await liftDueSuspensions(tx, asOf);
      lifted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (const u of lifted) {
        await recordAudit(tx, {
          action: 'user.suspension.lifted',
          entityType: 'user',
          entityId: u.id,
          reason: 'suspension period ended',
          data: { suspendedUntil: u.suspended_until.toISOString(), jobId },
        });
      }
      await tx.maintenanceRun.create({ data: { jobId, kind: 'sweep', result: { liftedSuspensions: lifted.length, asOf: asOf.toISOString() } } });
      return { jobId, liftedSuspensions: lifted.length, alreadyDone: false };
    });
  }
}
