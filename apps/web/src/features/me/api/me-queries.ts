/** A competitor's own pages: notifications, my games, my record (penalties, conduct) and appeals. */
import { queryOptions, infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { RequestBody, Schemas } from '../../../api/types';

/** One of my games (GET /api/me/games): a challenge table's or a house table's. */
export type MyGame = Schemas['MyGameDto'];
import { useAuth } from '../../../auth/auth-context';

export const notificationsQuery = (token: string | null) =>
  queryOptions({ queryKey: keys.mine.notifications(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/notifications')) });

/** My games (GET /api/me/games): the ones being played first, then newest first; "Load more" follows `next`. */
export const myGamesQuery = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: keys.mine.games(token),
    enabled: token !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap(api.GET('/api/me/games', { params: { query: pageParam ? { after: pageParam, limit: 20 } : { limit: 20 } } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const penaltiesQuery = (token: string | null) => queryOptions({ queryKey: keys.mine.penalties(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/penalties')) });
export const conductQuery = (token: string | null) => queryOptions({ queryKey: keys.mine.conduct(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/conduct')) });

export function useNotifications() {
  const { token } = useAuth();
  return useQuery(notificationsQuery(token));
}

export function useMyGames() {
  const { token } = useAuth();
  return useInfiniteQuery(myGamesQuery(token));
}

export function useMyPenalties() {
  const { token } = useAuth();
  return useQuery(penaltiesQuery(token));
}

export function useMyConduct() {
  const { token } = useAuth();
  return useQuery(conductQuery(token));
}

export function useMarkRead() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine.notifications(token) }),
  });
}

export function useFileAppeal() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/appeals', 'post'>) => unwrap(api.POST('/api/appeals', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine.penalties(token) }),
  });
}
