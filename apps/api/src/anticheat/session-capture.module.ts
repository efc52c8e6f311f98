import { Module } from '@nestjs/common';
import { SessionCaptureService } from './session-capture.service';

/** Device fingerprint + IP capture at sign-in and socket connect (anti-cheat evidence). */
@Module({
  providers: [SessionCaptureService],
  exports: [SessionCaptureService],
})
export class SessionCaptureModule {}
