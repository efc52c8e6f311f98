import { Injectable } from '@nestjs/common';
import type { Prisma, Tier, TierSetting } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { recordAudit } from '@dcs/tournament';

@Injectable()
export class TiersRepository {
  constructor(private readonly prisma: PrismaService) {}

  all(): Promise<TierSetting[]> {
    return this.prisma.tierSetting.findMany();
  }

  /** Sets a tier's split with its audit entry, in one transaction. */
  set(tier: Tier, split: object, actorId: string, reason: string, before: object): Promise<TierSetting> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.tierSetting.upsert({ where: { tier }, create: { tier, prizeSplit: split }, update: { prizeSplit: split } });
      await recordAudit(tx, { actorId, action: 'tier.prize-split.set', entityType: 'tier', entityId: tier, reason, data: { before, after: split } as Prisma.InputJsonValue });
      return row;
    });
  }
}
