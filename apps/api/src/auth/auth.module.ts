import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '@dcs/common';
import { DeliverySettingsRepository, LiveEmitterModule } from '@dcs/tournament';
import { AuthGuard } from '../common/auth.guard';
import { UsersModule } from '../users/users.module';
import { SessionCaptureModule } from '../anticheat/session-capture.module';
import { AccountRecoveryModule } from '../account-recovery/account-recovery.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CredentialLimiter } from './credential-limiter';

@Module({
  imports: [
    UsersModule,
    AccountRecoveryModule,
    SessionCaptureModule,
    LiveEmitterModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      // Every token this app signs expires (verification refuses one without exp).
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, CredentialLimiter, DeliverySettingsRepository, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [JwtModule, CredentialLimiter],
})
export class AuthModule {}
