import { Injectable } from '@nestjs/common';
import type { AuditLog, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';

/** Reads of the append-only audit log (every writer appends in its own transaction). */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One page, newest first, after the entry `after` (keyset on createdAt, id). */
  page(where: Prisma.AuditLogWhereInput, limit: number, after?: string): Promise<AuditLog[]> {
    return this.prisma.auditLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
  }
}
