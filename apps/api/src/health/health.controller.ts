import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type Redis from 'ioredis';
import { AppError, REDIS } from '@dcs/common';
import { HealthRepository } from './health.repository';
import { DrainService } from '../drain/drain.service';
import { Public } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';

type Status = 'up' | 'down';

export class HealthServicesDto {
  @ApiProperty({ enum: ['up', 'down'] }) database!: Status;
  @ApiProperty({ enum: ['up', 'down'] }) redis!: Status;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty({ type: HealthServicesDto }) services!: HealthServicesDto;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly drain: DrainService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Database and Redis reachability; 503 names what is down, or says the instance is draining (shutting down)' })
  @ApiOk(HealthDto)
  @ApiErrors('UNHEALTHY')
  async check(): Promise<HealthDto> {
    if (this.drain.draining) throw new AppError('UNHEALTHY', 'this instance is draining (shutting down): use another', { draining: true });
    const [database, redis] = await Promise.all([
      withTimeout(this.db.ping(), 2000).then(() => 'up' as const, () => 'down' as const),
      withTimeout(this.redis.ping(), 2000).then(() => 'up' as const, () => 'down' as const),
    ]);
    const services = { database, redis };
    const down = Object.entries(services).filter(([, s]) => s === 'down').map(([name]) => name);
    if (down.length) {
      throw new AppError('UNHEALTHY', `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`, { services });
    }
    return { status: 'ok', services };
  }
}
