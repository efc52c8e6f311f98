import { Injectable } from '@nestjs/common';
import { Prisma, type RulesVersion } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';

export interface RulesStatusRow {
  /** the version in force (null: none published yet) */
  version: number | null;
  summary: string | null;
  publishedAt: Date | null;
  /** when this player accepted the version in force (null: not yet) */
  acceptedAt: Date | null;
  /** the newest version this player accepted */
  lastAccepted: number | null;
}

export interface RulesVersionCount extends RulesVersion {
  accepted: number;
}

export interface AcceptanceRow {
  userId: string;
  displayName: string;
  acceptedAt: Date;
}

/**
 * The only code that writes rules_versions and rules_acceptances (docs/scaling.md, "Who writes which table").
 * A version is published in the caller's transaction (with its audit entry and the notice to every player).
 */
@Injectable()
export class RulesRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** A new version, after every other one (a lock on the table keeps two publications in order). */
  async publish(tx: Tx, summary: string, publishedById: string, at: Date): Promise<RulesVersion> {
    await tx.$executeRaw`LOCK TABLE rules_versions IN SHARE ROW EXCLUSIVE MODE`;
    const [{ next }] = await tx.$queryRaw<{ next: number }[]>`SELECT COALESCE(MAX(version), 0) + 1 AS next FROM rules_versions`;
    return tx.rulesVersion.create({ data: { version: Number(next), summary, publishedById, publishedAt: at } });
  }

  /** The version in force and this player's acceptance of it, in one statement (every gated act asks). */
  async status(userId: string): Promise<RulesStatusRow> {
    const [row] = await this.prisma.$queryRaw<RulesStatusRow[]>`
      SELECT v.version, v.summary, v.published_at AS "publishedAt", a.accepted_at AS "acceptedAt",
        (SELECT MAX(version) FROM rules_acceptances WHERE user_id = ${userId}::uuid) AS "lastAccepted"
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT version, summary, published_at FROM rules_versions ORDER BY version DESC LIMIT 1) v ON true
      LEFT JOIN rules_acceptances a ON a.version = v.version AND a.user_id = ${userId}::uuid`;
    return row;
  }

  current(): Promise<RulesVersion | null> {
    return this.prisma.rulesVersion.findFirst({ orderBy: { version: 'desc' } });
  }

  /** Records the acceptance once (accepting again keeps the first time); false when the version is not the one in force. */
  accept(userId: string, version: number, at: Date): Promise<Date | null> {
    return this.prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ version: number }[]>`SELECT version FROM rules_versions ORDER BY version DESC LIMIT 1 FOR SHARE`;
      if (!current || current.version !== version) return null;
      await tx.$executeRaw`INSERT INTO rules_acceptances (user_id, version, accepted_at) VALUES (${userId}::uuid, ${version}, ${at}) ON CONFLICT DO NOTHING`;
      const row = await tx.rulesAcceptance.findUniqueOrThrow({ where: { userId_version: { userId, version } } });
      return row.acceptedAt;
    });
  }

  /** Every version, newest first, with how many players accepted it. */
  async versions(): Promise<RulesVersionCount[]> {
    const rows = await this.prisma.rulesVersion.findMany({ orderBy: { version: 'desc' }, include: { _count: { select: { acceptances: true } } } });
    return rows.map(({ _count, ...v }) => ({ ...v, accepted: _count.acceptances }));
  }

  find(version: number): Promise<RulesVersion | null> {
    return this.prisma.rulesVersion.findUnique({ where: { version } });
  }

  /** Players who could play (not banned), for "accepted n of m". */
  players(): Promise<number> {
    return this.prisma.user.count({ where: { status: { not: 'banned' } } });
  }

  async acceptedAt(userId: string, version: number): Promise<Date | null> {
    const row = await this.prisma.rulesAcceptance.findUnique({ where: { userId_version: { userId, version } } });
    return row?.acceptedAt ?? null;
  }

  /** The acceptances of a version, newest first, `limit` after the cursor (accepted time and user id of the last row). */
  async acceptances(version: number, limit: number, after?: { at: Date; userId: string }): Promise<AcceptanceRow[]> {
    return this.prisma.$queryRaw<AcceptanceRow[]>`
      SELECT a.user_id::text AS "userId", u.display_name AS "displayName", a.accepted_at AS "acceptedAt"
      FROM rules_acceptances a JOIN users u ON u.id = a.user_id
      WHERE a.version = ${version} ${after ? Prisma.sql`AND (a.accepted_at, a.user_id) < (${after.at}, ${after.userId}::uuid)` : Prisma.empty}
      ORDER BY a.accepted_at DESC, a.user_id DESC
      LIMIT ${limit}`;
  }
}
