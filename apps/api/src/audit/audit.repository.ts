import { Injectable } from '@nestjs/common';
import { Prisma, type AuditLog } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { cityAuditScope, notAboutReader, notYourCity } from '@dcs/tournament';

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorId?: string;
}

/** Reads of the append-only audit log (every writer appends in its own transaction). */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The whole log's page for the review board and admins, newest first, never the entries about a case of the reader's own (`notAboutReader`). */
  page(readerId: string, f: AuditFilter, limit: number, after?: string): Promise<AuditLog[]> {
    return this.pageIn(notAboutReader(readerId), f, limit, after);
  }

  /**
   * A director's page (SPEC 7: nothing in other cities): the entries of the cities assigned to them
   * (`cityAuditScope`, the rule a city's audit export follows too). Asking for one entity of another
   * city is NOT_YOUR_CITY; the same keyset paging as `page`.
   */
  async directorPage(directorId: string, f: AuditFilter, limit: number, after?: string): Promise<AuditLog[]> {
    await this.assertEntityInCities(directorId, f);
    return this.pageIn(cityAuditScope({ directorId }), f, limit, after);
  }

  /** One page of the entries in `scope` (SQL over `a`), newest first, after the entry `after` (keyset on createdAt, id). */
  private async pageIn(scope: Prisma.Sql, f: AuditFilter, limit: number, after?: string): Promise<AuditLog[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT a.id FROM audit_log a
      WHERE (${f.entityType ?? null}::text IS NULL OR a.entity_type = ${f.entityType ?? null})
        AND (${f.entityId ?? null}::text IS NULL OR a.entity_id = ${f.entityId ?? null})
        AND (${f.actorId ?? null}::uuid IS NULL OR a.actor_id = ${f.actorId ?? null}::uuid)
        AND ${scope}
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
      case 'director_call': {
        const call = await this.prisma.directorCall.findUnique({ where: { id: entityId }, select: { challengeId: true } });
        return call ? ((await this.prisma.challenge.findUnique({ where: { id: call.challengeId }, select: { cityId: true } }))?.cityId ?? null) : null;
      }
      case 'game':
        return (await this.prisma.game.findUnique({ where: { id: entityId }, select: { table: { select: { challenge: { select: { cityId: true } } } } } }))?.table?.challenge.cityId ?? null;
      default:
        return null;
    }
  }
}
