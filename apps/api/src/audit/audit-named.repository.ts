import { Injectable } from '@nestjs/common';
import { Prisma } from '@dcs/db';
import { containsPattern, PrismaService, startsWithPattern } from '@dcs/common';
import { cityAuditScope, notAboutReader } from '@dcs/tournament';

/** What a page of the log in words is filtered by (every filter optional). */
export interface NamedAuditFilter {
  entityType?: string;
  entityId?: string;
  /** An action (`challenge.cancelled`) or a family of them (`challenge`, `integrity.case`). */
  kind?: string;
  /** A part of a name: the entries whose actor or whose person acted upon is so named. */
  person?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** An entry with its people named: who acted, and the person it was about (when there is one). */
export interface NamedAuditEntry {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string | null;
  reason: string | null;
  data: unknown;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  subjectId: string | null;
  subjectName: string | null;
}

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The audit log in words: each entry with its actor's and its person's display names and a label for
 * what it was about (a challenge's city and date, a city's or a player's name), resolved in the page's
 * one query, never one look-up per row. The person an entry is about is the one the act names: the
 * user acted on (`entity_type = 'user'`), else `data.userId`, `data.subjectId` or the first of `data.subjectIds`.
 */
@Injectable()
export class AuditNamedRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One page, newest first, after the entry `after`; `limit + 1` rows are read so the caller knows whether another page follows. */
  async page(readerId: string, scope: { directorId: string } | 'all', f: NamedAuditFilter, limit: number, after?: string): Promise<{ entries: NamedAuditEntry[]; more: boolean }> {
    const person = f.person ? containsPattern(f.person) : null;
    const kind = f.kind ?? null;
    const kindFamily = f.kind ? startsWithPattern(`${f.kind}.`) : null;
    const rows = await this.prisma.$queryRaw<NamedAuditEntry[]>`
      WITH page AS (
        SELECT a.*,
          CASE WHEN a.entity_type = 'user' AND a.entity_id ~* ${UUID_RE} THEN a.entity_id
               WHEN a.data->>'userId' ~* ${UUID_RE} THEN a.data->>'userId'
               WHEN a.data->>'subjectId' ~* ${UUID_RE} THEN a.data->>'subjectId'
               WHEN a.data->'subjectIds'->>0 ~* ${UUID_RE} THEN a.data->'subjectIds'->>0
          END::uuid AS subject_id
        FROM audit_log a
        WHERE ${scope === 'all' ? Prisma.sql`TRUE` : cityAuditScope(scope)}
          AND ${notAboutReader(readerId)}
          AND (${f.entityType ?? null}::text IS NULL OR a.entity_type = ${f.entityType ?? null})
          AND (${f.entityId ?? null}::text IS NULL OR a.entity_id = ${f.entityId ?? null})
          AND (${kind}::text IS NULL OR a.action = ${kind} OR a.action LIKE ${kindFamily})
          AND (${f.from ?? null}::timestamptz IS NULL OR a.created_at >= ${f.from ?? null}::timestamptz)
          AND (${f.to ?? null}::timestamptz IS NULL OR a.created_at < ${f.to ?? null}::timestamptz)
          AND (${after ?? null}::uuid IS NULL OR (a.created_at, a.id) < (SELECT created_at, id FROM audit_log WHERE id = ${after ?? null}::uuid))
      )
      SELECT p.id, p.action, p.entity_type AS "entityType", p.entity_id AS "entityId", p.reason, p.data, p.created_at AS "createdAt",
             p.actor_id::text AS "actorId", actor.display_name AS "actorName", p.subject_id::text AS "subjectId", subject.display_name AS "subjectName",
             CASE p.entity_type
               WHEN 'challenge' THEN (SELECT ci.name || ' · ' || ch.local_date FROM challenges ch JOIN cities ci ON ci.id = ch.city_id WHERE ch.id::text = p.entity_id)
               WHEN 'city' THEN (SELECT ci.name FROM cities ci WHERE ci.id::text = p.entity_id)
               WHEN 'season' THEN (SELECT ci.name || ' · ' || s.number FROM seasons s JOIN cities ci ON ci.id = s.city_id WHERE s.id::text = p.entity_id)
               WHEN 'table' THEN (SELECT ci.name || ' · ' || ch.local_date || ' · ' || r.number || '.' || (t.index + 1) FROM challenge_tables t JOIN rounds r ON r.id = t.round_id JOIN challenges ch ON ch.id = t.challenge_id JOIN cities ci ON ci.id = ch.city_id WHERE t.id::text = p.entity_id)
               WHEN 'user' THEN subject.display_name
             END AS "entityLabel"
      FROM page p
      LEFT JOIN users actor ON actor.id = p.actor_id
      LEFT JOIN users subject ON subject.id = p.subject_id
      WHERE (${person}::text IS NULL OR actor.display_name ILIKE ${person} OR subject.display_name ILIKE ${person})
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${limit + 1}`;
    const entries = rows.slice(0, limit);
    return { entries, more: rows.length > limit };
  }
}
