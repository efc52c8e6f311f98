import { useState, type FormEvent } from 'react';
import { useAuditLog, type AuditQuery } from '../api/director-queries';
import { Empty, ErrorView, Loading } from '../../../components/status';

const PAGE = 25;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The append-only audit log, newest first: filters (entity type and id, actor) unless `fixed`, and
 * paging by the API's cursor (the last entry's id); "Newer" goes back through the cursors seen.
 */
export function AuditLog({ fixed }: { fixed?: Pick<AuditQuery, 'entityType' | 'entityId'> }) {
  const [filters, setFilters] = useState<Pick<AuditQuery, 'entityType' | 'entityId' | 'actorId'>>(fixed ?? {});
  const [draft, setDraft] = useState({ entityType: '', entityId: '', actorId: '' });
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const log = useAuditLog({ ...filters, limit: PAGE, after });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ entityType: draft.entityType.trim() || undefined, entityId: draft.entityId.trim() || undefined, actorId: draft.actorId.trim() || undefined });
    setCursors([]);
  };
  const rows = log.data ?? [];
  return (
    <div className="audit">
      {!fixed && (
        <form className="filters" onSubmit={apply} aria-label="Audit log filters">
          <label>
            Entity type
            <select value={draft.entityType} onChange={(e) => setDraft({ ...draft, entityType: e.target.value })}>
              <option value="">Any</option>
              {['challenge', 'table', 'game', 'city', 'season', 'tier', 'user', 'integrity_case', 'integrity_appeal'].map((t) => (
                <option key={t} value={t}>
                  {t.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </label>
          <label>
            Entity id
            <input value={draft.entityId} onChange={(e) => setDraft({ ...draft, entityId: e.target.value })} />
          </label>
          <label>
            Actor (user id)
            <input value={draft.actorId} onChange={(e) => setDraft({ ...draft, actorId: e.target.value })} />
          </label>
          <button type="submit">Filter</button>
        </form>
      )}
      {log.isPending && <Loading what="the audit log" />}
      {log.isError && <ErrorView error={log.error} title="The audit log could not be loaded" />}
      {log.data && rows.length === 0 && <Empty>No entry{cursors.length ? ' on this page' : ''}.</Empty>}
      {rows.length > 0 && (
        <ol className="audit-list" aria-label="Audit entries, newest first">
          {rows.map((a) => (
            <li key={a.id} className="card">
              <p className="audit-head">
                <strong>{a.action}</strong> <span className="muted">· {a.entityType}</span> <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
              </p>
              {a.reason && <p>Reason: {a.reason}</p>}
              <p className="muted small-text">
                by {a.actorId ?? 'the system'}
                {a.entityId ? ` · on ${a.entityId}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      {!log.isError && (
        <div className="pager">
          <button type="button" className="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </button>
          <span className="muted">Page {cursors.length + 1}</span>
          <button type="button" className="secondary" disabled={rows.length < PAGE} onClick={() => setCursors((c) => [...c, rows[rows.length - 1].id])}>
            Older
          </button>
        </div>
      )}
    </div>
  );
}
