import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { uuidPipe } from '../common/validation';
import { CalendarFeedsService } from './calendar-feeds.service';

const ICS = 'text/calendar; charset=utf-8';

/** The feed with its headers — set only once it is made, so that an error keeps its JSON content type. */
async function ics(res: Response, feed: Promise<string>, headers: Record<string, string>): Promise<string> {
  const text = await feed;
  res.setHeader('Content-Type', ICS);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  return text;
}

export class CalendarFeedStatusDto {
  @ApiProperty({ description: 'whether the player has a private feed URL (it is shown only when made)' }) active!: boolean;
}

export class CalendarFeedUrlDto {
  @ApiProperty({ description: 'the private feed URL: shown this once; a new one replaces it (the old one then answers 404 CALENDAR_FEED_UNKNOWN)' }) url!: string;
}

@ApiTags('calendar')
@Controller()
export class CalendarFeedsController {
  constructor(private readonly service: CalendarFeedsService) {}

  @Public()
  @Get('cities/:id/calendar.ics')
  @ApiResponse({ status: 200, description: 'an iCalendar (RFC 5545) document', content: { 'text/calendar': { schema: { type: 'string' } } } })
  @ApiOperation({ summary: "A city's calendar (iCalendar): its challenges, each with its check-in window and its start, UTC times, stable UIDs" })
  @ApiErrors('NOT_FOUND')
  city(@Param('id', uuidPipe()) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    return ics(res, this.service.city(id), { 'Cache-Control': 'public, max-age=300' });
  }

  @Public()
  @Get('challenges/:id/calendar.ics')
  @ApiResponse({ status: 200, description: 'an iCalendar (RFC 5545) document', content: { 'text/calendar': { schema: { type: 'string' } } } })
  @ApiOperation({ summary: 'One challenge as an .ics file to add to a calendar (its check-in window and its start)' })
  @ApiErrors('NOT_FOUND')
  challenge(@Param('id', uuidPipe()) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    return ics(res, this.service.challenge(id), { 'Content-Disposition': `attachment; filename="dcs-challenge-${id}.ics"` });
  }

  @Public()
  @Get('calendar/:secret.ics')
  @ApiResponse({ status: 200, description: 'an iCalendar (RFC 5545) document', content: { 'text/calendar': { schema: { type: 'string' } } } })
  @ApiOperation({ summary: "A player's private calendar feed (their registrations), at the secret URL they were given" })
  @ApiErrors('CALENDAR_FEED_UNKNOWN')
  player(@Param('secret') secret: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    return ics(res, this.service.player(secret), { 'Cache-Control': 'private, max-age=300' });
  }

  @Get('me/calendar-feed')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether I have a private calendar feed' })
  @ApiOk(CalendarFeedStatusDto)
  status(@CurrentUser() user: AuthUser): Promise<CalendarFeedStatusDto> {
    return this.service.status(user);
  }

  @Post('me/calendar-feed')
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Make my private calendar feed URL, or replace it (the old URL stops working); the URL is shown this once' })
  @ApiOk(CalendarFeedUrlDto)
  rotate(@CurrentUser() user: AuthUser): Promise<CalendarFeedUrlDto> {
    return this.service.rotate(user);
  }
}
