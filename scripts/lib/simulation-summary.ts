/**
 * What a simulation reports (scripts/simulate.ts, scripts/lib/simulate-cities.ts): a challenge's summary
 * read back from the database, where its wall time went, and the latency percentiles.
 */
import { PrismaService } from '@dcs/common';
import type { SeatResult } from '@dcs/tournament';

export interface SimulationSummary {
  challengeId: string;
  seed: string;
  players: number;
  rounds: {
    round: number;
    byes: string[];
    tables: {
      index: number;
      endedBy: string | null;
      seats: { playerId: string; seed: number; score: number; place: number; advanced: boolean; forfeited: boolean }[];
      tiebreaks: { id: string; players: string[]; winners: string[]; draws: number }[];
    }[];
  }[];
  placements: { playerId: string; placement: string; rankingPoints: number; prize: number }[];
  stats: { wallMs: number; actions: number; actionsPerSecond: number; p50Ms: number; p99Ms: number; times?: ChallengeTimes };
}

/** Where a challenge's wall time went (milliseconds): the 12:00 start, then each round, then the completion. */
export interface ChallengeTimes {
  /** seeding, the bracket and round 1's seating (one transaction) */
  startMs: number;
  rounds: {
    round: number;
    moves: number;
    /** from the previous round's last decision (or the start) until the driver saw this round seated */
    seatMs: number;
    /** the tables played out, the round's last move included (and the decides the moves run) */
    playMs: number;
    /** of playMs, the round's last move: it decides the last table and seats the next round */
    lastMoveMs: number;
    /** from the last move until every table is decided (tiebreak draws, decides left to the worker) */
    decideMs: number;
  }[];
  /** from the final's decision until the driver saw the challenge completed */
  completeMs: number;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function summarize(prisma: PrismaService, challengeId: string, seed: string, players: number): Promise<Omit<SimulationSummary, 'stats'>> {
  const ch = await prisma.challenge.findUniqueOrThrow({
    where: { id: challengeId },
    include: {
      rounds: { orderBy: { number: 'asc' }, include: { tables: { orderBy: { index: 'asc' }, include: { seats: true, tiebreaks: true } } } },
      placements: true,
    },
  });
  const order = ['1', '2', '3-4', '5-8', '9-16', 'participation'];
  return {
    challengeId,
    seed,
    players,
    rounds: ch.rounds.map((r) => ({
      round: r.number,
      byes: r.byes as string[],
      tables: r.tables.map((t) => ({
        index: t.index,
        endedBy: t.endedBy,
        seats: (t.result as unknown as SeatResult[]).map((x) => ({
          playerId: x.userId,
          seed: t.seats.find((s) => s.userId === x.userId)!.seed,
          score: x.score,
          place: x.place,
          advanced: x.advanced,
          forfeited: x.forfeited,
        })),
        tiebreaks: t.tiebreaks.map((tb) => {
          const st = tb.state as { winners: string[]; rounds: unknown[] };
          return { id: tb.id, players: tb.players as string[], winners: st.winners, draws: st.rounds.length };
        }),
      })),
    })),
    placements: ch.placements
      .sort((a, b) => order.indexOf(a.placement) - order.indexOf(b.placement))
      .map((p) => ({ playerId: p.userId, placement: p.placement, rankingPoints: p.rankingPoints, prize: p.prizeCents / 100 })),
  };
}

/** A challenge's wall time by phase, for a person: what went to moves and what to everything between them. */
export function timesLine(t: ChallengeTimes, wallMs: number): string {
  const sum = (f: (r: ChallengeTimes['rounds'][number]) => number) => t.rounds.reduce((n, r) => n + f(r), 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  // A round's last move is counted between the rounds: its call decides the last table and seats the next round.
  const play = sum((r) => r.playMs - r.lastMoveMs);
  const between = sum((r) => r.lastMoveMs + r.seatMs + r.decideMs);
  const other = wallMs - play - between - t.startMs - t.completeMs;
  return `start ${s(t.startMs)}, moves ${s(play)}, between rounds ${s(between)}, completion ${s(t.completeMs)}, set-up and summary ${s(Math.max(0, other))}`;
}
