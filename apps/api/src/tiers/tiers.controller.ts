import { Body, Controller, Get, Param, ParseEnumPipe, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Tier } from '@dcs/db';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { SetPrizeSplitDto, TierResponseDto } from './tiers.dto';
import { TiersService } from './tiers.service';
import { ApiErrors, ApiOk } from '../common/openapi';

enum TierParam {
  T1 = 'T1',
  T2 = 'T2',
  T3 = 'T3',
}

@ApiTags('tiers')
@Controller()
export class TiersController {
  constructor(private readonly service: TiersService) {}

  @Public()
  @Get('tiers')
  @PublicCache(...CACHE.tiers)
  @ApiOperation({ summary: 'Prize pools and splits of the three tiers' })
  @ApiOk([TierResponseDto])
  list(): Promise<TierResponseDto[]> {
    return this.service.list();
  }

  @Put('admin/tiers/:tier/prize-split')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Set a tier\'s prize split (admin; basis points totalling 10,000; applies to challenges created afterwards; audited)' })
  @ApiOk(TierResponseDto)
  @ApiErrors('INVALID_PRIZE_SPLIT')
  setSplit(@CurrentUser() user: AuthUser, @Param('tier', new ParseEnumPipe(TierParam)) tier: Tier, @Body() dto: SetPrizeSplitDto): Promise<TierResponseDto> {
    return this.service.setSplit(user, tier, dto);
  }
}
