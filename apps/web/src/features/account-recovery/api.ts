import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The account's e-mailed links (POST /api/auth/…): each a mutation; a confirmed address refreshes /me. */
export const useRequestReset = () => useMutation({ mutationFn: (email: string) => unwrap(api.POST('/api/auth/password-reset/request', { body: { email } })) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => unwrap(api.POST('/api/auth/password-reset', { body })) });

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (token: string) => unwrap(api.POST('/api/auth/email/verify', { body: { token } })), onSuccess: () => qc.invalidateQueries({ queryKey: ['me'] }) });
}

export function useConfirmEmailChange() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (token: string) => unwrap(api.POST('/api/auth/email/change/confirm', { body: { token } })), onSuccess: () => qc.invalidateQueries({ queryKey: ['me'] }) });
}

export const useResendVerification = () => useMutation({ mutationFn: () => unwrap(api.POST('/api/auth/email/verification')) });

export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: { newEmail: string; currentPassword: string }) => unwrap(api.POST('/api/auth/email/change', { body })) });

export const useUnsubscribe = () =>
  useMutation({ mutationFn: (q: { u: string; k: string; s: string }) => unwrap(api.POST('/api/unsubscribe', { params: { query: q } })) });
