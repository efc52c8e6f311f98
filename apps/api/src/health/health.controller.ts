import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { HealthDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Database and Redis reachability; 503 names what is down, or says the instance is draining (shutting down)' })
  @ApiOk(HealthDto)
  @ApiErrors('UNHEALTHY')
  check(): Promise<HealthDto> {
    return this.health.check();
  }
}
