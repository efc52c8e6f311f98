import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@dcs/common';
import type { SeatResult } from '@dcs/common/live/live.contract';
import type { NextFacts, RegistrationFacts, RoundFacts } from './my-next.decisions';

/** Challenges a registration still matters in: not started yet, or running. */
const LIVE_STATUSES = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running'] as const;

/** A timestamp as PostgreSQL's JSON writes it (ISO 8601 with its offset). */
type Stamp = string;

/** Raw row of FACTS_SQL: one JSON document. */
interface FactsRow {
  registrations: {
    status: 'registered' | 'waitlisted';
    checked_in: boolean;
    disqualified: boolean;
    challenge: { id: string; city_id: string; city_name: string; local_date: string; status: string; starts_at: Stamp; check_in_opens_at: Stamp; check_in_closes_at: Stamp };
    rounds: {
      number: number;
      status: RoundFacts['status'];
      starts_at: Stamp | null;
      hard_stop_at: Stamp | null;
      byes: string[] | null;
      mine: { table_id: string; index: number; seat: number; status: string; result: SeatResult[] | null; game_id: string | null } | null;
    }[];
  }[];
  house: { table_id: string; status: 'open' | 'playing' }[];
  workouts_owed: number;
  city_id: string | null;
}

/**
 * Everything "what do I do next?" is decided from, in one statement: my registrations in challenges
 * not finished with their challenge, city and every round (my table in it, my seat, its latest game);
 * my unfinished house tables; how many workouts I owe; the city of my latest registration (any status).
 */
const FACTS_SQL = `
  SELECT
    (SELECT coalesce(json_agg(json_build_object(
        'status', rg.status, 'checked_in', rg.checked_in_at IS NOT NULL, 'disqualified', rg.disqualified_at IS NOT NULL,
        'challenge', json_build_object('id', c.id, 'city_id', ci.id, 'city_name', ci.name, 'local_date', c.local_date, 'status', c.status,
                                       'starts_at', c.starts_at, 'check_in_opens_at', c.check_in_opens_at, 'check_in_closes_at', c.check_in_closes_at),
        'rounds', (SELECT coalesce(json_agg(json_build_object(
            'number', r.number, 'status', r.status, 'starts_at', r.starts_at, 'hard_stop_at', r.hard_stop_at, 'byes', r.byes,
            'mine', (SELECT json_build_object('table_id', t.id, 'index', t.index, 'seat', s.seat, 'status', t.status, 'result', t.result,
                       'game_id', (SELECT g.id FROM games g WHERE g.table_id = t.id ORDER BY g.started_at DESC LIMIT 1))
                     FROM challenge_tables t JOIN table_seats s ON s.table_id = t.id AND s.user_id = $1
                     WHERE t.round_id = r.id LIMIT 1)
          ) ORDER BY r.number), '[]'::json) FROM rounds r WHERE r.challenge_id = c.id)
      ) ORDER BY c.starts_at, c.id), '[]'::json)
      FROM registrations rg JOIN challenges c ON c.id = rg.challenge_id JOIN cities ci ON ci.id = c.city_id
      WHERE rg.user_id = $1 AND rg.status IN ('registered', 'waitlisted') AND c.status::text = ANY($2::text[])) AS registrations,
    (SELECT coalesce(json_agg(json_build_object('table_id', ht.id, 'status', ht.status)), '[]'::json)
      FROM house_seats hs JOIN house_tables ht ON ht.id = hs.table_id
      WHERE hs.user_id = $1 AND ht.status IN ('open', 'playing')) AS house,
    (SELECT count(*)::int FROM workouts w WHERE w.user_id = $1 AND w.status = 'owed') AS workouts_owed,
    (SELECT c.city_id FROM registrations rg JOIN challenges c ON c.id = rg.challenge_id
      WHERE rg.user_id = $1 ORDER BY rg.created_at DESC LIMIT 1) AS city_id`;

const at = (t: Stamp) => new Date(t);
const atOrNull = (t: Stamp | null) => (t === null ? null : new Date(t));

/**
 * The facts "what do I do next?" is decided from (GET /api/me/next), read in one statement (a read
 * model over the registrations', challenges', house's and workouts' rows; it writes nothing).
 */
@Injectable()
export class MyNextRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The facts, and my city: the city of my most recent registration (any status), for "my city's next challenge"; null before any. */
  async facts(userId: string): Promise<{ facts: NextFacts; cityId: string | null }> {
    const { rows } = await this.pool.query<FactsRow>(FACTS_SQL, [userId, LIVE_STATUSES]);
    const row = rows[0];
    const registrations = row.registrations.map(
      (r): RegistrationFacts => ({
        status: r.status,
        checkedIn: r.checked_in,
        disqualified: r.disqualified,
        challenge: {
          challengeId: r.challenge.id,
          cityId: r.challenge.city_id,
          cityName: r.challenge.city_name,
          localDate: r.challenge.local_date,
          status: r.challenge.status,
          startsAt: at(r.challenge.starts_at),
          checkInOpensAt: at(r.challenge.check_in_opens_at),
          checkInClosesAt: at(r.challenge.check_in_closes_at),
        },
        rounds: r.rounds.map((round) => ({
          number: round.number,
          status: round.status,
          startsAt: atOrNull(round.starts_at),
          hardStopAt: atOrNull(round.hard_stop_at),
          byes: round.byes ?? [],
          mine: round.mine ? { tableId: round.mine.table_id, index: round.mine.index, seat: round.mine.seat, status: round.mine.status, result: round.mine.result, gameId: round.mine.game_id } : null,
        })),
      }),
    );
    return { facts: { userId, registrations, house: row.house.map((h) => ({ tableId: h.table_id, status: h.status })), workoutsOwed: row.workouts_owed }, cityId: row.city_id };
  }
}
