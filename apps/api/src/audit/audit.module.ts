import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

@Module({ controllers: [AuditController], providers: [AuditService, AuditRepository] })
export class AuditModule {}
