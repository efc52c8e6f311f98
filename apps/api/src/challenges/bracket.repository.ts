import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@dcs/common';
import type { SeatResult, StoredBracket } from '@dcs/tournament';

export interface BracketRow {
  id: string;
  status: string;
  bracket: StoredBracket | null;
  rounds: {
    number: number;
    status: string;
    starts_at: string | null;
    hard_stop_at: string | null;
    byes: string[] | null;
    tables: { id: string; index: number; status: string; ended_by: string | null; result: SeatResult[] | null; seats: { seat: number; userId: string; displayName: string; seed: number }[]; tiebreaks: string[]; game_id: string | null; playing_game_id: string | null }[];
  }[];
  bye_names: Record<string, string> | null;
  placements: { userId: string; displayName: string; placement: string; rankingPoints: number; prizeCents: number }[];
  disqualified: string[];
}

/**
 * The bracket's read: one query that PostgreSQL answers as one JSON document (512 players: 128 tables
 * of round 1), rather than an ORM include tree of a dozen round trips. It names each table's game
 * being played but never reads its scores: `games.state` is a snapshot written at hand boundaries,
 * so the running scores come from the game store (BracketService).
 */
@Injectable()
export class BracketRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async bracket(challengeId: string): Promise<BracketRow | null> {
    const { rows } = await this.pool.query<BracketRow>(
      `SELECT c.id, c.status, c.bracket,
         (SELECT coalesce(json_agg(json_build_object(
             'number', r.number, 'status', r.status, 'starts_at', r.starts_at, 'hard_stop_at', r.hard_stop_at, 'byes', r.byes,
             'tables', (SELECT coalesce(json_agg(json_build_object(
                 'id', t.id, 'index', t.index, 'status', t.status, 'ended_by', t.ended_by, 'result', t.result,
                 'seats', (SELECT coalesce(json_agg(json_build_object('seat', s.seat, 'userId', s.user_id, 'displayName', u.display_name, 'seed', s.seed) ORDER BY s.seat), '[]'::json)
                           FROM table_seats s JOIN users u ON u.id = s.user_id WHERE s.table_id = t.id),
                 'tiebreaks', (SELECT coalesce(json_agg(tb.id ORDER BY tb.created_at), '[]'::json) FROM tiebreaks tb WHERE tb.table_id = t.id),
                 'game_id', (SELECT g.id FROM games g WHERE g.table_id = t.id ORDER BY g.started_at DESC LIMIT 1),
                 'playing_game_id', (SELECT g.id FROM games g WHERE g.table_id = t.id AND g.status = 'playing' ORDER BY g.started_at DESC LIMIT 1)
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
    return rows[0] ?? null;
  }
}
