import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { AuditEntryDto, AuditQueryDto, NamedAuditPageDto, NamedAuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Roles('reviewer', 'director')
  @ApiErrors('NOT_YOUR_CITY')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins: all of it; directors: their cities, those cities\' seasons, challenges, tables, director calls and game endings, and the tiers)' })
  @ApiOk([AuditEntryDto], { description: 'one page, newest first; fewer than `limit` entries on the last page; paged by `limit` (1-200, default 50) and `after` (the id of the last entry of the previous page)' })
  list(@CurrentUser() user: AuthUser, @Query() q: AuditQueryDto): Promise<AuditEntryDto[]> {
    return this.audit.list(user, q);
  }

  @Get('named')
  @Roles('reviewer', 'director')
  @ApiErrors('NOT_YOUR_CITY', 'FORBIDDEN')
  @ApiOperation({ summary: 'The audit log in words, newest first, in the same scope as the log: each entry with its actor\'s and its person\'s names, a label for what it was about, and the reason; filtered by kind of act, a person\'s name and a time range' })
  @ApiOk(NamedAuditPageDto)
  named(@CurrentUser() user: AuthUser, @Query() q: NamedAuditQueryDto): Promise<NamedAuditPageDto> {
    return this.audit.namedPage(user, q);
  }
}
