import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/decorators';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';
import { AuditRepository } from './audit.repository';
import { auditScope } from './audit.scope';

/** The audit log as a viewer may read it: all of it for the review board and admins, their cities' part for a director. */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async list(user: AuthUser, q: AuditQueryDto): Promise<AuditEntryDto[]> {
    const filter = { entityType: q.entityType, entityId: q.entityId, actorId: q.actorId };
    const rows =
      auditScope(user, q.entityType) === 'all'
        ? await this.audit.page(filter, q.limit ?? 50, q.after)
        : await this.audit.directorPage(user.id, filter, q.limit ?? 50, q.after);
    return rows.map(AuditEntryDto.from);
  }
}
