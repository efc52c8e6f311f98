import { useTranslation } from 'react-i18next';
import { AuditLog } from '../components/audit-log';
import { RoleGate } from '../../../components/role-gate';

/** The audit log with its filters and paging. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <RoleGate roles={['director', 'reviewer']} what={t('audit.theLog')}>
      <h1>{t('review.auditLog')}</h1>
      <AuditLog />
    </RoleGate>
  );
}
