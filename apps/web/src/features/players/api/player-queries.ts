/** A player's page: seasons, history, and the head-to-head against `vs`. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';

export const playerRankingQuery = (id: string, vs: string | null) =>
  queryOptions({
    queryKey: keys.players.ranking(id, vs),
    queryFn: () => unwrap(api.GET('/api/players/{id}/ranking', { params: { path: { id }, query: vs ? { vs } : {} } })),
    placeholderData: keepPreviousData,
  });

export const usePlayerRanking = (id: string, vs: string | null) => useQuery(playerRankingQuery(id, vs));
