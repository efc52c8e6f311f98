import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PrismaService } from '@dcs/common';
import { Roles } from '../common/decorators';
import { ApiOk } from '../common/openapi';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly prisma: PrismaService) {}

  @Get()
  @Roles('reviewer')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins); paged by `limit` (1-200, default 50) and `after` (the id of the last entry of the previous page)' })
  @ApiOk([AuditEntryDto], { description: 'one page, newest first; fewer than `limit` entries on the last page' })
  async list(@Query() q: AuditQueryDto): Promise<AuditEntryDto[]> {
    const rows = await this.prisma.auditLog.findMany({
      where: { entityType: q.entityType, entityId: q.entityId, actorId: q.actorId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit ?? 50,
      ...(q.after ? { cursor: { id: q.after }, skip: 1 } : {}),
    });
    return rows.map(AuditEntryDto.from);
  }
}
