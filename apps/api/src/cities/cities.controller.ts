import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { uuidPipe } from '../common/validation';
import { CityResponseDto, CreateCityDto, CreateSeasonDto, SeasonResponseDto, UpdateCityDto } from './cities.dto';
import { CitiesService } from './cities.service';
import { ApiErrors, ApiOk } from '../common/openapi';

@ApiTags('cities')
@Controller('cities')
export class CitiesController {
  constructor(private readonly service: CitiesService) {}

  @Public()
  @Get()
  @PublicCache(...CACHE.cities)
  @ApiOperation({ summary: 'All cities' })
  @ApiOk([CityResponseDto])
  list(): Promise<CityResponseDto[]> {
    return this.service.list();
  }

  @Public()
  @Get(':id')
  @PublicCache(...CACHE.cities)
  @ApiOperation({ summary: 'A city' })
  @ApiOk(CityResponseDto)
  get(@Param('id', uuidPipe()) id: string): Promise<CityResponseDto> {
    return this.service.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Create a city (admin; a director gets 403 FORBIDDEN: an admin then assigns its directors)' })
  @ApiOk(CityResponseDto)
  @ApiErrors('SLUG_TAKEN', 'INVALID_SCHEDULE')
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateCityDto): Promise<CityResponseDto> {
    return this.service.create(user, dto);
  }

  @Patch(':id')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change a city\'s settings (director; reason required, audited)' })
  @ApiOk(CityResponseDto)
  @ApiErrors('INVALID_SCHEDULE', 'NOT_YOUR_CITY')
  update(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: UpdateCityDto): Promise<CityResponseDto> {
    return this.service.update(user, id, dto);
  }

  @Public()
  @Get(':id/seasons')
  @PublicCache(...CACHE.cities)
  @ApiOperation({ summary: 'A city\'s seasons' })
  @ApiOk([SeasonResponseDto])
  seasons(@Param('id', uuidPipe()) id: string): Promise<SeasonResponseDto[]> {
    return this.service.seasons(id);
  }

  @Post(':id/seasons')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Start a new 12-week season on a Saturday (director)' })
  @ApiOk(SeasonResponseDto)
  @ApiErrors('NOT_A_SATURDAY', 'SEASON_OVERLAP', 'NOT_YOUR_CITY')
  createSeason(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CreateSeasonDto): Promise<SeasonResponseDto> {
    return this.service.createSeason(user, id, dto);
  }
}
