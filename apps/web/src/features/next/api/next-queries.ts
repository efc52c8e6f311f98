/** "What do I do next?" (GET /api/me/next): the home page's first card and the challenge page's "Go to my table". */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';
import { listen, useLiveSocket } from '../../../live/socket';

export const nextQuery = (token: string | null) =>
  queryOptions({
    queryKey: keys.mine.next(token),
    queryFn: () => unwrap(api.GET('/api/me/next')),
    enabled: token !== null,
    // Windows open and close by the clock as well as by events: read again now and then, and on every visit.
    refetchInterval: 30_000,
    staleTime: 0,
  });

/**
 * My next thing, kept live: anything pushed to me (a seating, a next-round reminder, my table's result)
 * reads it again at once, as does a reconnect (pushes missed while away are not replayed).
 */
export function useMyNext() {
  const { token } = useAuth();
  const { socket } = useLiveSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const again = () => void qc.invalidateQueries({ queryKey: keys.mine.next(token) });
    socket.on('connect', again);
    const off = [listen(socket, 'notification', again), listen(socket, 'table:result', again)];
    return () => {
      socket.off('connect', again);
      off.forEach((f) => f());
    };
  }, [socket, token, qc]);
  return useQuery(nextQuery(token));
}
