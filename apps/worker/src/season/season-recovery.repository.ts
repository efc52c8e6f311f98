import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

@Injectable()
export class SeasonRecoveryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Seasons not closed whose challenges are all completed (their close is due). */
  dueForClose(): Promise<{ id: string }[]> {
    return this.prisma.$queryRaw<{ id: string }[]>`
      SELECT s.id FROM seasons s
      WHERE s.status <> 'closed'
        AND (SELECT count(*) FROM challenges c WHERE c.season_id = s.id AND c.status = 'completed') >= s.challenges`;
  }
}
