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
