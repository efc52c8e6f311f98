import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import type { components } from '../../api/schema';
import { keys as meKeys } from '../../api/keys';

export type DeliverySettings = components['schemas']['DeliverySettingsDto'];
export type SettingsChange = components['schemas']['UpdateDeliverySettingsDto'];
export type Device = components['schemas']['DeviceDto'];

const keys = { settings: (t: string | null) => ['delivery-settings', t] as const, devices: (t: string | null) => ['push-devices', t] as const };

export function useDeliverySettings() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.settings(token), queryFn: () => unwrap(api.GET('/api/me/delivery-settings')), enabled: token !== null, staleTime: 60_000 });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  const { token } = useAuth();
  return useMutation({
    mutationFn: (body: SettingsChange) => unwrap(api.PUT('/api/me/delivery-settings', { body })),
    onSuccess: (data) => {
      qc.setQueryData(keys.settings(token), data);
      // the account's zone is on GET /api/me too: every page writes times in it
      void qc.invalidateQueries({ queryKey: meKeys.me.of(token) });
    },
  });
}

export function useDevices() {
  const { token } = useAuth();
  return useQuery({ queryKey: keys.devices(token), queryFn: () => unwrap(api.GET('/api/me/push-subscriptions')), enabled: token !== null });
}

export function useSubscribeDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { endpoint: string; keys: { p256dh: string; auth: string }; label?: string }) => unwrap(api.POST('/api/me/push-subscriptions', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['push-devices'] }),
  });
}

export function useRemoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/me/push-subscriptions/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['push-devices'] }),
  });
}

export function useCalendarFeed() {
  const { token } = useAuth();
  return useQuery({ queryKey: ['calendar-feed', token], queryFn: () => unwrap(api.GET('/api/me/calendar-feed')), enabled: token !== null });
}

/** Makes (or replaces) the private feed URL; the answer is the only time the URL is shown. */
export function useRotateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/me/calendar-feed')),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['calendar-feed'] }),
  });
}
