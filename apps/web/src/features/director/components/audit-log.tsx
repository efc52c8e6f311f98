import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { i18n, tOr } from '../../../i18n/i18n';
import { formatDatedTime } from '../../../utils/format';
import { useNamedAudit, type NamedAuditQuery } from '../api/director-queries';
import type { Schemas } from '../../../api/types';
import { CursorPager } from '../../../components/cursor-pager';
import { Empty, ErrorView, Loading } from '../../../components/status';
import './audit-log.css';

const PAGE = 25;
type Entry = Schemas['NamedAuditEntryDto'];
type Filters = Pick<NamedAuditQuery, 'kind' | 'person' | 'from' | 'to'>;

/** The kinds of act a reader filters by: an action, or a family of them (the API matches its first words). */
const KINDS = [
  ['challenges', 'challenge'],
  ['disqualifications', 'challenge.player-disqualified'],
  ['registrations', 'registration'],
  ['tables', 'table'],
  ['games', 'game'],
  ['conduct', 'conduct'],
  ['calls', 'director-call'],
  ['cases', 'integrity.case'],
  ['appeals', 'integrity.appeal'],
  ['reports', 'integrity.report'],
  ['accounts', 'user'],
  ['cities', 'city'],
  ['seasons', 'season'],
] as const;

/** A local calendar day (YYYY-MM-DD from a date input) as the instant it starts, `days` later. */
const dayStart = (day: string, days = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + days).toISOString();
};

/** An entry in words: who did what to whom, in the reader's language; an action without its own sentence is named as it is. */
function sentence(a: Entry): string {
  const vars = {
    actor: a.actorName ?? i18n.t('audit.system'),
    subject: a.subjectName ?? i18n.t('audit.someone'),
    what: a.entityLabel ?? tOr(`audit.entity.${a.entityType}`, a.entityType),
    action: a.action,
  };
  return i18n.exists(`audit.said.${a.action}`) ? i18n.t(`audit.said.${a.action}`, vars) : i18n.t('audit.saidOther', vars);
}

/**
 * The audit log in words (GET /admin/audit-log/named), newest first: who did what, to whom by name, with
 * the reason. Filters by kind of act, a person's name and dates (the reader's days) unless `fixed` (one
 * challenge's log); paged by the API's cursor, "Newer" going back through the cursors seen.
 */
export function AuditLog({ fixed }: { fixed?: Pick<NamedAuditQuery, 'entityType' | 'entityId'> }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState({ kind: '', person: '', from: '', to: '' });
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useNamedAudit({ ...fixed, ...filters, limit: PAGE, after: cursors.at(-1) });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({
      kind: draft.kind || undefined,
      person: draft.person.trim() || undefined,
      from: draft.from ? dayStart(draft.from) : undefined,
      to: draft.to ? dayStart(draft.to, 1) : undefined,
    });
    setCursors([]);
  };
  const rows = log.data?.entries ?? [];
  const next = log.data?.next ?? null;
  return (
    <div className="audit">
      {!fixed && (
        <form className="filters" onSubmit={apply} aria-label={t('audit.filters')}>
          <label>
            {t('audit.kindLabel')}
            <select value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })}>
              <option value="">{t('audit.anyKind')}</option>
              {KINDS.map(([name, value]) => (
                <option key={value} value={value}>
                  {t(`audit.kind.${name}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('audit.person')}
            <input type="search" value={draft.person} maxLength={60} placeholder={t('audit.personHint')} onChange={(e) => setDraft({ ...draft, person: e.target.value })} />
          </label>
          <label>
            {t('audit.from')}
            <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label>
            {t('audit.to')}
            <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
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
              <p className="audit-head">{sentence(a)}</p>
              {a.reason && <p className="audit-reason">{t('audit.reason', { reason: a.reason })}</p>}
              <p className="muted small-text">
                <time dateTime={a.createdAt}>{formatDatedTime(a.createdAt)}</time> · <code>{a.action}</code>
              </p>
            </li>
          ))}
        </ol>
      )}
      {!log.isError && (cursors.length > 0 || next) && (
        <CursorPager
          page={cursors.length + 1}
          hasOlder={next !== null}
          label={t('audit.pages')}
          onNewer={() => setCursors((c) => c.slice(0, -1))}
          onOlder={() => next && setCursors((c) => [...c, next])}
        />
      )}
    </div>
  );
}
