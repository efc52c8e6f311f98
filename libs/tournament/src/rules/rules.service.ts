import { Injectable } from '@nestjs/common';
import { AppError } from '@dcs/common';
import { recordAudit } from '../audit/audit-log.repository';
import { notifyEveryPlayer } from '../notifications/notifications.repository';
import { TournamentClock } from '../time/tournament-clock';
import { rulesChangedNotice, rulesDedupeKey } from './rules.messages';
import { RulesRepository, type AcceptanceRow, type RulesStatusRow, type RulesVersionCount } from './rules.repository';

export interface RulesStatus extends RulesStatusRow {
  /** false when a version is in force that this player has not accepted: they may not register or sit at a table */
  upToDate: boolean;
}

export interface PublishedRules {
  version: number;
  summary: string;
  publishedAt: Date;
  /** players told (in the app; by e-mail and push as each chose) */
  notified: number;
}

/**
 * Rules changes (SPEC 6): an admin publishes a version with a summary of what changed; every player is
 * told in the app and by e-mail; a player accepts the version in force before registering, checking in
 * or sitting at a table (docs/rules.md, "Rules changes").
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly repo: RulesRepository,
    private readonly clock: TournamentClock,
  ) {}

  /** One transaction: the version, its audit entry and the notice to every player (with its deliveries). */
  publish(adminId: string, summary: string): Promise<PublishedRules> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const v = await this.repo.publish(tx, summary, adminId, now);
      const notified = await notifyEveryPlayer(tx, rulesChangedNotice(v), rulesDedupeKey(v.version));
      await recordAudit(tx, { actorId: adminId, action: 'rules.publish', entityType: 'rules', entityId: String(v.version), reason: summary, data: { version: v.version, notified } });
      return { version: v.version, summary: v.summary, publishedAt: v.publishedAt, notified };
    });
  }

  async status(userId: string): Promise<RulesStatus> {
    const row = await this.repo.status(userId);
    const version = row.version === null ? null : Number(row.version);
    return { ...row, version, lastAccepted: row.lastAccepted === null ? null : Number(row.lastAccepted), upToDate: version === null || row.acceptedAt !== null };
  }

  /** Throws RULES_NOT_ACCEPTED (with the version and its summary) unless the player accepted the version in force. */
  async assertAccepted(userId: string): Promise<void> {
    const s = await this.status(userId);
    if (!s.upToDate) {
      throw new AppError('RULES_NOT_ACCEPTED', `The rules changed (version ${s.version}); read what changed and accept them before you register, check in or sit at a table`, {
        version: s.version,
        summary: s.summary,
      });
    }
  }

  async accept(userId: string, version: number): Promise<{ version: number; acceptedAt: Date }> {
    const at = await this.repo.accept(userId, version, this.clock.now());
    if (!at) {
      const current = await this.repo.current();
      throw new AppError('RULES_VERSION_NOT_CURRENT', current ? `Version ${version} is not the rules in force; accept version ${current.version}` : 'No rules have been published to accept', {
        current: current?.version ?? null,
      });
    }
    return { version, acceptedAt: at };
  }

  async versions(): Promise<{ players: number; versions: RulesVersionCount[] }> {
    const [players, versions] = await Promise.all([this.repo.players(), this.repo.versions()]);
    return { players, versions };
  }

  async current(): Promise<{ version: number; summary: string; publishedAt: Date } | null> {
    const v = await this.repo.current();
    return v ? { version: v.version, summary: v.summary, publishedAt: v.publishedAt } : null;
  }

  /** A page of a version's acceptances, newest first; `after` is the user id of the previous page's last row. */
  async acceptances(version: number, limit: number, after?: string): Promise<{ items: AcceptanceRow[]; next: string | null }> {
    if (!(await this.repo.find(version))) throw new AppError('NOT_FOUND', `No rules version ${version}`);
    let cursor: { at: Date; userId: string } | undefined;
    if (after) {
      const at = await this.repo.acceptedAt(after, version);
      if (!at) throw new AppError('INVALID_CURSOR', '`after` is not a player who accepted this version');
      cursor = { at, userId: after };
    }
    const items = await this.repo.acceptances(version, limit + 1, cursor);
    return { items: items.slice(0, limit), next: items.length > limit ? items[limit - 1].userId : null };
  }
}
