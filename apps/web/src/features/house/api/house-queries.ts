/** House tables (SPEC 8): the lobby, a table and its acts, my wallet, ledger, file and workouts. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { QueryParams, RequestBody, Schemas } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';

export type HouseTable = Schemas['HouseTableDto'];
export type HouseSeat = Schemas['HouseSeatDto'];
export type HouseSettlement = Schemas['HouseSettlementDto'];
export type OpenHouseTable = RequestBody<'/api/house/tables', 'post'>;
export type Wallet = Schemas['WalletDto'];
export type LedgerEntry = Schemas['LedgerEntryDto'];
export type FileEntry = Schemas['FileEntryDto'];
export type Workout = Schemas['WorkoutDto'];
export type Currency = QueryParams<'/api/me/wallet/ledger'>['currency'];
export type ComputerLevel = RequestBody<'/api/house/tables/{id}/computers', 'post'>['level'];
export type HouseRulesetId = RequestBody<'/api/house/quick-match', 'post'>['ruleset'];

/** A table's path parameter. */
const at = (id: string) => ({ params: { path: { id } } });

export const LOBBY_PAGE_SIZE = 10;
export const LEDGER_PAGE_SIZE = 20;

export const lobbyQuery = (before: string | null) =>
  queryOptions({
    queryKey: keys.house.lobby(before),
    queryFn: () => unwrap(api.GET('/api/house/tables', { params: { query: { limit: LOBBY_PAGE_SIZE, before: before ?? undefined } } })),
    placeholderData: keepPreviousData,
  });

export const houseTableQuery = (id: string) =>
  queryOptions({ queryKey: keys.house.table(id), queryFn: () => unwrap(api.GET('/api/house/tables/{id}', { params: { path: { id } } })), enabled: !!id });

export const walletQuery = (token: string | null) => queryOptions({ queryKey: keys.house.wallet(token), queryFn: () => unwrap(api.GET('/api/me/wallet')), enabled: !!token });

export const ledgerQuery = (token: string | null, currency: Currency, before: number | null, limit = LEDGER_PAGE_SIZE) =>
  queryOptions({
    queryKey: keys.house.ledger(token, currency, before, limit),
    queryFn: () => unwrap(api.GET('/api/me/wallet/ledger', { params: { query: { currency, limit, before: before ?? undefined } } })),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export const fileQuery = (token: string | null) => queryOptions({ queryKey: keys.house.file(token), queryFn: () => unwrap(api.GET('/api/me/file', { params: { query: { limit: 200 } } })), enabled: !!token });
export const workoutsQuery = (token: string | null) => queryOptions({ queryKey: keys.house.workouts(token), queryFn: () => unwrap(api.GET('/api/me/workouts')), enabled: !!token });

export const useLobby = (before: string | null) => useQuery(lobbyQuery(before));

/** A house table; asked again every 2 s while it waits for players (the deal) or `settling` (its game over, the settlement to come). */
export const useHouseTable = (id: string, settling = false) =>
  useQuery({ ...houseTableQuery(id), refetchInterval: (q) => (q.state.data?.status === 'open' || (settling && q.state.data?.status === 'playing') ? 2000 : false) });

/** Reads a house table again (a push said it changed). */
export function useRefreshHouseTable(id: string) {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: keys.house.table(id) }), [qc, id]);
}

/** A settlement was just booked: my ledger, workouts and wallet are read again. */
export function useSettlementBooked() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: keys.house.ledgerAll });
    void qc.invalidateQueries({ queryKey: keys.house.workoutsAll });
    void qc.invalidateQueries({ queryKey: keys.house.walletAll });
  }, [qc]);
}

export function useWallet() {
  const { token } = useAuth();
  return useQuery(walletQuery(token));
}

export function useLedger(currency: Currency, before: number | null, limit = LEDGER_PAGE_SIZE) {
  const { token } = useAuth();
  return useQuery(ledgerQuery(token, currency, before, limit));
}

export function useMyFile() {
  const { token } = useAuth();
  return useQuery(fileQuery(token));
}

export function useMyWorkouts() {
  const { token } = useAuth();
  return useQuery(workoutsQuery(token));
}

/** Opening, joining and the acts at a table; each answer is the table, written into the cache. */
export function useHouseActs() {
  const qc = useQueryClient();
  const put = (t: HouseTable) => {
    qc.setQueryData(keys.house.table(t.id), t);
    void qc.invalidateQueries({ queryKey: keys.house.lobbyAll });
    void qc.invalidateQueries({ queryKey: keys.house.walletAll });
  };
  return {
    open: useMutation({ mutationFn: (body: OpenHouseTable) => unwrap(api.POST('/api/house/tables', { body })), onSuccess: put }),
    join: useMutation({ mutationFn: (id: string) => unwrap(api.POST('/api/house/tables/{id}/join', { ...at(id), body: {} })), onSuccess: put }),
    joinByCode: useMutation({ mutationFn: (code: string) => unwrap(api.POST('/api/house/join', { body: { code } })), onSuccess: put }),
    quickMatch: useMutation({ mutationFn: (ruleset: HouseRulesetId) => unwrap(api.POST('/api/house/quick-match', { body: { ruleset } })), onSuccess: put }),
    addComputer: useMutation({
      mutationFn: (b: { id: string; level: ComputerLevel }) => unwrap(api.POST('/api/house/tables/{id}/computers', { ...at(b.id), body: { level: b.level } })),
      onSuccess: put,
    }),
    leave: useMutation({ mutationFn: (id: string) => unwrap(api.POST('/api/house/tables/{id}/leave', at(id))), onSuccess: put }),
    forfeit: useMutation({ mutationFn: (id: string) => unwrap(api.POST('/api/house/tables/{id}/forfeit', at(id))), onSuccess: put }),
    rematch: useMutation({ mutationFn: (id: string) => unwrap(api.POST('/api/house/tables/{id}/rematch', at(id))), onSuccess: put }),
  };
}

export function useConfirmAdult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/me/adult-confirmation', { body: { adult: true } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.house.walletAll }),
  });
}

export function useCloseWorkout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RequestBody<'/api/me/workouts/{id}/close', 'post'>) => unwrap(api.POST('/api/me/workouts/{id}/close', { ...at(id), body })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.house.workoutsAll }),
  });
}
/** SPEC 8.3: I use assistive technology (+10 s on my stake-table clock from the next deal); the answer is my wallet view. */
export function useSetAssistiveTech() {
  const qc = useQueryClient();
  const { token } = useAuth();
  return useMutation({
    mutationFn: (assistiveTech: boolean) => unwrap(api.PUT('/api/me/assistive-technology', { body: { assistiveTech } })),
    onSuccess: (w) => qc.setQueryData(keys.house.wallet(token), w),
  });
}
