import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { uuidPipe } from '../common/validation';
import { DirectorCitiesService } from './director-cities.service';
import { DirectorCityChangeDto, DirectorCityDto, DirectorDto } from './director-cities.dto';

/** SPEC 7: which cities each director directs (admin only; every change audited). */
@ApiTags('users')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/directors')
export class DirectorCitiesController {
  constructor(private readonly service: DirectorCitiesService) {}

  @Get()
  @ApiOk([DirectorDto])
  @ApiOperation({ summary: 'Every director with the cities assigned to them (admin)' })
  list(): Promise<DirectorDto[]> {
    return this.service.directors();
  }

  @Get(':userId/cities')
  @ApiOk([DirectorCityDto])
  @ApiOperation({ summary: 'The cities a director directs (admin)' })
  cities(@Param('userId', uuidPipe('userId')) userId: string): Promise<DirectorCityDto[]> {
    return this.service.cities(userId);
  }

  @Put(':userId/cities/:cityId')
  @ApiOk([DirectorCityDto])
  @ApiErrors('NOT_FOUND', 'NOT_A_DIRECTOR')
  @ApiOperation({ summary: 'Assign a city to a director (admin; audited; again changes nothing); answers the director\'s cities' })
  assign(@CurrentUser() user: AuthUser, @Param('userId', uuidPipe('userId')) userId: string, @Param('cityId', uuidPipe('cityId')) cityId: string, @Body() dto: DirectorCityChangeDto): Promise<DirectorCityDto[]> {
    return this.service.assign(user, userId, cityId, dto.reason);
  }

  @Delete(':userId/cities/:cityId')
  @ApiOk([DirectorCityDto])
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ summary: 'Take a city from a director (admin; audited; again changes nothing); answers the director\'s cities' })
  unassign(@CurrentUser() user: AuthUser, @Param('userId', uuidPipe('userId')) userId: string, @Param('cityId', uuidPipe('cityId')) cityId: string, @Body() dto: DirectorCityChangeDto): Promise<DirectorCityDto[]> {
    return this.service.unassign(user, userId, cityId, dto.reason);
  }
}
