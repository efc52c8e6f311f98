import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { DrainService } from '../drain/drain.service';

@Module({ controllers: [HealthController], providers: [HealthService, HealthRepository, DrainService], exports: [DrainService] })
export class HealthModule {}
