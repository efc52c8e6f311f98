/**
 * Response shapes the OpenAPI document does not declare yet (its operations answer `content?: never`).
 * TEMPORARY: each interface is named after the API's DTO or view and mirrors it; replace each one
 * with `components['schemas'][…]` from ./schema.d.ts once `npm run api:types` generates the
 * declared responses. Request bodies and paths already come from schema.d.ts.
 */
import type { SeatResult } from '@dcs/common/live/live.contract';

/** UserResponseDto (apps/api/src/users/users.dto.ts) */
export interface UserResponseDto {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  status: string;
}

/** TokenResponseDto (apps/api/src/auth) */
export interface TokenResponseDto {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  user: UserResponseDto;
}

/** CityResponseDto (apps/api/src/cities/cities.dto.ts) */
export interface CityResponseDto {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  region: string;
  tier: string;
  prizePoolUsd: number;
}

/** ChallengeResponseDto (apps/api/src/challenges/challenges.dto.ts) */
export interface ChallengeResponseDto {
  id: string;
  cityId: string;
  week: number | null;
  localDate: string;
  status: string;
  startsAt: string;
  capacity: number;
  prizePoolCents: number;
  cancelReason: string | null;
}

/** ChallengeDetailDto */
export interface ChallengeDetailDto extends ChallengeResponseDto {
  cityName: string;
  timeZone: string;
  counts: { registered: number; waitlisted: number; checkedIn: number };
}

export interface BracketSeat {
  seat: number;
  userId: string;
  displayName: string;
  seed: number;
}

export interface BracketTable {
  id: string;
  index: number;
  status: string;
  endedBy: string | null;
  seats: BracketSeat[];
  result: SeatResult[] | null;
  tiebreaks: string[];
}

export interface BracketRound {
  round: number;
  status: string;
  startsAt: string | null;
  hardStopAt: string | null;
  byes: { userId: string; displayName: string; seed: number }[];
  tables: BracketTable[];
}

/** BracketView (apps/api/src/tournament/bracket.service.ts) */
export interface BracketView {
  challengeId: string;
  status: string;
  players: number | null;
  rounds: BracketRound[];
  placements: { userId: string; displayName: string; placement: string; rankingPoints: number; prizeCents: number }[];
}

/** TablePublicView (apps/api/src/tables/tables.service.ts); `game` is the GameViewPayload of the live contract */
export interface TablePublicView {
  id: string;
  challengeId: string;
  round: number;
  index: number;
  status: string;
  endedBy: string | null;
  seats: BracketSeat[];
  result: SeatResult[] | null;
  game: import('@dcs/common/live/live.contract').GameViewPayload | null;
}

/** SeasonResponseDto (apps/api/src/cities/cities.dto.ts) */
export interface SeasonResponseDto {
  id: string;
  cityId: string;
  number: number;
  startDate: string;
  challenges: number;
  status: 'upcoming' | 'active' | 'closed';
}

/** Elite Six race status (libs/ranking/src/status.ts) */
export type RaceStatus = 'clinched' | 'in-contention' | 'eliminated';

/** What separated a player from the one above (libs/ranking RankReason) */
export type RankReason = 'points' | 'head-to-head' | 'tournament-wins' | 'score-differential' | 'games-played' | 'recent-performance' | null;

/** StandingRow (apps/api/src/rankings/rankings.service.ts) */
export interface StandingRow {
  rank: number;
  playerId: string;
  displayName: string;
  points: number;
  tournamentWins: number;
  gamesPlayed: number;
  avgScoreDiff: number;
  tiebreak: RankReason;
  eliteSixEligible: boolean;
  resets: string[];
  status: RaceStatus;
  pointsStillPossible: number;
}

/** StandingsPage (apps/api/src/rankings/rankings.service.ts) */
export interface StandingsPage {
  seasonId: string;
  seasonStatus: SeasonResponseDto['status'];
  challengesPlayed: number;
  challengesRemaining: number;
  total: number;
  page: number;
  pageSize: number;
  items: StandingRow[];
}

/** EliteSixView (apps/api/src/rankings/rankings.service.ts) */
export interface EliteSixView {
  final: boolean;
  qualifiers: { seed: number; playerId: string; displayName: string; rank: number; points: number; benefit: 'seed-1-travel' | 'seed-2-3' | 'qualification' }[];
  needsDraw: { players: string[]; places: number } | null;
  seedTies: { players: string[]; seeds: number[] }[];
  skipped: string[];
  removed: { playerId: string; seed: number; reason: string | null; removedAt: string }[];
}

/** PlayerRanking (apps/api/src/rankings/rankings.service.ts) */
export interface PlayerRanking {
  playerId: string;
  displayName: string;
  seasons: { seasonId: string; city: { id: string; name: string }; number: number; rank: number | null; points: number; status: RaceStatus | null }[];
  history: { challengeId: string; date: string; city: { id: string; name: string }; seasonId: string | null; week: number | null; kind: string; placement: string; rankingPoints: number; prizeCents: number }[];
  headToHead: {
    opponentId: string;
    opponentName: string;
    wins: number;
    losses: number;
    meetings: { tableId: string; challengeId: string; round: number; myPlace: number; theirPlace: number; outcome: 'win' | 'loss' | 'level' }[];
  } | null;
}
