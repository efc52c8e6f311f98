import { Injectable } from '@nestjs/common';
import { notFound } from '@dcs/common';
import { GamesService } from '../games/games.service';
import type { TableViewDto } from './tables.dto';
import { TablesRepository } from './tables.repository';

export type TablePublicView = TableViewDto;

/** What anyone may see of a table: who sits where, the public board, scores, clocks — never a hand. */
@Injectable()
export class TablesService {
  constructor(
    private readonly tables: TablesRepository,
    private readonly games: GamesService,
  ) {}

  async publicView(id: string): Promise<TablePublicView> {
    const table = await this.tables.table(id);
    if (!table) throw notFound('Table', id);
    const game = table.games[0];
    return {
      id: table.id,
      challengeId: table.challengeId,
      round: table.round.number,
      index: table.index,
      status: table.status,
      endedBy: table.endedBy,
      seats: table.seats.map((s) => ({ seat: s.seat, userId: s.userId, displayName: s.user.displayName, seed: s.seed })),
      result: (table.result as unknown as TableViewDto['result']) ?? null,
      game: game ? await this.games.publicView(game.id) : null,
    };
  }
}
