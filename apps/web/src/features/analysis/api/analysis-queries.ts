/** A finished game's post-game analysis (GET /api/games/:id/analysis), judged by the worker seconds after the game ends. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';

/** How often a pending analysis is asked for again. */
export const PENDING_REFRESH_MS = 2000;

export const analysisQuery = (gameId: string, token: string | null) =>
  queryOptions({
    queryKey: keys.games.analysis(gameId, token),
    queryFn: () => unwrap(api.GET('/api/games/{id}/analysis', { params: { path: { id: gameId } } })),
    // A judged game never changes; a pending one is asked for again until the worker has judged it.
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false),
  });

export const useAnalysis = (gameId: string) => {
  const { token } = useAuth();
  return useQuery({ ...analysisQuery(gameId, token), enabled: !!gameId });
};
