import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { useLiveSocket } from '../../live/socket';

export type DirectorCall = components['schemas']['DirectorCallDto'];
export type DirectorCallList = components['schemas']['DirectorCallListDto'];
export type CallReason = components['schemas']['NewDirectorCallDto']['reason'];
export type CallAct = NonNullable<components['schemas']['ResolveDirectorCallDto']['act']>;

export const callKeys = {
  mine: (tableId: string) => ['director-calls', 'table', tableId] as const,
  challenge: (challengeId: string) => ['director-calls', 'challenge', challengeId] as const,
};

/** The signed-in user's calls at a table, latest first. */
export const useMyCalls = (tableId: string, enabled: boolean) =>
  useQuery({ queryKey: callKeys.mine(tableId), queryFn: () => unwrap(api.GET('/api/tables/{id}/director-calls', { params: { path: { id: tableId } } })), enabled });

export function useCallDirector(tableId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: CallReason; message: string }) => unwrap(api.POST('/api/tables/{id}/director-calls', { params: { path: { id: tableId } }, body })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: callKeys.mine(tableId) }),
  });
}

/** The console's calls of a challenge (waiting first). */
export const useChallengeCalls = (challengeId: string) =>
  useQuery({ queryKey: callKeys.challenge(challengeId), queryFn: () => unwrap(api.GET('/api/challenges/{id}/director-calls', { params: { path: { id: challengeId } } })) });

export function useCallActs(challengeId: string) {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: callKeys.challenge(challengeId) });
  return {
    acknowledge: useMutation({ mutationFn: (id: string) => unwrap(api.POST('/api/director-calls/{id}/acknowledge', { params: { path: { id } } })), onSuccess: done }),
    resolve: useMutation({
      mutationFn: (b: { id: string; note: string; act: CallAct; userId?: string }) =>
        unwrap(api.POST('/api/director-calls/{id}/resolve', { params: { path: { id: b.id } }, body: { note: b.note, act: b.act, ...(b.userId ? { userId: b.userId } : {}) } })),
      onSuccess: done,
    }),
  };
}

/**
 * `director-call:new` and `director-call:updated` (docs/realtime.md) on the page's live socket: they come
 * to the user's own room, so nothing has to be joined. The socket's typed contract does not list them
 * (they live in this feature), hence the untyped subscription.
 */
export function useDirectorCallEvents(onEvent: (event: 'new' | 'updated', call: DirectorCall) => void): boolean {
  const { socket, connected } = useLiveSocket();
  useEffect(() => {
    const s = socket as unknown as { on(e: string, h: (c: DirectorCall) => void): void; off(e: string, h: (c: DirectorCall) => void): void };
    const created = (c: DirectorCall) => onEvent('new', c);
    const updated = (c: DirectorCall) => onEvent('updated', c);
    s.on('director-call:new', created);
    s.on('director-call:updated', updated);
    return () => {
      s.off('director-call:new', created);
      s.off('director-call:updated', updated);
    };
  }, [socket, onEvent]);
  return connected;
}
