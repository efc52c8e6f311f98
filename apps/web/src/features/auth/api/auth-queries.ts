/** Signing in and up: the answer's token becomes the session (AuthProvider). */
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { RequestBody } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';

export function useSignIn() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/auth/login', 'post'>) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useSignUp() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/auth/register', 'post'>) => unwrap(api.POST('/api/auth/register', { body })),
    onSuccess: (res) => signIn(res.accessToken),
  });
}
