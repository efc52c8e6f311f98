import { Injectable } from '@nestjs/common';
import { notFound, PrismaService } from '@dcs/common';
import type { SeatResult, StoredBracket } from '@dcs/tournament';

export interface BracketView {
  challengeId: string;
  status: string;
  players: number | null;
  rounds: {
    round: number;
    status: string;
    startsAt: string | null;
    hardStopAt: string | null;
    byes: { userId: string; displayName: string; seed: number }[];
    tables: {
      /** the table's id (as `tableId`) */
      id: string;
      tableId: string;
      /** the game being played at the table, or its last one (a voided table's replay); null before it is dealt */
      gameId: string | null;
      index: number;
      status: string;
      endedBy: string | null;
      seats: { seat: number; userId: string; displayName: string; seed: number }[];
      result: SeatResult[] | null;
      tiebreaks: string[];
    }[];
  }[];
  placements: { userId: string; displayName: string; placement: string; rankingPoints: number; prizeCents: number }[];
  /** players a director disqualified from this challenge */
  disqualified: string[];
}

/** The public bracket of a challenge: rounds, tables, seats, results, byes and final placements. */
@Injectable()
export class BracketService {
  constructor(private readonly prisma: PrismaService) {}

  async bracket(challengeId: string): Promise<BracketView> {
    const ch = await this.prisma.challenge.findUnique({
      where: { id: challengeId },
      include: {
        rounds: {
          orderBy: { number: 'asc' },
          include: {
            tables: {
              orderBy: { index: 'asc' },
              include: {
                seats: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } },
                tiebreaks: { select: { id: true } },
                games: { orderBy: { startedAt: 'desc' }, take: 1, select: { id: true } },
              },
            },
          },
        },
        placements: { include: { user: { select: { displayName: true } } }, orderBy: [{ rankingPoints: 'desc' }] },
        registrations: { where: { disqualifiedAt: { not: null } }, select: { userId: true }, orderBy: { disqualifiedAt: 'asc' } },
      },
    });
    if (!ch) throw notFound('Challenge', challengeId);
    const stored = ch.bracket as unknown as StoredBracket | null;
    const seedOf = new Map((stored?.bracket.seeding ?? []).map((id, i) => [id, i + 1]));
    const byeIds = ch.rounds.flatMap((r) => (r.byes as string[]) ?? []);
    const names = new Map(
      (await this.prisma.user.findMany({ where: { id: { in: byeIds } }, select: { id: true, displayName: true } })).map((u) => [u.id, u.displayName]),
    );
    return {
      challengeId: ch.id,
      status: ch.status,
      players: stored?.bracket.playerCount ?? null,
      rounds: ch.rounds.map((r) => ({
        round: r.number,
        status: r.status,
        startsAt: r.startsAt?.toISOString() ?? null,
        hardStopAt: r.hardStopAt?.toISOString() ?? null,
        byes: ((r.byes as string[]) ?? []).map((id) => ({ userId: id, displayName: names.get(id) ?? '', seed: seedOf.get(id) ?? 0 })),
        tables: r.tables.map((t) => ({
          id: t.id,
          tableId: t.id,
          gameId: t.games[0]?.id ?? null,
          index: t.index,
          status: t.status,
          endedBy: t.endedBy,
          seats: t.seats.map((s) => ({ seat: s.seat, userId: s.userId, displayName: s.user.displayName, seed: s.seed })),
          result: (t.result as unknown as SeatResult[] | null) ?? null,
          tiebreaks: t.tiebreaks.map((x) => x.id),
        })),
      })),
      placements: ch.placements.map((p) => ({ userId: p.userId, displayName: p.user.displayName, placement: p.placement, rankingPoints: p.rankingPoints, prizeCents: p.prizeCents })),
      disqualified: ch.registrations.map((r) => r.userId),
    };
  }
}
