import { Injectable } from '@nestjs/common';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { assignDirectorCity, directorCities, recordAudit, unassignDirectorCity } from '@dcs/tournament';

/** Which cities each director directs (SPEC 7): an admin's assignments, each audited in its transaction. */
@Injectable()
export class DirectorCitiesRepository {
  constructor(private readonly prisma: PrismaService) {}

  cities(userId: string) {
    return directorCities(this.prisma, userId);
  }

  /** Every account holding the director role, with its cities. */
  directors() {
    return this.prisma.user.findMany({
      where: { roles: { has: 'director' } },
      orderBy: { displayName: 'asc' },
      select: { id: true, displayName: true, email: true, directorCities: { include: { city: true }, orderBy: { city: { name: 'asc' } } } },
      take: 500,
    });
  }

  /** The director's roles and whether the city exists, read before an assignment. */
  async parties(userId: string, cityId: string) {
    const [user, city] = await Promise.all([
      this.prisma.user.findUnique({ where: { id: userId }, select: { roles: true } }),
      this.prisma.city.findUnique({ where: { id: cityId }, select: { id: true } }),
    ]);
    return { user, city };
  }

  /** Assigns (or removes) the city with its audit entry; a repeat changes nothing and writes no entry. */
  change(kind: 'assign' | 'unassign', actorId: string, userId: string, cityId: string, reason: string | undefined): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const changed = kind === 'assign' ? await assignDirectorCity(tx, userId, cityId, actorId) : await unassignDirectorCity(tx, userId, cityId);
      if (changed) {
        await recordAudit(tx, {
          actorId,
          action: kind === 'assign' ? 'director.city.assigned' : 'director.city.unassigned',
          entityType: 'user',
          entityId: userId,
          reason: reason ?? null,
          data: { cityId } as Prisma.InputJsonValue,
        });
      }
      return changed;
    });
  }
}
