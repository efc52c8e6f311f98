import { Injectable } from '@nestjs/common';
import type { Season } from '@dcs/db';
import type { SeasonChallenge, SeasonPenalty } from '@dcs/ranking';
import { PrismaService } from '@dcs/common';
import { loadSeasonChallenges, loadSeasonPenalties } from '@dcs/tournament';

@Injectable()
export class RankingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  season(cityId: string, seasonId: string): Promise<Season | null> {
    return this.prisma.season.findFirst({ where: { id: seasonId, cityId } });
  }

  challenges(seasonId: string): Promise<SeasonChallenge[]> {
    return loadSeasonChallenges(this.prisma, seasonId);
  }

  penalties(seasonId: string): Promise<SeasonPenalty[]> {
    return loadSeasonPenalties(this.prisma, seasonId);
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
    return new Map(rows.map((r) => [r.id, r.displayName]));
  }

  /** The seasons a player has a result in, newest first. */
  seasonsOf(userId: string) {
    return this.prisma.season.findMany({
      where: { weeklyChallenges: { some: { placements: { some: { userId } } } } },
      orderBy: { startDate: 'desc' },
      include: { city: { select: { id: true, name: true } } },
    });
  }

  /** The player's results, newest first. */
  history(userId: string) {
    return this.prisma.placement.findMany({
      where: { userId },
      include: { challenge: { select: { id: true, localDate: true, seasonId: true, week: true, city: { select: { id: true, name: true } } } } },
      orderBy: { challenge: { localDate: 'desc' } },
    });
  }

  /** Every decided table both players sat at. */
  sharedTables(a: string, b: string) {
    return this.prisma.challengeTable.findMany({
      where: { status: 'finished', AND: [{ seats: { some: { userId: a } } }, { seats: { some: { userId: b } } }] },
      select: { id: true, challengeId: true, result: true, round: { select: { number: true } } },
    });
  }

  userExists(id: string): Promise<boolean> {
    return this.prisma.user.count({ where: { id } }).then((n) => n > 0);
  }
}
