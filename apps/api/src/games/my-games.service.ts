import { Injectable } from '@nestjs/common';
import { AppError } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { MyGameDto, MyGamesPageDto, MyGamesQueryDto } from './my-games.dto';
import { MyGamesRepository } from './my-games.repository';

@Injectable()
export class MyGamesService {
  constructor(private readonly repo: MyGamesRepository) {}

  /** "Where is my game?": my current and recent challenge games with their table, round and challenge. */
  async list(user: AuthUser, q: MyGamesQueryDto): Promise<MyGamesPageDto> {
    const limit = q.limit ?? 20;
    // One more than asked tells whether another page follows.
    const rows = await this.repo.page(user.id, limit + 1, q.after);
    if (!rows) throw new AppError('BAD_CURSOR', '`after` must be the gameId of one of your games (the `next` of the previous page)');
    const items = rows.slice(0, limit).flatMap((g) => MyGameDto.from(g, user.id) ?? []);
    return { items, next: rows.length > limit ? items[items.length - 1].gameId : null };
  }
}
