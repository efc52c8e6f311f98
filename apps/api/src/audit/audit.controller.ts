import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PrismaService } from '@dcs/common';
import { Roles } from '../common/decorators';
import { AuditEntryDto, AuditQueryDto } from './audit.dto';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly prisma: PrismaService) {}

  @Get()
  @Roles('reviewer')
  @ApiOperation({ summary: 'The append-only audit log, newest first (review board and admins)' })
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
