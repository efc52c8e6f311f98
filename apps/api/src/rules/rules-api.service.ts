import { Injectable } from '@nestjs/common';
import { RulesService } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';
import type { AcceptancesPageDto, MyRulesDto, PublicRulesDto, PublishedRulesDto, RulesAcceptedDto, RulesVersionsDto } from './rules.dto';

const iso = (d: Date) => d.toISOString();

/** The rules endpoints' answers (the decisions are RulesService's, libs/tournament/src/rules). */
@Injectable()
export class RulesApiService {
  constructor(private readonly rules: RulesService) {}

  async current(): Promise<PublicRulesDto> {
    const v = await this.rules.current();
    return { current: v ? { version: v.version, summary: v.summary, publishedAt: iso(v.publishedAt) } : null };
  }

  async mine(user: AuthUser): Promise<MyRulesDto> {
    const s = await this.rules.status(user.id);
    return {
      current: s.version === null ? null : { version: s.version, summary: s.summary!, publishedAt: iso(s.publishedAt!) },
      upToDate: s.upToDate,
      acceptedAt: s.acceptedAt ? iso(s.acceptedAt) : null,
      lastAccepted: s.lastAccepted,
    };
  }

  async accept(user: AuthUser, version: number): Promise<RulesAcceptedDto> {
    const a = await this.rules.accept(user.id, version);
    return { version: a.version, acceptedAt: iso(a.acceptedAt) };
  }

  async publish(user: AuthUser, summary: string): Promise<PublishedRulesDto> {
    const p = await this.rules.publish(user.id, summary);
    return { version: p.version, summary: p.summary, publishedAt: iso(p.publishedAt), notified: p.notified };
  }

  async versions(): Promise<RulesVersionsDto> {
    const { players, versions } = await this.rules.versions();
    return { players, versions: versions.map((v) => ({ version: v.version, summary: v.summary, publishedAt: iso(v.publishedAt), publishedById: v.publishedById, accepted: v.accepted })) };
  }

  async acceptances(version: number, limit: number, after?: string): Promise<AcceptancesPageDto> {
    const page = await this.rules.acceptances(version, limit, after);
    return { items: page.items.map((a) => ({ userId: a.userId, displayName: a.displayName, acceptedAt: iso(a.acceptedAt) })), next: page.next };
  }
}
