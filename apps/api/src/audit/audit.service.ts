import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/decorators';
import { AuditEntryDto, AuditQueryDto, NamedAuditEntryDto, NamedAuditPageDto, NamedAuditQueryDto } from './audit.dto';
import { AuditNamedRepository } from './audit-named.repository';
import { AuditRepository } from './audit.repository';
import { auditScope } from './audit.scope';

/** The audit log as a viewer may read it: all of it for the review board and admins, their cities' part for a director. */
@Injectable()
export class AuditService {
  constructor(
    private readonly audit: AuditRepository,
    private readonly named: AuditNamedRepository,
  ) {}

  async list(user: AuthUser, q: AuditQueryDto): Promise<AuditEntryDto[]> {
    const filter = { entityType: q.entityType, entityId: q.entityId, actorId: q.actorId };
    const rows =
      auditScope(user, q.entityType) === 'all'
        ? await this.audit.page(user.id, filter, q.limit ?? 50, q.after)
        : await this.audit.directorPage(user.id, filter, q.limit ?? 50, q.after);
    return rows.map(AuditEntryDto.from);
  }

  /** The log in words, in the same scope as `list`: who did what to whom by name, with the reason. */
  async namedPage(user: AuthUser, q: NamedAuditQueryDto): Promise<NamedAuditPageDto> {
    const f = { entityType: q.entityType, entityId: q.entityId, kind: q.kind, person: q.person, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined };
    const all = auditScope(user, q.entityType) === 'all';
    if (!all) await this.audit.assertEntityInCities(user.id, f);
    const limit = q.limit ?? 25;
    const { entries, more } = await this.named.page(user.id, all ? 'all' : { directorId: user.id }, f, limit, q.after);
    return { entries: entries.map(NamedAuditEntryDto.from), next: more ? entries[entries.length - 1].id : null };
  }
}
