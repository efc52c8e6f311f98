import { AuditLog } from '../components/audit-log';
import { RoleGate } from '../../../components/role-gate';

/** The audit log with its filters and paging. */
export function AuditPage() {
  return (
    <RoleGate roles={['director', 'reviewer']} what="the audit log">
      <h1>Audit log</h1>
      <AuditLog />
    </RoleGate>
  );
}
