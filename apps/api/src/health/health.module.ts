import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { DrainService } from '../drain/drain.service';

@Module({ controllers: [HealthController], providers: [HealthRepository, DrainService], exports: [DrainService] })
export class HealthModule {}
