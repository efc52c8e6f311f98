import { Injectable } from '@nestjs/common';
import type { Season } from '@dcs/db';
import type { SeasonChallenge } from '@dcs/ranking';
import { PrismaService } from '@dcs/common';
import { loadSeasonChallenges } from '@dcs/tournament';

@Injectable()
export class RankingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  season(cityId: string, seasonId: string): Promise<Season | null> {
    return this.prisma.season.findFirst({ where: { id: seasonId, cityId } });
  }

  challenges(seasonId: string): Promise<SeasonChallenge[]> {
    return loadSeasonChallenges(this.prisma, seasonId);
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
    return new Map(rows.map((r) => [r.id, r.displayName]));
  }
}
