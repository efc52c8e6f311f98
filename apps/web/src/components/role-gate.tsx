import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../auth/use-me';
import { useAuth } from '../auth/auth-context';
import { ErrorView, Loading } from './status';
import { paths } from '../config/paths';

/** Whether the signed-in user holds one of `roles` (an admin holds every staff role). */
export const hasRole = (userRoles: string[] | undefined, roles: string[]) => !!userRoles && (userRoles.includes('admin') || roles.some((r) => userRoles.includes(r)));

/** A staff page: asks to sign in, or says which role it needs; the API still decides every call. */
export function RoleGate({ roles, what, children }: { roles: string[]; what: string; children: ReactNode }) {
  const { token } = useAuth();
  const me = useMe();
  if (!token) {
    return (
      <div className="notice">
        <h1 className="notice-title">Sign in to use {what}</h1>
        <p>
          <Link to={paths.signIn.href()}>Sign in</Link> with a staff account.
        </p>
      </div>
    );
  }
  if (me.isPending) return <Loading what="your account" />;
  if (me.isError) return <ErrorView error={me.error} title="Your account could not be loaded" page />;
  if (!hasRole(me.data.roles, roles)) {
    return (
      <div className="notice notice-error" role="alert">
        <h1 className="notice-title">Not available to your account</h1>
        <p>
          {what[0].toUpperCase() + what.slice(1)} is for {roles.join(' or ')} accounts (and admins).
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
