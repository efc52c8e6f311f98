/**
 * The API's shapes by their DTO names, and the request parts of an operation: every one is derived from
 * the generated ./schema.d.ts (`npm run api:types`), never a hand-written copy (a query's result needs
 * none: `unwrap()` types it from the operation). A response without a schema is fixed in the API's DTO,
 * not here. The only addition: a field the document can only declare as free JSON because the engine
 * owns its shape (a replay step's board) is narrowed with a check against the engine's own type.
 */
import type { BoardState } from '@dcs/engine/types';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

/** The query parameters of `GET path` (all optional unless the document says otherwise). */
export type QueryParams<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
/** The JSON body of `method path`. */
export type RequestBody<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type CityResponseDto = Schemas['CityResponseDto'];
export type ChallengeDetailDto = Schemas['ChallengeDetailDto'];
export type ChallengeResponseDto = Schemas['ChallengeResponseDto'];
export type NextThingDto = Schemas['NextThingDto'];

export type BracketDto = Schemas['BracketDto'];
export type BracketRoundDto = Schemas['BracketRoundDto'];
export type BracketTableDto = Schemas['BracketTableDto'];

export type StandingRowDto = Schemas['StandingRowDto'];
export type EliteSixDto = Schemas['EliteSixDto'];
export type PlayerRankingDto = Schemas['PlayerRankingDto'];
/** Elite Six race status (libs/ranking/src/status.ts) */
export type RaceStatus = StandingRowDto['status'];
/** What separated a player from the one above (libs/ranking RankReason) */
export type RankReason = StandingRowDto['tiebreak'];

export type CaseDetailDto = Schemas['CaseDetailDto'];
export type AppealListItemDto = Schemas['AppealListItemDto'];
export type DecisionDto = Schemas['DecisionDto'];

/** A replay position; `board` is the engine's BoardState (free JSON in the document). */
export type ReplayStep = Omit<Schemas['ReplayStepDto'], 'board'> & { board: BoardState | null };
export type GameReplay = Omit<Schemas['GameReplayDto'], 'steps'> & { steps: ReplayStep[] };

/** A replay step's `board` as the engine's BoardState: the API writes the engine's own value there. */
export function isBoardState(v: unknown): v is BoardState {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'lead' in v && 'spinner' in v && 'arms' in v;
}

export type ReplayMoveDto = Schemas['ReplayMoveDto'];
export type GameReviewDto = Schemas['GameReviewDto'];
export type ReviewDecisionDto = Schemas['ReviewDecisionDto'];
export type ReviewSeatDto = Schemas['ReviewSeatDto'];
export type SeasonAccuracyDto = Schemas['SeasonAccuracyDto'];

export type NotificationDto = Schemas['NotificationDto'];
