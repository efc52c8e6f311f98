import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError, REDIS } from '@dcs/common';
import type { HealthDto } from './health.dto';
import { HealthRepository } from './health.repository';
import { DrainService } from '../drain/drain.service';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

/** Whether the database and Redis answer (each within 2 s); UNHEALTHY names what is down, or that the instance is draining. */
@Injectable()
export class HealthService {
  constructor(
    private readonly db: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly drain: DrainService,
  ) {}

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
