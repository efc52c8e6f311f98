import { Injectable } from '@nestjs/common';
import { Prisma, type AuditLog } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { notYourCity } from '@dcs/tournament';
import { DIRECTOR_GAME_ACTIONS } from './audit.scope';

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorId?: string;
}

/**
 * The entries a director reads (SPEC 7: nothing in other cities), as a condition on `audit_log a`: the
 * cities assigned to them, their seasons, challenges, those challenges' tables, and the tiers; game
 * endings except those of another city's challenges.
 */
export function directorScope(directorId: string): Prisma.Sql {
  const mine = Prisma.sql`SELECT city_id FROM director_cities WHERE user_id = ${directorId}::uuid`;
  const challenges = Prisma.sql`SELECT id FROM challenges WHERE city_id IN (${mine})`;
  return Prisma.sql`(
          a.entity_type = 'tier'
          OR (a.entity_type = 'city' AND a.entity_id IN (SELECT city_id::text FROM (${mine}) m))
          OR (a.entity_type = 'season' AND a.entity_id IN (SELECT id::text FROM seasons WHERE city_id IN (${mine})))
          OR (a.entity_type = 'challenge' AND a.entity_id IN (SELECT id::text FROM (${challenges}) c))
          OR (a.entity_type = 'table' AND a.entity_id IN (SELECT id::text FROM challenge_tables WHERE challenge_id IN (${challenges})))
          OR (a.entity_type = 'game' AND a.action IN (${Prisma.join([...DIRECTOR_GAME_ACTIONS])}) AND NOT EXISTS (
                SELECT 1 FROM games g JOIN challenge_tables t ON t.id = g.table_id JOIN challenges c ON c.id = t.challenge_id
                WHERE g.id = (CASE WHEN a.entity_id ~* ${UUID_RE} THEN a.entity_id::uuid END) AND c.city_id NOT IN (${mine})))
        )`;
}

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

  /**
   * A director's page (SPEC 7: nothing in other cities): the entries of the cities assigned to them,
   * their seasons, challenges, those challenges' tables, and the tiers; game endings except those of
   * another city's challenges. Asking for
   * one entity of another city is NOT_YOUR_CITY; the same keyset paging as `page`.
   */
  async directorPage(directorId: string, f: AuditFilter, limit: number, after?: string): Promise<AuditLog[]> {
    await this.assertEntityInCities(directorId, f);
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT a.id FROM audit_log a
      WHERE (${f.entityType ?? null}::text IS NULL OR a.entity_type = ${f.entityType ?? null})
        AND (${f.entityId ?? null}::text IS NULL OR a.entity_id = ${f.entityId ?? null})
        AND (${f.actorId ?? null}::uuid IS NULL OR a.actor_id = ${f.actorId ?? null}::uuid)
        AND ${directorScope(directorId)}
        AND (${after ?? null}::uuid IS NULL OR (a.created_at, a.id) < (SELECT created_at, id FROM audit_log WHERE id = ${after ?? null}::uuid))
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${limit}`;
    if (!rows.length) return [];
    const byId = new Map((await this.prisma.auditLog.findMany({ where: { id: { in: rows.map((r) => r.id) } } })).map((a) => [a.id, a]));
    return rows.map((r) => byId.get(r.id)!);
  }

  /** Throws NOT_YOUR_CITY when a director asks for one entity of a city they do not direct. */
  async assertEntityInCities(directorId: string, f: AuditFilter): Promise<void> {
    if (!f.entityType || !f.entityId) return;
    const cityId = await this.cityOf(f.entityType, f.entityId);
    if (cityId && !(await this.prisma.directorCity.count({ where: { userId: directorId, cityId } }))) throw notYourCity(cityId);
  }

  /** The city an entity of a director's audit entries belongs to, or null (unknown, or a tier). */
  private async cityOf(entityType: string, entityId: string): Promise<string | null> {
    if (!new RegExp(UUID_RE, 'i').test(entityId)) return null;
    switch (entityType) {
      case 'city':
        return (await this.prisma.city.findUnique({ where: { id: entityId }, select: { id: true } }))?.id ?? null;
      case 'season':
        return (await this.prisma.season.findUnique({ where: { id: entityId }, select: { cityId: true } }))?.cityId ?? null;
      case 'challenge':
        return (await this.prisma.challenge.findUnique({ where: { id: entityId }, select: { cityId: true } }))?.cityId ?? null;
      case 'table':
        return (await this.prisma.challengeTable.findUnique({ where: { id: entityId }, select: { challenge: { select: { cityId: true } } } }))?.challenge.cityId ?? null;
      case 'game':
        return (await this.prisma.game.findUnique({ where: { id: entityId }, select: { table: { select: { challenge: { select: { cityId: true } } } } } }))?.table?.challenge.cityId ?? null;
      default:
        return null;
    }
  }
}
