import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { AccountTokensRepository, LiveEmitterModule, TournamentModule } from '@dcs/tournament';
import { CredentialLimiter } from '../auth/credential-limiter';
import { UsersModule } from '../users/users.module';
import { AccountMailProducer } from './account-mail.producer';
import { AccountRecoveryController } from './account-recovery.controller';
import { AccountRecoveryRepository } from './account-recovery.repository';
import { AccountRecoveryService } from './account-recovery.service';
import { AfterAnswer } from './after-answer';

@Module({
  imports: [UsersModule, LiveEmitterModule, TournamentModule, BullModule.registerQueue({ name: QUEUES.delivery })],
  controllers: [AccountRecoveryController],
  providers: [AccountRecoveryService, AccountRecoveryRepository, AccountTokensRepository, AccountMailProducer, CredentialLimiter, AfterAnswer],
  exports: [AccountRecoveryService],
})
export class AccountRecoveryModule {}
