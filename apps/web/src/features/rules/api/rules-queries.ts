/** SPEC 6 "Rules changes": the rules in force, my acceptance, and the staff's view of every version. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';

export const currentRulesQuery = () => queryOptions({ queryKey: keys.rules.current, queryFn: () => unwrap(api.GET('/api/rules')) });

export const myRulesQuery = (token: string | null) =>
  queryOptions({ queryKey: keys.rules.mine(token), queryFn: () => unwrap(api.GET('/api/me/rules')), enabled: token !== null });

export const rulesVersionsQuery = () => queryOptions({ queryKey: keys.rules.versions, queryFn: () => unwrap(api.GET('/api/admin/rules')) });

export const acceptancesQuery = (version: number, after: string | null) =>
  queryOptions({
    queryKey: keys.rules.acceptances(version, after),
    queryFn: () => unwrap(api.GET('/api/admin/rules/{version}/acceptances', { params: { path: { version }, query: { limit: 50, ...(after ? { after } : {}) } } })),
  });

export const useCurrentRules = () => useQuery(currentRulesQuery());

export function useMyRules() {
  const { token } = useAuth();
  return useQuery(myRulesQuery(token));
}

/** Accept the version read; every rules query is refetched (a newer version published meanwhile is refused and shown). */
export function useAcceptRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => unwrap(api.POST('/api/me/rules/acceptances', { body: { version } })),
    onSettled: () => void qc.invalidateQueries({ queryKey: keys.rules.all }),
  });
}

export function usePublishRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (summary: string) => unwrap(api.POST('/api/admin/rules', { body: { summary } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.rules.all }),
  });
}
