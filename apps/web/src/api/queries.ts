/** Server state: every read goes through TanStack Query with these keys; pages never fetch by hand. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { BracketView, ChallengeDetailDto, ChallengeResponseDto, CityResponseDto, TablePublicView, TokenResponseDto, UserResponseDto } from './types';
import { useAuth } from '../auth/auth-context';

export const keys = {
  me: (token: string | null) => ['me', token] as const,
  cities: ['cities'] as const,
  cityChallenges: (cityId: string) => ['cities', cityId, 'challenges'] as const,
  challenge: (id: string) => ['challenges', id] as const,
  bracket: (id: string) => ['challenges', id, 'bracket'] as const,
  table: (id: string) => ['tables', id] as const,
};

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
