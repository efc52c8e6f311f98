import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../common/decorators';
import { ApiOk } from '../common/openapi';
import { MyNextDto } from './my-next.dto';
import { MyNextService } from './my-next.service';

@ApiTags('games')
@ApiBearerAuth()
@Controller('me/next')
export class MyNextController {
  constructor(private readonly service: MyNextService) {}

  @Get()
  @ApiOperation({ summary: 'What I must do next, most urgent first: take my seat, check in, the next round, an unfinished house game, workouts owed, a challenge I am registered for' })
  @ApiOk(MyNextDto)
  next(@CurrentUser() user: AuthUser): Promise<MyNextDto> {
    return this.service.next(user);
  }
}
