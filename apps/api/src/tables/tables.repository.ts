import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

@Injectable()
export class TablesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A challenge table with its round's number, its seats (names) and the id of its latest game. */
  table(id: string) {
    return this.prisma.challengeTable.findUnique({
      where: { id },
      include: {
        round: { select: { number: true } },
        seats: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } },
        games: { orderBy: { startedAt: 'desc' }, take: 1, select: { id: true } },
      },
    });
  }
}
