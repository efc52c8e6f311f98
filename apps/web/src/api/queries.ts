/** Server state: every read goes through TanStack Query with these keys; pages never fetch by hand. */
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { BracketView, ChallengeDetailDto, ChallengeResponseDto, CityResponseDto, EliteSixView, PlayerRanking, SeasonResponseDto, StandingsPage, TablePublicView, TokenResponseDto, UserResponseDto } from './types';
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
};

export const STANDINGS_PAGE_SIZE = 50;

export function useMe() {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.me(token),
    queryFn: () => unwrap<UserResponseDto>(api.GET('/api/me')),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export const useCities = () => useQuery({ queryKey: keys.cities, queryFn: () => unwrap<CityResponseDto[]>(api.GET('/api/cities')) });

export const useCityChallenges = (cityId: string) =>
  useQuery({
    queryKey: keys.cityChallenges(cityId),
    queryFn: () => unwrap<ChallengeResponseDto[]>(api.GET('/api/cities/{id}/challenges', { params: { path: { id: cityId }, query: { pastWeeks: 0 } } })),
  });

export const useChallenge = (id: string) =>
  useQuery({ queryKey: keys.challenge(id), queryFn: () => unwrap<ChallengeDetailDto>(api.GET('/api/challenges/{id}', { params: { path: { id } } })) });

export const useBracket = (id: string) =>
  useQuery({ queryKey: keys.bracket(id), queryFn: () => unwrap<BracketView>(api.GET('/api/challenges/{id}/bracket', { params: { path: { id } } })) });

export const useTable = (id: string) =>
  useQuery({ queryKey: keys.table(id), queryFn: () => unwrap<TablePublicView>(api.GET('/api/tables/{id}', { params: { path: { id } } })) });

export const useCity = (id: string) => useQuery({ queryKey: keys.city(id), queryFn: () => unwrap<CityResponseDto>(api.GET('/api/cities/{id}', { params: { path: { id } } })) });

export const useSeasons = (cityId: string) =>
  useQuery({ queryKey: keys.seasons(cityId), queryFn: () => unwrap<SeasonResponseDto[]>(api.GET('/api/cities/{id}/seasons', { params: { path: { id: cityId } } })) });

const standingsQuery = (cityId: string, seasonId: string | undefined, page: number, search: string) => ({
  queryKey: keys.standings(cityId, seasonId ?? '', page, search),
  queryFn: () =>
    unwrap<StandingsPage>(
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
    queryFn: () => unwrap<EliteSixView>(api.GET('/api/cities/{cityId}/seasons/{seasonId}/elite-six', { params: { path: { cityId, seasonId: seasonId! } } })),
    enabled: seasonId !== undefined,
  });

export const usePlayerRanking = (id: string, vs: string | null) =>
  useQuery({
    queryKey: keys.player(id, vs),
    queryFn: () => unwrap<PlayerRanking>(api.GET('/api/players/{id}/ranking', { params: { path: { id }, query: vs ? { vs } : {} } })),
    placeholderData: keepPreviousData,
  });

export function useSignIn() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap<TokenResponseDto>(api.POST('/api/auth/login', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useSignUp() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: { email: string; password: string; displayName: string }) => unwrap<TokenResponseDto>(api.POST('/api/auth/register', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useInvalidate() {
  const qc = useQueryClient();
  return (key: readonly unknown[]) => qc.invalidateQueries({ queryKey: key });
}
