import { Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { IceServersDto, VoiceClipDto, VoiceClipQueryDto, VoiceMuteDto, VoiceReportDto } from './voice.dto';
import { VoiceReportsService } from './voice-reports.service';
import { VoiceService } from './voice.service';

/** Voice (issue 29): ICE servers with short-lived TURN credentials, mutes that follow the player, clips of reported voice. Signalling is on the live socket. */
@ApiTags('voice')
@ApiBearerAuth()
@Controller()
export class VoiceController {
  constructor(
    private readonly voice: VoiceService,
    private readonly reports: VoiceReportsService,
  ) {}

  @Get('voice/ice-servers')
  @Roles('competitor')
  @ApiOk(IceServersDto)
  @ApiOperation({ summary: 'The ICE servers for voice: the TURN relay with a credential for me that lasts TURN_TTL_SECONDS (none without TURN_URLS)' })
  iceServers(@CurrentUser() user: AuthUser) {
    return this.voice.iceServers(user.id);
  }

  @Get('me/voice-mutes')
  @Roles('competitor')
  @ApiOk([VoiceMuteDto])
  @ApiOperation({ summary: 'The players I muted: their voice is not played and their team text not sent to me, at every table' })
  mutes(@CurrentUser() user: AuthUser) {
    return this.voice.mutes(user.id);
  }

  @Put('me/voice-mutes/:userId')
  @Roles('competitor')
  @ApiOk([VoiceMuteDto])
  @ApiErrors('CANNOT_MUTE_SELF', 'NOT_FOUND')
  @ApiOperation({ summary: 'Mute a player at every table (idempotent); answers my mutes' })
  mute(@CurrentUser() user: AuthUser, @Param('userId', uuidPipe()) userId: string) {
    return this.voice.mute(user.id, userId);
  }

  @Delete('me/voice-mutes/:userId')
  @Roles('competitor')
  @ApiOk([VoiceMuteDto])
  @ApiOperation({ summary: 'Unmute a player (idempotent); answers my mutes' })
  unmute(@CurrentUser() user: AuthUser, @Param('userId', uuidPipe()) userId: string) {
    return this.voice.unmute(user.id, userId);
  }

  @Post('reports/:id/voice-clip')
  @Roles('competitor')
  @ApiConsumes('audio/wav', 'audio/webm', 'audio/ogg')
  @ApiBody({ description: 'the last (at most) 60 seconds of voice the reporter heard, as their page kept it (the web app: 16 kHz mono 16-bit PCM WAV); at most 2,000,000 bytes', schema: { type: 'string', format: 'binary' } })
  @ApiOk(VoiceClipDto)
  @ApiErrors('VOICE_CLIP_TYPE', 'VOICE_CLIP_TOO_LARGE', 'VOICE_CLIP_TOO_LONG', 'VOICE_CLIP_NOT_ALLOWED', 'VOICE_CLIP_EXISTS', 'NOT_FOUND')
  @ApiOperation({ summary: 'Attach the voice clip to my conduct report (POST /reports first, category conduct, with the game); uploaded only when I report' })
  attach(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Query() q: VoiceClipQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.reports.attach(user, id, req.headers['content-type'], q.durationMs, res.locals.voiceClip);
  }

  @Get('voice/reports')
  @Roles('director', 'reviewer')
  @ApiOk([VoiceReportDto])
  @ApiOperation({ summary: 'Reports of voice conduct with their clips (the conduct ledger and the review board): those whose clips I may hear' })
  list(@CurrentUser() user: AuthUser) {
    return this.reports.list(user);
  }

  @Get('voice/clips/:id')
  @Roles('director', 'reviewer')
  @ApiResponse({ status: 200, description: 'the clip as uploaded (audio/wav, audio/webm or audio/ogg)', content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } }, 'audio/webm': { schema: { type: 'string', format: 'binary' } }, 'audio/ogg': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors('NOT_FOUND', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  @ApiOperation({ summary: "A reported voice clip, to the review board, admins and the director of the city of the report's challenge game (not to the reporter or the reported player: docs/rules.md)" })
  async clip(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Res() res: Response): Promise<void> {
    const { mime, bytes } = await this.reports.clip(user, id);
    res.setHeader('Content-Type', mime);
    res.setHeader('Content-Length', String(bytes.length));
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(bytes);
  }
}
