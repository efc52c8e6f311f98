import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

/** The worker metrics' reads of the database. */
@Injectable()
export class MetricsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Challenge games still playing with no change (no move, no forfeit) for 60 and for 120 seconds. */
  async idleTables(): Promise<{ over60: number; over120: number }> {
    const [row] = await this.prisma.$queryRaw<{ m1: bigint; m2: bigint }[]>`
      SELECT count(*) FILTER (WHERE updated_at < now() - interval '60 seconds') AS m1, count(*) FILTER (WHERE updated_at < now() - interval '120 seconds') AS m2
      FROM games WHERE status = 'playing' AND table_id IS NOT NULL`;
    return { over60: Number(row.m1), over120: Number(row.m2) };
  }
}
