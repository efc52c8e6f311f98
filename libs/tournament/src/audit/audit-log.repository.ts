import { Prisma } from '@dcs/db';
import type { Tx } from '@dcs/common';


/** One line of the audit log: who (null: the system), did what, to which entity, why, with what data. */
export interface AuditEntry {
  actorId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  reason?: string | null;
  data?: unknown;
}

const row = (e: AuditEntry): Prisma.AuditLogCreateManyInput => ({
  actorId: e.actorId ?? null,
  action: e.action,
  entityType: e.entityType,
  entityId: e.entityId ?? null,
  reason: e.reason ?? null,
  ...(e.data === undefined ? {} : { data: e.data as Prisma.InputJsonValue }),
});

/**
 * The only code that writes the audit log (append-only: a trigger refuses updates and deletes), in the
 * caller's transaction, so an entry commits with the act it records and never without it.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: row(entry) });
}

/** Several entries in one statement (a season's close cancelling its challenges, a calendar's changes). */
export async function recordAudits(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length) await tx.auditLog.createMany({ data: entries.map(row) });
}

/** What a city's directors run (SPEC 7: cities' challenges): the entries about these, whoever wrote them. */
export const DIRECTOR_ENTITY_TYPES = ['challenge', 'table', 'director_call', 'city', 'season', 'tier'] as const;
/** A game's entries a director reads: how a game of their challenge ended (not its anti-cheat analysis). */
export const DIRECTOR_GAME_ACTIONS = ['game.hard-stop', 'conduct.stalling'] as const;

/** The cities whose audit entries are read: those a director directs, or one city (its export). */
export type AuditCities = { directorId: string } | { cityId: string };

/**
 * SPEC 7 (conflicts of interest): the audit entries a reader may see of the review board's work, never those about a
 * case of their own — its case, its appeals, the reports about them or in it, the anti-cheat signals on them — whatever
 * their roles (a reviewer or an admin who is a case's player reads it as the player does, through their own record). The
 * rule `notTheirCase` applies to the board's own lists, here for the log (`a`).
 */
export function notAboutReader(readerId: string): Prisma.Sql {
  const cases = Prisma.sql`SELECT id FROM integrity_cases WHERE ${readerId}::uuid = ANY(subject_ids)`;
  return Prisma.sql`NOT (
          (a.entity_type = 'integrity_case' AND a.entity_id IN (SELECT id::text FROM (${cases}) c))
          OR (a.entity_type = 'integrity_appeal' AND a.entity_id IN (
                SELECT ap.id::text FROM integrity_appeals ap JOIN integrity_decisions d ON d.id = ap.decision_id WHERE d.case_id IN (${cases})))
          OR (a.entity_type = 'integrity_report' AND a.entity_id IN (
                SELECT r.id::text FROM integrity_reports r WHERE r.subject_id = ${readerId}::uuid OR r.case_id IN (${cases})))
          OR (a.entity_type = 'anticheat_signal' AND a.entity_id IN (SELECT s.id::text FROM anticheat_signals s WHERE ${readerId}::uuid = ANY(s.user_ids)))
        )`;
}

/**
 * SPEC 7 (nothing in other cities): a city's part of the audit log, as a condition on `audit_log a` —
 * the one rule of what a director reads (their cities' page of the log, in records and in words) and of
 * what a city's audit export holds, so the two never differ. The entries of the cities, their seasons,
 * their challenges, those challenges' tables and director calls, and the endings of those tables' games
 * (DIRECTOR_GAME_ACTIONS); and the tiers', which every city's challenges are played under. Never the
 * review board's cases, appeals, reports, signals and analyses, nor account acts.
 */
export function cityAuditScope(of: AuditCities): Prisma.Sql {
  const cities = 'directorId' in of ? Prisma.sql`SELECT city_id FROM director_cities WHERE user_id = ${of.directorId}::uuid` : Prisma.sql`SELECT ${of.cityId}::uuid AS city_id`;
  const challenges = Prisma.sql`SELECT id FROM challenges WHERE city_id IN (${cities})`;
  return Prisma.sql`(
          a.entity_type = 'tier'
          OR (a.entity_type = 'city' AND a.entity_id IN (SELECT city_id::text FROM (${cities}) m))
          OR (a.entity_type = 'season' AND a.entity_id IN (SELECT id::text FROM seasons WHERE city_id IN (${cities})))
          OR (a.entity_type = 'challenge' AND a.entity_id IN (SELECT id::text FROM (${challenges}) c))
          OR (a.entity_type = 'table' AND a.entity_id IN (SELECT id::text FROM challenge_tables WHERE challenge_id IN (${challenges})))
          OR (a.entity_type = 'director_call' AND a.entity_id IN (SELECT id::text FROM director_calls WHERE challenge_id IN (${challenges})))
          OR (a.entity_type = 'game' AND a.action IN (${Prisma.join([...DIRECTOR_GAME_ACTIONS])}) AND a.entity_id IN (
                SELECT g.id::text FROM games g JOIN challenge_tables t ON t.id = g.table_id WHERE t.challenge_id IN (${challenges})))
        )`;
}
