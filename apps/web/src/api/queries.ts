/** Server state: every read goes through TanStack Query with these keys; pages never fetch by hand. */
import { useCallback } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { takeEarly } from './early';
import type { BracketDto, ChallengeDetailDto, GameReplay } from './types';
import type { components } from './schema';

type CreateChallengeBody = components['schemas']['CreateChallengeDto'];
type UpdateChallengeBody = components['schemas']['UpdateChallengeDto'];
type EvidenceBody = components['schemas']['EvidenceDto'];
import { ApiError } from './client';
import { useAuth } from '../auth/auth-context';

export const keys = {
  me: (token: string | null) => ['me', token] as const,
  cities: ['cities'] as const,
  cityChallenges: (cityId: string) => ['cities', cityId, 'challenges'] as const,
  challenge: (id: string) => ['challenges', id] as const,
  bracket: (id: string) => ['challenges', id, 'bracket'] as const,
  table: (id: string) => ['tables', id] as const,
  city: (id: string) => ['cities', id] as const,
  seasons: (cityId: string) => ['cities', cityId, 'seasons'] as const,
  standings: (cityId: string, seasonId: string, page: number, search: string) => ['cities', cityId, 'seasons', seasonId, 'standings', page, search] as const,
  eliteSix: (cityId: string, seasonId: string) => ['cities', cityId, 'seasons', seasonId, 'elite-six'] as const,
  player: (id: string, vs: string | null) => ['players', id, vs] as const,
  audit: (q: AuditQuery) => ['audit', q] as const,
  cases: (q: CasesQuery) => ['cases', q] as const,
  case: (id: string) => ['case', id] as const,
  appeals: (q: AppealsQuery) => ['appeals', q] as const,
  replay: (gameId: string) => ['games', gameId, 'replay'] as const,
  registration: (id: string, token: string | null) => ['challenges', id, 'registration', token] as const,
  notifications: (token: string | null) => ['notifications', token] as const,
  penalties: (token: string | null) => ['penalties', token] as const,
  conduct: (token: string | null) => ['conduct', token] as const,
  myGames: (token: string | null) => ['my-games', token] as const,
  directors: ['admin', 'directors'] as const,
};

export const STANDINGS_PAGE_SIZE = 50;

export interface AuditQuery {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  limit?: number;
  after?: string;
}
export interface CasesQuery {
  status?: 'open' | 'in_review' | 'decided' | 'closed';
  source?: 'detection' | 'report' | 'manual';
  signal?: string;
  highStakes?: boolean;
  limit: number;
  offset: number;
}
export interface AppealsQuery {
  status?: 'pending' | 'upheld' | 'reduced' | 'overturned';
  overdue?: boolean;
}
export type Finding = 'no_violation' | 'minor' | 'major' | 'confirmed_cheating';
export type AppealOutcome = 'upheld' | 'reduced' | 'overturned';
export type ReducedTo = 'minor_1' | 'minor_2' | 'major';

/** Drops empty filters so the query string (and the cache key) only names what is set. */
const defined = <T extends object>(q: T): T => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as T;

export function useMe() {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.me(token),
    queryFn: () => unwrap(api.GET('/api/me')),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export const useCities = () => useQuery({ queryKey: keys.cities, queryFn: () => unwrap(api.GET('/api/cities')) });

export const useCityChallenges = (cityId: string) =>
  useQuery({
    queryKey: keys.cityChallenges(cityId),
    queryFn: () => unwrap(api.GET('/api/cities/{id}/challenges', { params: { path: { id: cityId }, query: { pastWeeks: 0 } } })),
  });

/**
 * The challenge page's two reads, shared by its hooks and the prefetch that starts them before React mounts
 * (app.tsx); the first read of each takes the answer public/boot.js asked for before the app loaded.
 */
export const challengeQuery = (id: string) => ({
  queryKey: keys.challenge(id),
  queryFn: async () => (await takeEarly<ChallengeDetailDto>(`/api/challenges/${id}`)) ?? unwrap(api.GET('/api/challenges/{id}', { params: { path: { id } } })),
});
export const bracketQuery = (id: string) => ({
  queryKey: keys.bracket(id),
  queryFn: async () => (await takeEarly<BracketDto>(`/api/challenges/${id}/bracket`)) ?? unwrap(api.GET('/api/challenges/{id}/bracket', { params: { path: { id } } })),
});

export const useChallenge = (id: string) => useQuery(challengeQuery(id));

export const useBracket = (id: string) => useQuery(bracketQuery(id));

export const useTable = (id: string) =>
  useQuery({ queryKey: keys.table(id), queryFn: () => unwrap(api.GET('/api/tables/{id}', { params: { path: { id } } })) });

export const useCity = (id: string) => useQuery({ queryKey: keys.city(id), queryFn: () => unwrap(api.GET('/api/cities/{id}', { params: { path: { id } } })) });

export const useSeasons = (cityId: string) =>
  useQuery({ queryKey: keys.seasons(cityId), queryFn: () => unwrap(api.GET('/api/cities/{id}/seasons', { params: { path: { id: cityId } } })) });

const standingsQuery = (cityId: string, seasonId: string | undefined, page: number, search: string) => ({
  queryKey: keys.standings(cityId, seasonId ?? '', page, search),
  queryFn: () =>
    unwrap(
      api.GET('/api/cities/{cityId}/seasons/{seasonId}/standings', {
        params: { path: { cityId, seasonId: seasonId! }, query: { page, pageSize: STANDINGS_PAGE_SIZE, ...(search ? { search } : {}) } },
      }),
    ),
  enabled: seasonId !== undefined,
});

/** One server-side page of a season's standings (paged and searched by the API); the previous page stays shown while the next loads. */
export const useStandings = (cityId: string, seasonId: string | undefined, page: number, search: string) =>
  useQuery({ ...standingsQuery(cityId, seasonId, page, search), placeholderData: keepPreviousData });

/** Fetches a standings page ahead (the next one), so "Next" shows it from the cache. */
export function usePrefetchStandings() {
  const qc = useQueryClient();
  return useCallback((cityId: string, seasonId: string, page: number, search: string) => qc.prefetchQuery(standingsQuery(cityId, seasonId, page, search)), [qc]);
}

export const useEliteSix = (cityId: string, seasonId: string | undefined) =>
  useQuery({
    queryKey: keys.eliteSix(cityId, seasonId ?? ''),
    queryFn: () => unwrap(api.GET('/api/cities/{cityId}/seasons/{seasonId}/elite-six', { params: { path: { cityId, seasonId: seasonId! } } })),
    enabled: seasonId !== undefined,
  });

export const usePlayerRanking = (id: string, vs: string | null) =>
  useQuery({
    queryKey: keys.player(id, vs),
    queryFn: () => unwrap(api.GET('/api/players/{id}/ranking', { params: { path: { id }, query: vs ? { vs } : {} } })),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (q: AuditQuery, enabled = true) =>
  useQuery({ queryKey: keys.audit(defined(q)), queryFn: () => unwrap(api.GET('/api/admin/audit-log', { params: { query: defined(q) } })), enabled });

export const useCases = (q: CasesQuery) =>
  useQuery({ queryKey: keys.cases(defined(q)), queryFn: () => unwrap(api.GET('/api/integrity/cases', { params: { query: defined(q) } })), placeholderData: (prev) => prev });

export const useCase = (id: string) => useQuery({ queryKey: keys.case(id), queryFn: () => unwrap(api.GET('/api/integrity/cases/{id}', { params: { path: { id } } })) });

export const useAppeals = (q: AppealsQuery) =>
  useQuery({ queryKey: keys.appeals(defined(q)), queryFn: () => unwrap(api.GET('/api/integrity/appeals', { params: { query: defined(q) } })) });

export const useReplay = (gameId: string) =>
  useQuery({ queryKey: keys.replay(gameId), // The steps' boards are the engine's BoardState (free JSON in the document): narrowed with the engine's type.
    queryFn: async (): Promise<GameReplay> => (await unwrap(api.GET('/api/games/{id}/replay', { params: { path: { id: gameId } } }))) as GameReplay, staleTime: Infinity });

/** A director's act on a challenge or table; the bracket (and the audit log) is refetched after it. */
export function useDirectorAct(challengeId: string) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.challenge(challengeId) });
    void qc.invalidateQueries({ queryKey: ['audit'] });
  };
  return {
    cancel: useMutation({ mutationFn: (reason: string) => unwrap(api.POST('/api/challenges/{id}/cancel', { params: { path: { id: challengeId } }, body: { reason } })), onSuccess: done }),
    disqualify: useMutation({
      mutationFn: (b: { userId: string; reason: string }) => unwrap(api.POST('/api/challenges/{id}/disqualifications', { params: { path: { id: challengeId } }, body: b })),
      onSuccess: done,
    }),
    voidTable: useMutation({
      mutationFn: (b: { tableId: string; reason: string }) => unwrap(api.POST('/api/tables/{id}/void', { params: { path: { id: b.tableId } }, body: { reason: b.reason } })),
      onSuccess: done,
    }),
    correct: useMutation({
      mutationFn: (b: { tableId: string; order: string[]; reason: string }) =>
        unwrap(api.POST('/api/tables/{id}/result', { params: { path: { id: b.tableId } }, body: { order: b.order, reason: b.reason } })),
      onSuccess: done,
    }),
  };
}

/** SPEC 7: every director with their cities, for an admin. */
export const useDirectors = () => useQuery({ queryKey: keys.directors, queryFn: () => unwrap(api.GET('/api/admin/directors')) });

/** An admin assigns a city to a director, or takes it away (audited by the API); the list is refetched. */
export function useDirectorCity() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.directors });
    void qc.invalidateQueries({ queryKey: ['me'] });
  };
  const path = (b: { userId: string; cityId: string }) => ({ params: { path: { userId: b.userId, cityId: b.cityId } }, body: {} });
  return {
    assign: useMutation({ mutationFn: (b: { userId: string; cityId: string }) => unwrap(api.PUT('/api/admin/directors/{userId}/cities/{cityId}', path(b))), onSuccess: done }),
    unassign: useMutation({ mutationFn: (b: { userId: string; cityId: string }) => unwrap(api.DELETE('/api/admin/directors/{userId}/cities/{cityId}', path(b))), onSuccess: done }),
  };
}

/** A director creates a challenge in a city; the city's list is refetched. */
export function useCreateChallenge(cityId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChallengeBody) => unwrap(api.POST('/api/cities/{id}/challenges', { params: { path: { id: cityId } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.cityChallenges(cityId) }),
  });
}

/** A director changes a challenge's tier or prize pool (with a reason). */
export function useUpdateChallenge(challengeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChallengeBody) => unwrap(api.PATCH('/api/challenges/{id}', { params: { path: { id: challengeId } }, body })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.challenge(challengeId) });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** A case's working acts: assign it, add a note, add evidence (a video request or an attachment); the case is refetched after each. */
export function useCaseWork(caseId: string) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.case(caseId) });
    void qc.invalidateQueries({ queryKey: ['cases'] });
  };
  const path = { params: { path: { id: caseId } } };
  return {
    assign: useMutation({ mutationFn: (reviewerId: string) => unwrap(api.POST('/api/integrity/cases/{id}/assign', { ...path, body: { reviewerId } })), onSuccess: done }),
    note: useMutation({ mutationFn: (body: string) => unwrap(api.POST('/api/integrity/cases/{id}/notes', { ...path, body: { body } })), onSuccess: done }),
    evidence: useMutation({ mutationFn: (body: EvidenceBody) => unwrap(api.POST('/api/integrity/cases/{id}/evidence', { ...path, body })), onSuccess: done }),
  };
}

/** The review board's decisions: a case's finding for one player, an appeal's outcome. */
export function useBoardDecisions() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: ['case'] });
    void qc.invalidateQueries({ queryKey: ['cases'] });
    void qc.invalidateQueries({ queryKey: ['appeals'] });
  };
  return {
    decideCase: useMutation({
      mutationFn: (b: { caseId: string; userId: string; finding: Finding; reason: string }) =>
        unwrap(api.POST('/api/integrity/cases/{id}/decisions', { params: { path: { id: b.caseId } }, body: { userId: b.userId, finding: b.finding, reason: b.reason } })),
      onSuccess: done,
    }),
    decideAppeal: useMutation({
      mutationFn: (b: { appealId: string; outcome: AppealOutcome; reducedTo?: ReducedTo; reason: string }) =>
        unwrap(api.POST('/api/integrity/appeals/{id}/decision', { params: { path: { id: b.appealId } }, body: { outcome: b.outcome, reducedTo: b.reducedTo, reason: b.reason } })),
      onSuccess: done,
    }),
  };
}

export function useSignIn() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useSignUp() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: { email: string; password: string; displayName: string }) => unwrap(api.POST('/api/auth/register', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useInvalidate() {
  const qc = useQueryClient();
  return (key: readonly unknown[]) => qc.invalidateQueries({ queryKey: key });
}

/** My registration for a challenge; null when I have none (the API answers 404 NOT_REGISTERED). */
export function useMyRegistration(challengeId: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.registration(challengeId, token),
    enabled: token !== null,
    queryFn: async () => {
      try {
        return await unwrap(api.GET('/api/challenges/{id}/registration', { params: { path: { id: challengeId } } }));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'NOT_REGISTERED') return null;
        throw err;
      }
    },
  });
}

/** Register, withdraw or check in: the answer is my registration, and the challenge's counts change. */
export function useRegistrationAction(challengeId: string) {
  const { token } = useAuth();
  const qc = useQueryClient();
  const path = { params: { path: { id: challengeId } } };
  return useMutation({
    mutationFn: (what: 'register' | 'withdraw' | 'check-in') =>
      unwrap(
        what === 'register' ? api.POST('/api/challenges/{id}/registration', path) : what === 'withdraw' ? api.DELETE('/api/challenges/{id}/registration', path) : api.POST('/api/challenges/{id}/check-in', path),
      ),
    onSuccess: (reg) => {
      qc.setQueryData(keys.registration(challengeId, token), reg.status === 'withdrawn' ? null : reg);
      void qc.invalidateQueries({ queryKey: keys.challenge(challengeId) });
    },
  });
}

export function useNotifications() {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.notifications(token),
    enabled: token !== null,
    queryFn: () => unwrap(api.GET('/api/me/notifications')),
  });
}

/** My games (GET /api/me/games): the ones being played first, then newest first; "Load more" follows `next`. */
export function useMyGames() {
  const { token } = useAuth();
  return useInfiniteQuery({
    queryKey: keys.myGames(token),
    enabled: token !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap(api.GET('/api/me/games', { params: { query: pageParam ? { after: pageParam, limit: 20 } : { limit: 20 } } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useMarkRead() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.notifications(token) }),
  });
}

export function useMyPenalties() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.penalties(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/penalties')) });
}

export function useMyConduct() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.conduct(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/conduct')) });
}

export function useFileAppeal() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { decisionId: string; statement: string }) => unwrap(api.POST('/api/appeals', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.penalties(token) }),
  });
}
