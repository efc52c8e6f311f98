/** A challenge table (its game, seats and clocks): the spectator view and a seated player's start. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';

export const tableQuery = (id: string) => queryOptions({ queryKey: keys.tables.one(id), queryFn: () => unwrap(api.GET('/api/tables/{id}', { params: { path: { id } } })) });

export const useTable = (id: string) => useQuery(tableQuery(id));

/** Reads the table again (a push said it changed). */
export function useRefreshTable(id: string) {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: keys.tables.one(id) }), [qc, id]);
}
