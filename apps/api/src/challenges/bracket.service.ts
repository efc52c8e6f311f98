import { Injectable } from '@nestjs/common';
import { notFound } from '@dcs/common';
import { GameStore, stateOf, type SeatResult } from '@dcs/tournament';
import { BracketRepository } from './bracket.repository';

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
      /** the game being played's current scores, by seat (the game store's, as the spectator view shows them); null when no game is being played */
      scores: number[] | null;
      tiebreaks: string[];
    }[];
  }[];
  placements: { userId: string; displayName: string; placement: string; rankingPoints: number; prizeCents: number }[];
  /** players a director disqualified from this challenge */
  disqualified: string[];
}

/**
 * The public bracket of a challenge: rounds, tables, seats, results, byes and final placements.
 * The page every spectator opens first: one read (BracketRepository), shaped here, and one read of
 * the games being played (the game store: a row's `state` is a snapshot as of the hand's start, the
 * current state is the store's to compute), so the running scores are the ones the table shows.
 */
@Injectable()
export class BracketService {
  constructor(
    private readonly repo: BracketRepository,
    private readonly games: GameStore,
  ) {}

  async bracket(challengeId: string): Promise<BracketView> {
    const ch = await this.repo.bracket(challengeId);
    if (!ch) throw notFound('Challenge', challengeId);
    const playing = ch.rounds.flatMap((r) => r.tables.flatMap((t) => (t.playing_game_id ? [t.playing_game_id] : [])));
    const scoresOf = new Map((await this.games.findMany(playing)).map((g) => [g.id, stateOf(g).scores]));
    const stored = ch.bracket;
    const seedOf = new Map((stored?.bracket.seeding ?? []).map((id, i) => [id, i + 1]));
    const names = ch.bye_names ?? {};
    const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());
    return {
      challengeId: ch.id,
      status: ch.status,
      players: stored?.bracket.playerCount ?? null,
      rounds: ch.rounds.map((r) => ({
        round: r.number,
        status: r.status,
        startsAt: iso(r.starts_at),
        hardStopAt: iso(r.hard_stop_at),
        byes: (r.byes ?? []).map((id) => ({ userId: id, displayName: names[id] ?? '', seed: seedOf.get(id) ?? 0 })),
        tables: r.tables.map((t) => ({
          id: t.id,
          tableId: t.id,
          gameId: t.game_id,
          index: t.index,
          status: t.status,
          endedBy: t.ended_by,
          seats: t.seats,
          result: t.result ?? null,
          scores: t.playing_game_id ? (scoresOf.get(t.playing_game_id) ?? null) : null,
          tiebreaks: t.tiebreaks,
        })),
      })),
      placements: ch.placements,
      disqualified: ch.disqualified,
    };
  }
}
