import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { MyGamesPageDto, MyGamesQueryDto } from './my-games.dto';
import { MyGamesService } from './my-games.service';

@ApiTags('games')
@ApiBearerAuth()
@Controller('me/games')
export class MyGamesController {
  constructor(private readonly service: MyGamesService) {}

  @Get()
  @ApiOperation({ summary: 'My current and recent challenge games, with their table, round and challenge (games being played first; paged)' })
  @ApiOk(MyGamesPageDto)
  @ApiErrors('BAD_CURSOR')
  list(@CurrentUser() user: AuthUser, @Query() q: MyGamesQueryDto): Promise<MyGamesPageDto> {
    return this.service.list(user, q);
  }
}
