import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

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
   */
  sweep(jobId: string, asOf: Date): Promise<SweepResult> {
    return this.prisma.$transaction(async (tx) => {
      const done = await tx.maintenanceRun.findUnique({ where: { jobId } });
      if (done) return { jobId, liftedSuspensions: (done.result as { liftedSuspensions?: number }).liftedSuspensions ?? 0, alreadyDone: true };
      const due = await tx.user.findMany({
        where: { status: 'suspended', suspendedUntil: { lte: asOf } },
        select: { id: true, suspendedUntil: true },
      });
      for (const u of due) {
        await tx.user.update({ where: { id: u.id }, data: { status: 'active', suspendedUntil: null } });
        await tx.auditLog.create({
          data: {
            action: 'user.suspension.lifted',
            entityType: 'user',
            entityId: u.id,
            reason: 'suspension period ended',
            data: { suspendedUntil: u.suspendedUntil?.toISOString() ?? null, jobId },
          },
        });
      }
      await tx.maintenanceRun.create({ data: { jobId, kind: 'sweep', result: { liftedSuspensions: due.length, asOf: asOf.toISOString() } } });
      return { jobId, liftedSuspensions: due.length, alreadyDone: false };
    });
  }
}
