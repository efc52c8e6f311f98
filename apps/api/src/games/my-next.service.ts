import { Injectable } from '@nestjs/common';
import { Clock } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { nextThings } from './my-next.decisions';
import { MyNextDto, NextThingDto } from './my-next.dto';
import { MyNextRepository } from './my-next.repository';

@Injectable()
export class MyNextService {
  constructor(
    private readonly repo: MyNextRepository,
    private readonly clock: Clock,
  ) {}

  /** "What do I do next?": decided from my registrations, tables, rounds, house tables and workouts, now. */
  async next(user: AuthUser): Promise<MyNextDto> {
    const { facts, cityId } = await this.repo.facts(user.id);
    return { items: nextThings(facts, this.clock.now()).map(NextThingDto.from), cityId };
  }
}
