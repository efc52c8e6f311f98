/**
 * The one table of query keys. Every feature's query options (features/<name>/api) take their key from
 * here, so an invalidation anywhere names the same key; the `all` entries are the prefixes invalidated
 * after a write (every page of the audit log, every case list …). Keys that depend on who is signed in
 * carry the token, so a sign-out or another account never shows the previous one's data.
 */
import type { QueryParams } from './types';

type Currency = QueryParams<'/api/me/wallet/ledger'>['currency'];

export const keys = {
  me: { all: ['me'] as const, of: (token: string | null) => ['me', token] as const },
  voice: {
    mutes: (token: string | null) => ['voice', 'mutes', token] as const,
    iceServers: (token: string | null) => ['voice', 'ice-servers', token] as const,
    reports: ['voice', 'reports'] as const,
  },
  cities: {
    all: ['cities'] as const,
    one: (cityId: string) => ['cities', cityId] as const,
    challenges: (cityId: string) => ['cities', cityId, 'challenges'] as const,
    seasons: (cityId: string) => ['cities', cityId, 'seasons'] as const,
    standings: (cityId: string, seasonId: string, page: number, search: string) => ['cities', cityId, 'seasons', seasonId, 'standings', page, search] as const,
    eliteSix: (cityId: string, seasonId: string) => ['cities', cityId, 'seasons', seasonId, 'elite-six'] as const,
  },
  challenges: {
    one: (challengeId: string) => ['challenges', challengeId] as const,
    bracket: (challengeId: string) => ['challenges', challengeId, 'bracket'] as const,
    registration: (challengeId: string, token: string | null) => ['challenges', challengeId, 'registration', token] as const,
    /** a director's list of the challenge (under `one`, so every act on the challenge refetches it) */
    roster: (challengeId: string, q: object) => ['challenges', challengeId, 'roster', q] as const,
  },
  games: {
    /** a game's post-game analysis: what it shows depends on who asks (their own seat, every seat) */
    analysis: (gameId: string, token: string | null) => ['games', gameId, 'analysis', token] as const,
  },
  tables: { one: (tableId: string) => ['tables', tableId] as const },
  players: { ranking: (playerId: string, vs: string | null) => ['players', playerId, vs] as const },
  audit: { all: ['audit'] as const, named: (q: object) => ['audit', 'named', q] as const },
  review: {
    cases: ['cases'] as const,
    caseList: (q: object) => ['cases', q] as const,
    caseAll: ['case'] as const,
    case: (caseId: string) => ['case', caseId] as const,
    appeals: ['appeals'] as const,
    appealList: (q: object) => ['appeals', q] as const,
    replay: (gameId: string) => ['games', gameId, 'replay'] as const,
    players: (q: string) => ['review', 'players', q] as const,
    playerGames: (playerId: string) => ['review', 'players', playerId, 'games'] as const,
  },
  mine: {
    notifications: (token: string | null) => ['notifications', token] as const,
    penalties: (token: string | null) => ['penalties', token] as const,
    conduct: (token: string | null) => ['conduct', token] as const,
    games: (token: string | null) => ['my-games', token] as const,
    /** what I must do next (GET /api/me/next) */
    next: (token: string | null) => ['my-next', token] as const,
  },
  admin: { directors: ['admin', 'directors'] as const },
  rules: {
    all: ['rules'] as const,
    current: ['rules', 'current'] as const,
    mine: (token: string | null) => ['rules', 'mine', token] as const,
    versions: ['rules', 'versions'] as const,
    acceptances: (version: number, after: string | null) => ['rules', 'acceptances', version, after] as const,
  },
  house: {
    lobbyAll: ['house', 'lobby'] as const,
    lobby: (before: string | null) => ['house', 'lobby', before] as const,
    table: (tableId: string) => ['house', 'tables', tableId] as const,
    walletAll: ['house', 'wallet'] as const,
    wallet: (token: string | null) => ['house', 'wallet', token] as const,
    ledgerAll: ['house', 'ledger'] as const,
    ledger: (token: string | null, currency: Currency, before: number | null, limit: number) => ['house', 'ledger', token, currency, before, limit] as const,
    file: (token: string | null) => ['house', 'file', token] as const,
    workoutsAll: ['house', 'workouts'] as const,
    workouts: (token: string | null) => ['house', 'workouts', token] as const,
  },
};
