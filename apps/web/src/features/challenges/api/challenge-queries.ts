/** The weekly challenges: cities and their challenges, a challenge and its bracket, my registration. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../api/client';
import { earlyFetch } from '../../../api/early';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';

export const citiesQuery = () => queryOptions({ queryKey: keys.cities.all, queryFn: () => unwrap(api.GET('/api/cities')) });

export const cityChallengesQuery = (cityId: string) =>
  queryOptions({
    queryKey: keys.cities.challenges(cityId),
    queryFn: () => unwrap(api.GET('/api/cities/{id}/challenges', { params: { path: { id: cityId }, query: { pastWeeks: 0 } } })),
  });

/**
 * The challenge page's two reads, shared by its hooks and the prefetch that starts them before React mounts
 * (app.tsx); the first read of each takes the answer public/boot.js asked for before the app loaded (`earlyFetch`).
 */
export const challengeQuery = (id: string) =>
  queryOptions({ queryKey: keys.challenges.one(id), queryFn: () => unwrap(api.GET('/api/challenges/{id}', { params: { path: { id } }, fetch: earlyFetch })) });
export const bracketQuery = (id: string) =>
  queryOptions({ queryKey: keys.challenges.bracket(id), queryFn: () => unwrap(api.GET('/api/challenges/{id}/bracket', { params: { path: { id } }, fetch: earlyFetch })) });

/** My registration for a challenge; null when I have none (the API answers 404 NOT_REGISTERED). */
export const registrationQuery = (challengeId: string, token: string | null) =>
  queryOptions({
    queryKey: keys.challenges.registration(challengeId, token),
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

export const useCities = () => useQuery(citiesQuery());
export const useCityChallenges = (cityId: string) => useQuery(cityChallengesQuery(cityId));
export const useChallenge = (id: string) => useQuery(challengeQuery(id));
/**
 * A challenge's bracket. `pollWhileRunning`: while a round is played it is read again every 20 s for the tables'
 * running scores (results, seatings and draws come live over the socket) — only the page that shows those
 * scores asks for it (the challenge page), not every page that reads the bracket for its names or rounds.
 */
export const useBracket = (id: string, { pollWhileRunning = false }: { pollWhileRunning?: boolean } = {}) =>
  useQuery({ ...bracketQuery(id), refetchInterval: (q) => (pollWhileRunning && q.state.data?.rounds.some((r) => r.status === 'running') ? 20_000 : false) });

export function useMyRegistration(challengeId: string) {
  const { token } = useAuth();
  return useQuery(registrationQuery(challengeId, token));
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
      qc.setQueryData(keys.challenges.registration(challengeId, token), reg.status === 'withdrawn' ? null : reg);
      void qc.invalidateQueries({ queryKey: keys.challenges.one(challengeId) });
      // what I must do next changes with it (the home page's first card)
      void qc.invalidateQueries({ queryKey: keys.mine.next(token) });
    },
  });
}
