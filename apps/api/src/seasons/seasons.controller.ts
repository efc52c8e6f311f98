import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WdcEntry } from '@dcs/db';
import type { CloseResult } from '@dcs/tournament';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { CloseResultDto, CloseSeasonDto, CreateNdtDto, CreateRegionalDto, CreateWdcEntryDto, EventCreatedDto, EventViewDto, EventYearQueryDto, WdcDto, WdcEntryCreatedDto, WdcYearParamDto } from './seasons.dto';
import { EventView, SeasonsService } from './seasons.service';

@ApiTags('seasons')
@Controller()
export class SeasonsController {
  constructor(private readonly service: SeasonsService) {}

  @Post('cities/:cityId/seasons/:seasonId/close')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOk(CloseResultDto)
  @ApiErrors('SEASON_CHALLENGE_RUNNING', 'ELITE_SIX_TIE_TOO_LARGE', 'NOT_YOUR_CITY', 'OWN_CHALLENGE')
  @ApiOperation({ summary: 'Close the season: final standings, the Elite Six with benefits (director; idempotent; 409 SEASON_CHALLENGE_RUNNING while one runs)' })
  close(@CurrentUser() user: AuthUser, @Param('cityId', uuidPipe('cityId')) cityId: string, @Param('seasonId', uuidPipe('seasonId')) seasonId: string, @Body() dto: CloseSeasonDto): Promise<CloseResult> {
    return this.service.close(user, cityId, seasonId, dto.reason);
  }

  @Post('regionals')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOk(EventCreatedDto)
  @ApiErrors('NOT_ENOUGH_QUALIFIERS', 'BAD_HOST_CITY', 'OWN_CHALLENGE', 'PRIZE_POOL_ABOVE_CEILING')
  @ApiOperation({ summary: 'Create a region\'s Regional Tournament from its cities\' Elite Sixes (director/admin; one per region and year: a repeat returns it)' })
  createRegional(@CurrentUser() user: AuthUser, @Body() dto: CreateRegionalDto): Promise<EventView & { created: boolean }> {
    return this.service.createRegional(user, dto);
  }

  @Public()
  @Get('regionals')
  @PublicCache(...CACHE.standings)
  @ApiOk([EventViewDto])
  @ApiOperation({ summary: 'Regional Tournaments with their seeded entrants and results' })
  regionals(@Query() q: EventYearQueryDto): Promise<EventView[]> {
    return this.service.events('regional', q.year);
  }

  @Post('ndt')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOk(EventCreatedDto)
  @ApiErrors('REGIONALS_NOT_COMPLETE')
  @ApiOperation({ summary: 'Create the NDT Finals of a year: the 4 regional winners at one table (admin; $100,000+ pool)' })
  createNdt(@CurrentUser() user: AuthUser, @Body() dto: CreateNdtDto): Promise<EventView & { created: boolean }> {
    return this.service.createNdt(user, dto);
  }

  @Public()
  @Get('ndt')
  @PublicCache(...CACHE.standings)
  @ApiOk([EventViewDto])
  @ApiOperation({ summary: 'NDT Finals with entrants and results' })
  ndt(@Query() q: EventYearQueryDto): Promise<EventView[]> {
    return this.service.events('ndt', q.year);
  }

  @Public()
  @Get('events/:id')
  @PublicCache(...CACHE.standings)
  @ApiOk(EventViewDto)
  @ApiOperation({ summary: 'One Regional or NDT Finals (its tables and games are under /challenges/:id like any challenge)' })
  event(@Param('id', uuidPipe()) id: string): Promise<EventView> {
    return this.service.event(id);
  }

  @Public()
  @Get('wdc/:year')
  @PublicCache(...CACHE.standings)
  @ApiOk(WdcDto)
  @ApiErrors('VALIDATION_FAILED')
  @ApiOperation({ summary: 'The WDC edition: the NDT champion(s) qualified and the entries from other countries ($250,000 pool)' })
  wdc(@Param() p: WdcYearParamDto) {
    return this.service.wdc(p.year);
  }

  @Post('wdc/:year/entries')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOk(WdcEntryCreatedDto)
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ summary: 'Add a WDC entrant from another country (admin; audited; a repeat returns the entry)' })
  addWdcEntry(@CurrentUser() user: AuthUser, @Param() p: WdcYearParamDto, @Body() dto: CreateWdcEntryDto): Promise<WdcEntry & { created: boolean }> {
    return this.service.addWdcEntry(user, p.year, dto);
  }
}
