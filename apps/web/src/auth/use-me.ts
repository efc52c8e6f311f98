import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { keys } from '../api/keys';
import { useAuth } from './auth-context';

/** The signed-in account (GET /api/me): name, roles, the cities a director directs. */
export const meQuery = (token: string | null) =>
  queryOptions({ queryKey: keys.me.of(token), queryFn: () => unwrap(api.GET('/api/me')), enabled: token !== null, staleTime: 60_000 });

export function useMe() {
  const { token } = useAuth();
  return useQuery(meQuery(token));
}
