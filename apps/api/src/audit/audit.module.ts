import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditNamedRepository } from './audit-named.repository';
import { AuditService } from './audit.service';

@Module({ controllers: [AuditController], providers: [AuditService, AuditRepository, AuditNamedRepository] })
export class AuditModule {}
