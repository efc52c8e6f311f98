import { Module } from '@nestjs/common';
import { RegistrationsRepository } from './registrations.repository';
import { RegistrationsService } from './registrations.service';

/** A challenge's line of players: the one owner of registration rows. Needs PrismaModule in the app. */
@Module({ providers: [RegistrationsService, RegistrationsRepository], exports: [RegistrationsService] })
export class RegistrationsModule {}
