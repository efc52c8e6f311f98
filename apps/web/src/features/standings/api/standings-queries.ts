/** A city's seasons, its standings (paged and searched by the API) and the Elite Six. */
import { useCallback } from 'react';
import { keepPreviousData, queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';

export const STANDINGS_PAGE_SIZE = 50;

export const cityQuery = (id: string) => queryOptions({ queryKey: keys.cities.one(id), queryFn: () => unwrap(api.GET('/api/cities/{id}', { params: { path: { id } } })) });

export const seasonsQuery = (cityId: string) =>
  queryOptions({ queryKey: keys.cities.seasons(cityId), queryFn: () => unwrap(api.GET('/api/cities/{id}/seasons', { params: { path: { id: cityId } } })) });

export const standingsQuery = (cityId: string, seasonId: string | undefined, page: number, search: string) =>
  queryOptions({
    queryKey: keys.cities.standings(cityId, seasonId ?? '', page, search),
    queryFn:
      seasonId === undefined
        ? skipToken
        : () =>
            unwrap(
              api.GET('/api/cities/{cityId}/seasons/{seasonId}/standings', {
                params: { path: { cityId, seasonId }, query: { page, pageSize: STANDINGS_PAGE_SIZE, ...(search ? { search } : {}) } },
              }),
            ),
  });

export const eliteSixQuery = (cityId: string, seasonId: string | undefined) =>
  queryOptions({
    queryKey: keys.cities.eliteSix(cityId, seasonId ?? ''),
    queryFn: seasonId === undefined ? skipToken : () => unwrap(api.GET('/api/cities/{cityId}/seasons/{seasonId}/elite-six', { params: { path: { cityId, seasonId } } })),
  });

export const useCity = (id: string) => useQuery(cityQuery(id));
export const useSeasons = (cityId: string) => useQuery(seasonsQuery(cityId));

/** One server-side page of a season's standings; the previous page stays shown while the next loads. */
export const useStandings = (cityId: string, seasonId: string | undefined, page: number, search: string) =>
  useQuery({ ...standingsQuery(cityId, seasonId, page, search), placeholderData: keepPreviousData });

/** Fetches a standings page ahead (the next one), so "Next" shows it from the cache. */
export function usePrefetchStandings() {
  const qc = useQueryClient();
  return useCallback((cityId: string, seasonId: string, page: number, search: string) => qc.prefetchQuery(standingsQuery(cityId, seasonId, page, search)), [qc]);
}

export const useEliteSix = (cityId: string, seasonId: string | undefined) => useQuery(eliteSixQuery(cityId, seasonId));
