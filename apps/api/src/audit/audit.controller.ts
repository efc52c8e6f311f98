import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { auditScope } from './audit.scope';
import { ApiErrors, ApiOk } from '../common/openapi';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';
import { AuditRepository } from './audit.repository';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Get()
  @Roles('reviewer', 'director')
  @ApiErrors('NOT_YOUR_CITY')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins: all of it; directors: their cities, those cities\' seasons, challenges, tables and game endings, and the tiers)' })
  @ApiOk([AuditEntryDto], { description: 'one page, newest first; fewer than `limit` entries on the last page; paged by `limit` (1-200, default 50) and `after` (the id of the last entry of the previous page)' })
  async list(@CurrentUser() user: AuthUser, @Query() q: AuditQueryDto): Promise<AuditEntryDto[]> {
    const filter = { entityType: q.entityType, entityId: q.entityId, actorId: q.actorId };
    const rows =
      auditScope(user, q.entityType) === 'all'
        ? await this.audit.page(filter, q.limit ?? 50, q.after)
        : await this.audit.directorPage(user.id, filter, q.limit ?? 50, q.after);
    return rows.map(AuditEntryDto.from);
  }
}
