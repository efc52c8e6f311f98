import { Injectable } from '@nestjs/common';
import type { Prisma, Season } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { SeasonStandingsStore } from '@dcs/tournament';

@Injectable()
export class RankingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly store: SeasonStandingsStore,
  ) {}

  season(cityId: string, seasonId: string): Promise<Season | null> {
    return this.prisma.season.findFirst({ where: { id: seasonId, cityId } });
  }

  /** A season without stored standings yet (created before they were kept, or never computed): compute and store them now. */
  async ensureStored(season: Season): Promise<void> {
    if (season.standingsAt) return;
    await this.prisma.$transaction((tx) => this.store.recompute(tx, season.id));
  }

  challengesPlayed(seasonId: string): Promise<number> {
    return this.prisma.challenge.count({ where: { seasonId, status: 'completed' } });
  }

  /** A page of the stored standings, in standings order (equal ranks by player id, as computed), optionally filtered. */
  async standingsPage(seasonId: string, search: string | undefined, skip: number, take: number) {
    const where: Prisma.SeasonStandingWhereInput = { seasonId };
    if (search) {
      const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(search);
      where.OR = [{ user: { displayName: { contains: search, mode: 'insensitive' } } }, ...(isId ? [{ userId: search.toLowerCase() }] : [])];
    }
    const [total, rows] = await Promise.all([
      this.prisma.seasonStanding.count({ where }),
      this.prisma.seasonStanding.findMany({ where, orderBy: [{ rank: 'asc' }, { userId: 'asc' }], skip, take, include: { user: { select: { displayName: true } } } }),
    ]);
    return { total, rows };
  }

  /** Every stored row of the season, in order (the provisional Elite Six reads the top). */
  topRows(seasonId: string, take: number) {
    return this.prisma.seasonStanding.findMany({ where: { seasonId }, orderBy: [{ rank: 'asc' }, { userId: 'asc' }], take });
  }

  eliteSixEntries(seasonId: string) {
    return this.prisma.eliteSixEntry.findMany({ where: { seasonId }, orderBy: [{ removedAt: { sort: 'desc', nulls: 'first' } }, { seed: 'asc' }], include: { user: { select: { displayName: true } } } });
  }

  /** The seasons a player has a result in, newest first, with their stored row. */
  seasonsOf(userId: string) {
    return this.prisma.season.findMany({
      where: { weeklyChallenges: { some: { placements: { some: { userId } } } } },
      orderBy: { startDate: 'desc' },
      include: { city: { select: { id: true, name: true } }, standings: { where: { userId } } },
    });
  }

  /** The player's results, newest first. */
  history(userId: string) {
    return this.prisma.placement.findMany({
      where: { userId },
      include: { challenge: { select: { id: true, localDate: true, seasonId: true, week: true, kind: true, city: { select: { id: true, name: true } } } } },
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
