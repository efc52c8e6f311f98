import { Module } from '@nestjs/common';
import { SessionCaptureService } from './session-capture.service';
import { SessionsRepository } from './sessions.repository';

/** Device fingerprint + IP capture at sign-in and socket connect (anti-cheat evidence). */
@Module({
  providers: [SessionCaptureService, SessionsRepository],
  exports: [SessionCaptureService],
})
export class SessionCaptureModule {}
