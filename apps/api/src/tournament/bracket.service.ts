import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { notFound, PG_POOL } from '@dcs/common';
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

interface BracketRow {
  id: string;
  status: string;
  bracket: StoredBracket | null;
  rounds: {
    number: number;
    status: string;
    starts_at: string | null;
    hard_stop_at: string | null;
    byes: string[] | null;
    tables: { id: string; index: number; status: string; ended_by: string | null; result: SeatResult[] | null; seats: BracketView['rounds'][number]['tables'][number]['seats']; tiebreaks: string[]; game_id: string | null }[];
  }[];
  bye_names: Record<string, string> | null;
  placements: BracketView['placements'];
  disqualified: string[];
}

/**
 * The public bracket of a challenge: rounds, tables, seats, results, byes and final placements.
 * The page every spectator opens first (512 players: 128 tables of round 1), so it is one query that
 * PostgreSQL answers as one JSON document, rather than an ORM include tree of a dozen round trips.
 */
@Injectable()
export class BracketService {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async bracket(challengeId: string): Promise<BracketView> {
    const { rows } = await this.pool.query<BracketRow>(
      `SELECT c.id, c.status, c.bracket,
         (SELECT coalesce(json_agg(json_build_object(
             'number', r.number, 'status', r.status, 'starts_at', r.starts_at, 'hard_stop_at', r.hard_stop_at, 'byes', r.byes,
             'tables', (SELECT coalesce(json_agg(json_build_object(
                 'id', t.id, 'index', t.index, 'status', t.status, 'ended_by', t.ended_by, 'result', t.result,
                 'seats', (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'userId', s.user_id, 'displayName', u.display_name, 'seed', s.seed) ORDER BY s.seat), '[]'::json)
                           FROM table_seats s JOIN users u ON u.id = s.user_id WHERE s.table_id = t.id),
                 'tiebreaks', (SELECT coalesce(json_agg(tb.id ORDER BY tb.created_at), '[]'::json) FROM tiebreaks tb WHERE tb.table_id = t.id),
                 'game_id', (SELECT g.id FROM games g WHERE g.table_id = t.id ORDER BY g.started_at DESC LIMIT 1)
               ) ORDER BY t.index), '[]'::json) FROM challenge_tables t WHERE t.round_id = r.id)
           ) ORDER BY r.number), '[]'::json) FROM rounds r WHERE r.challenge_id = c.id) AS rounds,
         (SELECT json_object_agg(u.id, u.display_name) FROM users u
           WHERE u.id IN (SELECT jsonb_array_elements_text(r.byes::jsonb)::uuid FROM rounds r WHERE r.challenge_id = c.id)) AS bye_names,
         (SELECT coalesce(json_agg(json_build_object('userId', p.user_id, 'displayName', u.display_name, 'placement', p.placement, 'rankingPoints', p.ranking_points, 'prizeCents', p.prize_cents)
                   ORDER BY p.ranking_points DESC), '[]'::json)
           FROM placements p JOIN users u ON u.id = p.user_id WHERE p.challenge_id = c.id) AS placements,
         (SELECT coalesce(json_agg(rg.user_id ORDER BY rg.disqualified_at), '[]'::json)
           FROM registrations rg WHERE rg.challenge_id = c.id AND rg.disqualified_at IS NOT NULL) AS disqualified
       FROM challenges c WHERE c.id = $1`,
      [challengeId],
    );
    const ch = rows[0];
    if (!ch) throw notFound('Challenge', challengeId);
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
          tiebreaks: t.tiebreaks,
        })),
      })),
      placements: ch.placements,
      disqualified: ch.disqualified,
    };
  }
}
