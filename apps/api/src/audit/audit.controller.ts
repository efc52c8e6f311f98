import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Roles('reviewer', 'director')
  @ApiErrors('NOT_YOUR_CITY')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins: all of it; directors: their cities, those cities\' seasons, challenges, tables and game endings, and the tiers)' })
  @ApiOk([AuditEntryDto], { description: 'one page, newest first; fewer than `limit` entries on the last page; paged by `limit` (1-200, default 50) and `after` (the id of the last entry of the previous page)' })
  list(@CurrentUser() user: AuthUser, @Query() q: AuditQueryDto): Promise<AuditEntryDto[]> {
    return this.audit.list(user, q);
  }
}
