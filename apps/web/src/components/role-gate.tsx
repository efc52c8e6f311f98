import { Trans, useTranslation } from 'react-i18next';
import { tOr } from '../i18n/i18n';
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
  const { t } = useTranslation();
  if (!token) {
    return (
      <div className="notice">
        <h1 className="notice-title">{t('staff.signInTo', { what })}</h1>
        <p>
          <Trans i18nKey="staff.signInStaff" components={[<Link to={paths.signIn.href()} />]} />
        </p>
      </div>
    );
  }
  if (me.isPending) return <Loading what={t('staff.yourAccount')} />;
  if (me.isError) return <ErrorView error={me.error} title={t('staff.accountFailed')} page />;
  if (!hasRole(me.data.roles, roles)) {
    return (
      <div className="notice notice-error" role="alert">
        <h1 className="notice-title">{t('staff.notAvailable')}</h1>
        <p>{t('staff.forRoles', { what: what[0].toUpperCase() + what.slice(1), roles: roles.map((r) => tOr(`staff.role.${r}`, r)).join(t('staff.or')) })}</p>
      </div>
    );
  }
  return <>{children}</>;
}
