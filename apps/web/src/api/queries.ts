/** Server state: every read goes through TanStack Query with these keys; pages never fetch by hand. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type {
  BracketView,
  ChallengeDetailDto,
  ChallengeResponseDto,
  CityResponseDto,
  MyConductView,
  MyPenaltiesView,
  NotificationPageDto,
  RegistrationResponseDto,
  TablePublicView,
  TokenResponseDto,
  UserResponseDto,
} from './types';
import { ApiError } from './client';
import { useAuth } from '../auth/auth-context';

export const keys = {
  me: (token: string | null) => ['me', token] as const,
  cities: ['cities'] as const,
  cityChallenges: (cityId: string) => ['cities', cityId, 'challenges'] as const,
  challenge: (id: string) => ['challenges', id] as const,
  bracket: (id: string) => ['challenges', id, 'bracket'] as const,
  table: (id: string) => ['tables', id] as const,
  registration: (id: string, token: string | null) => ['challenges', id, 'registration', token] as const,
  notifications: (token: string | null) => ['notifications', token] as const,
  penalties: (token: string | null) => ['penalties', token] as const,
  conduct: (token: string | null) => ['conduct', token] as const,
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

/** My registration for a challenge; null when I have none (the API answers 404 NOT_REGISTERED). */
export function useMyRegistration(challengeId: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.registration(challengeId, token),
    enabled: token !== null,
    queryFn: async () => {
      try {
        return await unwrap<RegistrationResponseDto>(api.GET('/api/challenges/{id}/registration', { params: { path: { id: challengeId } } }));
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
      unwrap<RegistrationResponseDto>(
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
    queryFn: () => unwrap<NotificationPageDto>(api.GET('/api/me/notifications')),
  });
}

export function useMarkRead() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap<unknown>(api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.notifications(token) }),
  });
}

export function useMyPenalties() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.penalties(token), enabled: token !== null, queryFn: () => unwrap<MyPenaltiesView>(api.GET('/api/me/penalties')) });
}

export function useMyConduct() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.conduct(token), enabled: token !== null, queryFn: () => unwrap<MyConductView>(api.GET('/api/me/conduct')) });
}

export function useFileAppeal() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { decisionId: string; statement: string }) => unwrap<unknown>(api.POST('/api/appeals', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.penalties(token) }),
  });
}
