/**
 * The API's response shapes that components name, by their DTO names: every one is the generated
 * `components['schemas'][…]` of ./schema.d.ts (`npm run api:types`), never a hand-written copy (a query's
 * result needs none: `unwrap()` types it from the operation). A response without a schema is
 * fixed in the API's DTO, not here. The only additions: a field the document can only declare as free
 * JSON because the engine owns its shape (a replay step's board) is narrowed with the engine's own type.
 */
import type { BoardState } from '@dcs/engine/types';
import type { components } from './schema';

type Schemas = components['schemas'];

export type CityResponseDto = Schemas['CityResponseDto'];
export type ChallengeDetailDto = Schemas['ChallengeDetailDto'];

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

export type NotificationDto = Schemas['NotificationDto'];
