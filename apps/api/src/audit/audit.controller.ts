import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { auditScope } from './audit.scope';
import { ApiOk } from '../common/openapi';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';
import { AuditRepository } from './audit.repository';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Get()
  @Roles('reviewer', 'director')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins: all of it; directors: cities, seasons, tiers, challenges, their tables and game endings)' })
  @ApiOk([AuditEntryDto], { description: 'one page, newest first; fewer than `limit` entries on the last page; paged by `limit` (1-200, default 50) and `after` (the id of the last entry of the previous page)' })
  async list(@CurrentUser() user: AuthUser, @Query() q: AuditQueryDto): Promise<AuditEntryDto[]> {
    const scope = auditScope(user, q.entityType);
    const rows = await this.audit.page({ AND: [{ entityType: q.entityType, entityId: q.entityId, actorId: q.actorId }, scope] }, q.limit ?? 50, q.after);
    return rows.map(AuditEntryDto.from);
  }
}
