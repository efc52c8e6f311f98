/** The director console: the audit log, a challenge's acts (cancel, disqualify, void, correct), creating and changing challenges. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { definedOnly } from '../../../api/query-params';
import type { QueryParams, RequestBody } from '../../../api/types';

export type NamedAuditQuery = QueryParams<'/api/admin/audit-log/named'>;

/** The audit log in words: a page with the people named, and the cursor of the next (older) one. */
export const useNamedAudit = (q: NamedAuditQuery) => {
  const query = definedOnly(q);
  return useQuery({ queryKey: keys.audit.named(query), queryFn: () => unwrap(api.GET('/api/admin/audit-log/named', { params: { query } })), placeholderData: (prev) => prev });
};

export type RosterQuery = QueryParams<'/api/challenges/{id}/roster'>;

/** A director's list of a challenge: who registered, checked in, waits or withdrew. */
export const useRoster = (challengeId: string, q: RosterQuery) => {
  const query = definedOnly(q);
  return useQuery({
    queryKey: keys.challenges.roster(challengeId, query),
    queryFn: () => unwrap(api.GET('/api/challenges/{id}/roster', { params: { path: { id: challengeId }, query } })),
    placeholderData: (prev) => prev,
  });
};

/** A director's act on a challenge or table; the bracket (and the audit log) is refetched after it. */
export function useDirectorAct(challengeId: string) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.challenges.one(challengeId) });
    void qc.invalidateQueries({ queryKey: keys.audit.all });
  };
  return {
    cancel: useMutation({ mutationFn: (reason: string) => unwrap(api.POST('/api/challenges/{id}/cancel', { params: { path: { id: challengeId } }, body: { reason } })), onSuccess: done }),
    disqualify: useMutation({
      mutationFn: (body: RequestBody<'/api/challenges/{id}/disqualifications', 'post'>) => unwrap(api.POST('/api/challenges/{id}/disqualifications', { params: { path: { id: challengeId } }, body })),
      onSuccess: done,
    }),
    voidTable: useMutation({
      mutationFn: ({ tableId, ...body }: { tableId: string } & RequestBody<'/api/tables/{id}/void', 'post'>) => unwrap(api.POST('/api/tables/{id}/void', { params: { path: { id: tableId } }, body })),
      onSuccess: done,
    }),
    correct: useMutation({
      mutationFn: ({ tableId, ...body }: { tableId: string } & RequestBody<'/api/tables/{id}/result', 'post'>) => unwrap(api.POST('/api/tables/{id}/result', { params: { path: { id: tableId } }, body })),
      onSuccess: done,
    }),
  };
}

/** A director creates a challenge in a city; the city's list is refetched. */
export function useCreateChallenge(cityId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/cities/{id}/challenges', 'post'>) => unwrap(api.POST('/api/cities/{id}/challenges', { params: { path: { id: cityId } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.cities.challenges(cityId) }),
  });
}

/** A director changes a challenge's tier or prize pool (with a reason). */
export function useUpdateChallenge(challengeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/challenges/{id}', 'patch'>) => unwrap(api.PATCH('/api/challenges/{id}', { params: { path: { id: challengeId } }, body })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.challenges.one(challengeId) });
      void qc.invalidateQueries({ queryKey: keys.audit.all });
    },
  });
}
