import type { components } from './schema';
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
/** The generated type: a hand-written copy here once drifted (prizePoolUsd → prizePoolCents) and broke the home page. */
export type CityResponseDto = components['schemas']['CityResponseDto'];

/** ChallengeResponseDto (apps/api/src/challenges/challenges.dto.ts) */
export interface ChallengeResponseDto {
  id: string;
  cityId: string;
  week: number | null;
  localDate: string;
  status: string;
  startsAt: string;
  registrationOpensAt: string;
  checkInOpensAt: string;
  checkInClosesAt: string;
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
  /** players a director disqualified */
  disqualified: string[];
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

/** AuditEntryDto (apps/api/src/audit/audit.dto.ts) */
export interface AuditEntryDto {
  id: string;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  reason: string | null;
  data: unknown;
  createdAt: string;
}

/** A row of GET /integrity/cases (IntegrityService.listCases) */
export interface CaseListItem {
  id: string;
  status: string;
  source: string;
  summary: string;
  subjectIds: string[];
  highStakes: boolean;
  assignedToId: string | null;
  createdAt: string;
  _count: { signals: number; reports: number; notes: number };
  decisions: { userId: string; finding: string; step: string; status: string }[];
}

export interface CaseSignal {
  id: string;
  kind: string;
  userIds: string[];
  value: number;
  threshold: number;
  /** the field's expectation (mean, sd, n …) */
  baseline: unknown;
  sampleSize: number;
  gameIds: string[];
  details: unknown;
  createdAt: string;
}

export interface CaseDecision {
  id: string;
  userId: string;
  finding: string;
  step: string;
  currentStep: string;
  status: string;
  reason: string;
  decidedById: string;
  decidedAt: string;
  appeal: AppealView | null;
}

/** GET /integrity/cases/:id (IntegrityService.getCase) */
export interface CaseDetail extends Omit<CaseListItem, '_count' | 'decisions'> {
  subjects: { id: string; displayName: string; status: string; suspendedUntil: string | null }[];
  signals: CaseSignal[];
  games: { id: string; status: string; startedAt: string; finishedAt: string | null; recordUrl: string; tableId: string | null; round: number | null; challengeId: string | null; challengeDate: string | null; city: string | null; tier: string | null; finalTable: boolean; highStakes: boolean }[];
  reports: { id: string; category: string; description: string; count: number }[];
  notes: { id: string; body: string; authorId: string; createdAt: string }[];
  decisions: CaseDecision[];
  videoReview: boolean;
  linkedAccounts: { userId: string; linkedUserId: string; displayName: string; via: string[]; sharedSessions: number }[];
}

/** appealView (apps/api/src/integrity) plus its decision in the queue */
export interface AppealView {
  id: string;
  decisionId: string;
  userId: string;
  statement: string;
  status: string;
  filedAt: string;
  dueAt: string;
  overdueAt: string | null;
  decidedAt: string | null;
  reason?: string | null;
  decision?: { caseId: string; userId: string; finding: string; step: string; currentStep: string };
}

/** GET /games/:id/replay (apps/api/src/games/replay-steps.ts) */
export interface ReplayStep {
  hand: number;
  action: number | null;
  move: { seat: number; type: string; tile?: string; end?: string } | null;
  board: import('@dcs/engine/types').BoardState | null;
  openEnds: import('@dcs/engine/board').OpenEnd[];
  sum: number;
  scores: number[];
  holdings: string[][];
  yardCount: number;
  turn: number | null;
  handEndedBy: string | null;
  handWinner: number | null;
  handPoints: number[];
  finished: boolean;
}

export interface GameReplay {
  gameId: string;
  tableId: string | null;
  endedBy: string | null;
  steps: ReplayStep[];
}

/** RegistrationResponseDto (apps/api/src/challenges/challenges.dto.ts) */
export interface RegistrationResponseDto {
  challengeId: string;
  userId: string;
  status: 'registered' | 'waitlisted' | 'withdrawn';
  position: number;
  waitlistPlace: number | null;
  checkedInAt: string | null;
  withdrawnAt: string | null;
}

/** NotificationDto (apps/api/src/notifications/notifications.dto.ts) */
export interface NotificationDto {
  id: string;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
  readAt: string | null;
  createdAt: string;
}

/** NotificationPageDto */
export interface NotificationPageDto {
  items: NotificationDto[];
  unread: number;
  next: string | null;
}

/** decisionView (apps/api/src/integrity/integrity.service.ts): one penalty and its appeal */
export interface PenaltyView {
  id: string;
  caseId: string;
  finding: string;
  step: string;
  penalty: string;
  status: string;
  reason: string;
  decidedAt: string;
  appealOpenUntil: string;
  appeal: { id: string; status: string; statement?: string; decisionReason?: string | null; filedAt?: string; createdAt?: string } | null;
}

/** IntegrityService.myPenalties */
export interface MyPenaltiesView {
  penalties: PenaltyView[];
  prizeForfeitures: { id: string; amountCents: number; reason: string; forfeitedAt: string; restoredAt: string | null }[];
}

/** ConductService.mine: conduct violations and sanctions (sanctionView / violationView) */
export interface ConductSanctionView {
  id: string;
  kind: string;
  until: string | null;
  permanent: boolean;
  imposedAt: string;
  revokedAt: string | null;
}

export interface MyConductView {
  chatRestriction: ConductSanctionView | null;
  violations: { id: string; kind: string; gameId: string | null; challengeId: string | null; reason: string; createdAt: string; sanctions: ConductSanctionView[] }[];
}
