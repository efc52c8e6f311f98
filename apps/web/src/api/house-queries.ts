/** House tables (SPEC 8) as TanStack Query hooks: the lobby, a table and its acts, my wallet, file and workouts. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { api, unwrap } from './client';
import type { components } from './schema';

type S = components['schemas'];
export type HouseTable = S['HouseTableDto'];
export type HouseSeat = S['HouseSeatDto'];
export type HouseSettlement = S['HouseSettlementDto'];
export type OpenHouseTable = S['OpenHouseTableDto'];
export type Wallet = S['WalletDto'];
export type LedgerPage = S['LedgerPageDto'];
export type LedgerEntry = S['LedgerEntryDto'];
export type FileEntry = S['FileEntryDto'];
export type Workouts = S['WorkoutsDto'];
export type Workout = S['WorkoutDto'];
export type Currency = S['LedgerPageDto']['currency'];

export const houseKeys = {
  lobby: (before: string | null) => ['house', 'lobby', before] as const,
  table: (id: string) => ['house', 'tables', id] as const,
  wallet: (token: string | null) => ['house', 'wallet', token] as const,
  ledger: (token: string | null, currency: Currency, before: number | null) => ['house', 'ledger', token, currency, before] as const,
  file: (token: string | null) => ['house', 'file', token] as const,
  workouts: (token: string | null) => ['house', 'workouts', token] as const,
};

export const LOBBY_PAGE_SIZE = 10;
export const LEDGER_PAGE_SIZE = 20;

export const useLobby = (before: string | null) =>
  useQuery({
    queryKey: houseKeys.lobby(before),
    queryFn: () => unwrap<S['HouseLobbyPageDto']>(api.GET('/api/house/tables', { params: { query: { limit: LOBBY_PAGE_SIZE, before: before ?? undefined } } })),
    placeholderData: keepPreviousData,
  });

/** A house table; asked again every 2 s while it waits for players (the deal) or `settling` (its game over, the settlement to come). */
export const useHouseTable = (id: string, settling = false) =>
  useQuery({
    queryKey: houseKeys.table(id),
    queryFn: () => unwrap<HouseTable>(api.GET('/api/house/tables/{id}', { params: { path: { id } } })),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'open' || (settling && q.state.data?.status === 'playing') ? 2000 : false),
  });

export function useWallet() {
  const { token } = useAuth();
  return useQuery({ queryKey: houseKeys.wallet(token), queryFn: () => unwrap<Wallet>(api.GET('/api/me/wallet')), enabled: !!token });
}

export function useLedger(currency: Currency, before: number | null, limit = LEDGER_PAGE_SIZE) {
  const { token } = useAuth();
  return useQuery({
    queryKey: [...houseKeys.ledger(token, currency, before), limit],
    queryFn: () => unwrap<LedgerPage>(api.GET('/api/me/wallet/ledger', { params: { query: { currency, limit, before: before ?? undefined } } })),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useMyFile() {
  const { token } = useAuth();
  return useQuery({ queryKey: houseKeys.file(token), queryFn: () => unwrap<FileEntry[]>(api.GET('/api/me/file', { params: { query: { limit: 200 } } })), enabled: !!token });
}

export function useMyWorkouts() {
  const { token } = useAuth();
  return useQuery({ queryKey: houseKeys.workouts(token), queryFn: () => unwrap<Workouts>(api.GET('/api/me/workouts')), enabled: !!token });
}

/** Opening, joining and the acts at a table; each answer is the table, written into the cache. */
export function useHouseActs() {
  const qc = useQueryClient();
  const put = (t: HouseTable) => {
    qc.setQueryData(houseKeys.table(t.id), t);
    void qc.invalidateQueries({ queryKey: ['house', 'lobby'] });
    void qc.invalidateQueries({ queryKey: ['house', 'wallet'] });
  };
  return {
    open: useMutation({ mutationFn: (body: OpenHouseTable) => unwrap<HouseTable>(api.POST('/api/house/tables', { body })), onSuccess: put }),
    join: useMutation({ mutationFn: (id: string) => unwrap<HouseTable>(api.POST('/api/house/tables/{id}/join', { params: { path: { id } }, body: {} })), onSuccess: put }),
    joinByCode: useMutation({ mutationFn: (code: string) => unwrap<HouseTable>(api.POST('/api/house/join', { body: { code } })), onSuccess: put }),
    addComputer: useMutation({
      mutationFn: (b: { id: string; level: 'easy' | 'medium' | 'hard' }) => unwrap<HouseTable>(api.POST('/api/house/tables/{id}/computers', { params: { path: { id: b.id } }, body: { level: b.level } })),
      onSuccess: put,
    }),
    leave: useMutation({ mutationFn: (id: string) => unwrap<HouseTable>(api.POST('/api/house/tables/{id}/leave', { params: { path: { id } } })), onSuccess: put }),
    forfeit: useMutation({ mutationFn: (id: string) => unwrap<HouseTable>(api.POST('/api/house/tables/{id}/forfeit', { params: { path: { id } } })), onSuccess: put }),
    rematch: useMutation({ mutationFn: (id: string) => unwrap<HouseTable>(api.POST('/api/house/tables/{id}/rematch', { params: { path: { id } } })), onSuccess: put }),
  };
}

export function useConfirmAdult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap<S['AdultConfirmedDto']>(api.POST('/api/me/adult-confirmation', { body: { adult: true } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['house', 'wallet'] }),
  });
}

export function useCloseWorkout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { id: string; how: 'done' | 'excuse' }) => unwrap<Workout>(api.POST('/api/me/workouts/{id}/close', { params: { path: { id: b.id } }, body: { how: b.how } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['house', 'workouts'] }),
  });
}

/** SPEC 8.3: I use assistive technology (+10 s on my stake-table clock from the next deal); the answer is my wallet view. */
export function useSetAssistiveTech() {
  const qc = useQueryClient();
  const { token } = useAuth();
  return useMutation({
    mutationFn: (assistiveTech: boolean) => unwrap<Wallet>(api.PUT('/api/me/assistive-technology', { body: { assistiveTech } })),
    onSuccess: (w) => qc.setQueryData(houseKeys.wallet(token), w),
  });
}
