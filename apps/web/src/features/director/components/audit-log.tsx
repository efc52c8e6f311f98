import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { formatStyled } from '../../../utils/format';
import { useState, type FormEvent } from 'react';
import { useAuditLog, type AuditQuery } from '../api/director-queries';
import { Empty, ErrorView, Loading } from '../../../components/status';

const PAGE = 25;
const when = (iso: string) => formatStyled(iso, 'medium', 'medium');

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
  const { t } = useTranslation();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ entityType: draft.entityType.trim() || undefined, entityId: draft.entityId.trim() || undefined, actorId: draft.actorId.trim() || undefined });
    setCursors([]);
  };
  const rows = log.data ?? [];
  return (
    <div className="audit">
      {!fixed && (
        <form className="filters" onSubmit={apply} aria-label={t('audit.filters')}>
          <label>
            {t('audit.entityType')}
            <select value={draft.entityType} onChange={(e) => setDraft({ ...draft, entityType: e.target.value })}>
              <option value="">{t('review.any')}</option>
              {['challenge', 'table', 'game', 'city', 'season', 'tier', 'user', 'integrity_case', 'integrity_appeal'].map((x) => (
                <option key={x} value={x}>
                  {tOr(`audit.entity.${x}`, x.replace(/_/g, ' '))}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('audit.entityId')}
            <input value={draft.entityId} onChange={(e) => setDraft({ ...draft, entityId: e.target.value })} />
          </label>
          <label>
            {t('audit.actor')}
            <input value={draft.actorId} onChange={(e) => setDraft({ ...draft, actorId: e.target.value })} />
          </label>
          <button type="submit">{t('audit.filter')}</button>
        </form>
      )}
      {log.isPending && <Loading what={t('audit.theLog')} />}
      {log.isError && <ErrorView error={log.error} title={t('audit.failed')} />}
      {log.data && rows.length === 0 && <Empty>{cursors.length ? t('audit.noneOnPage') : t('audit.none')}</Empty>}
      {rows.length > 0 && (
        <ol className="audit-list" aria-label={t('audit.entries')}>
          {rows.map((a) => (
            <li key={a.id} className="card">
              <p className="audit-head">
                <strong>{a.action}</strong> <span className="muted">· {tOr(`audit.entity.${a.entityType}`, a.entityType)}</span> <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
              </p>
              {a.reason && <p>{t('audit.reason', { reason: a.reason })}</p>}
              <p className="muted small-text">
                {t('audit.by', { who: a.actorId ?? t('audit.system') })}
                {a.entityId ? ` · ${t('audit.on', { id: a.entityId })}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      {!log.isError && (
        <div className="pager">
          <button type="button" className="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {t('audit.newer')}
          </button>
          <span className="muted">{t('review.page', { page: cursors.length + 1 })}</span>
          <button type="button" className="secondary" disabled={rows.length < PAGE} onClick={() => setCursors((c) => [...c, rows[rows.length - 1].id])}>
            {t('audit.older')}
          </button>
        </div>
      )}
    </div>
  );
}
