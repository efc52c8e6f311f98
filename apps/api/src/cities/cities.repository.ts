import { Injectable } from '@nestjs/common';
import type { City, Prisma, Season } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { assertDirectsCity, insertSeason, recordAudit } from '@dcs/tournament';

@Injectable()
export class CitiesRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(): Promise<City[]> {
    return this.prisma.city.findMany({ orderBy: { name: 'asc' } });
  }

  find(id: string): Promise<City | null> {
    return this.prisma.city.findUnique({ where: { id } });
  }

  /**
   * Creates the city with its audit entry (an admin's act); null when the slug is taken. Nobody directs
   * it until an admin assigns a director (`PUT /api/admin/directors/:userId/cities/:cityId`, audited).
   */
  async create(data: Prisma.CityCreateInput, actorId: string): Promise<City | null> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const city = await tx.city.create({ data });
        await recordAudit(tx, { actorId, action: 'city.created', entityType: 'city', entityId: city.id, data: JSON.parse(JSON.stringify(data)) as Prisma.InputJsonValue });
        return city;
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') return null;
      throw err;
    }
  }

  update(id: string, data: Prisma.CityUpdateInput, actorId: string, reason: string, before: City): Promise<City> {
    return this.prisma.$transaction(async (tx) => {
      const city = await tx.city.update({ where: { id }, data });
      await recordAudit(tx, { actorId, action: 'city.updated', entityType: 'city', entityId: id, reason, data: { before: { ...before, createdAt: undefined, updatedAt: undefined }, change: { ...data } } as Prisma.InputJsonValue });
      return city;
    });
  }

  /** SPEC 7: throws NOT_YOUR_CITY unless the actor directs this city (an admin does everywhere). */
  assertDirects(actorId: string, cityId: string): Promise<void> {
    return assertDirectsCity(this.prisma, actorId, cityId);
  }

  seasons(cityId: string): Promise<Season[]> {
    return this.prisma.season.findMany({ where: { cityId }, orderBy: { number: 'asc' } });
  }

  /** Numbers the season after the city's last one; serialised by a row lock on the city. */
  createSeason(cityId: string, startDate: string, actorId: string): Promise<Season> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM cities WHERE id = ${cityId}::uuid FOR UPDATE`;
      const last = await tx.season.findFirst({ where: { cityId }, orderBy: { number: 'desc' } });
      const season = await insertSeason(tx, { cityId, startDate, number: (last?.number ?? 0) + 1 });
      await recordAudit(tx, { actorId, action: 'season.created', entityType: 'season', entityId: season.id, data: { cityId, startDate, number: season.number } });
      return season;
    });
  }

  lastSeason(cityId: string): Promise<Season | null> {
    return this.prisma.season.findFirst({ where: { cityId }, orderBy: { number: 'desc' } });
  }
}
