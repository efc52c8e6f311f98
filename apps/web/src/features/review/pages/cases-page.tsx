import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCases, type CasesQuery } from '../api/review-queries';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { OpenCaseForm } from '../components/open-case-form';
import { paths } from '../../../config/paths';

const PAGE = 20;
const SIGNALS = ['hidden-information', 'engine-agreement', 'outcome', 'timing', 'collusion-feeding', 'collusion-false-knock', 'co-seating', 'linked-accounts', 'reports'];
/** The queue's filters and its page (always sized and placed here). */
type Filters = CasesQuery & Required<Pick<CasesQuery, 'limit' | 'offset'>>;

/** The case queue: filters (status, source, signal kind, high stakes) and pages of 20, newest first; a case opened by hand. */
export function CasesPage() {
  const [q, setQ] = useState<Filters>({ status: 'open', limit: PAGE, offset: 0 });
  const [opening, setOpening] = useState(false);
  const cases = useCases(q);
  const set = (patch: Partial<CasesQuery>) => setQ((old) => ({ ...old, ...patch, offset: 0 }));
  const rows = cases.data ?? [];
  const page = q.offset / PAGE + 1;
  const { t } = useTranslation();
  return (
    <RoleGate roles={['reviewer']} what={t('review.board')}>
      <h1>{t('review.casesTitle')}</h1>
      <p className="lead">
        <Link to={paths.appeals.href()}>{t('review.appealsQueue')}</Link> · <Link to={paths.voiceReports.href()}>{t('review.voiceReports')}</Link> · <Link to={paths.audit.href()}>{t('review.auditLog')}</Link>
      </p>
      {opening ? (
        <OpenCaseForm onClose={() => setOpening(false)} />
      ) : (
        <p>
          <button type="button" onClick={() => setOpening(true)}>
            {t('openCase.title')}
          </button>
        </p>
      )}
      <form className="filters" aria-label={t('review.caseFilters')} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('houseTable.status')}
          <select value={q.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as CasesQuery['status'] })}>
            <option value="">{t('review.any')}</option>
            {(['open', 'in_review', 'decided', 'closed'] as const).map((s) => (
              <option key={s} value={s}>
                {tOr(`integrity.caseStatus.${s}`, s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('review.source')}
          <select value={q.source ?? ''} onChange={(e) => set({ source: (e.target.value || undefined) as CasesQuery['source'] })}>
            <option value="">{t('review.any')}</option>
            {(['detection', 'report', 'manual'] as const).map((s) => (
              <option key={s} value={s}>
                {tOr(`review.sourceOf.${s}`, s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('review.signal')}
          <select value={q.signal ?? ''} onChange={(e) => set({ signal: e.target.value || undefined })}>
            <option value="">{t('review.any')}</option>
            {SIGNALS.map((s) => (
              <option key={s} value={s}>
                {tOr(`review.signalOf.${s}`, s.replace(/-/g, ' '))}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={!!q.highStakes} onChange={(e) => set({ highStakes: e.target.checked || undefined })} /> {t('review.highStakesOnly')}
        </label>
      </form>
      {cases.isPending && <Loading what={t('review.cases')} />}
      {cases.isError && <ErrorView error={cases.error} title={t('review.casesFailed')} />}
      {cases.data && rows.length === 0 && <Empty>{page > 1 ? t('review.noCaseOnPage') : t('review.noCase')}</Empty>}
      {rows.length > 0 && (
        <ul className="case-list" aria-label={t('review.casesPage', { page })}>
          {rows.map((c) => (
            <li key={c.id} className="card">
              <p className="case-head">
                <Link to={paths.case.href(c.id)}>{c.summary}</Link>
              </p>
              <p className="muted">
                <span className={`status status-${c.status}`}>{tOr(`integrity.caseStatus.${c.status}`, c.status)}</span> {tOr(`review.sourceOf.${c.source}`, c.source)} ·{' '}
                {t('review.players', { count: c.subjectIds.length })} · {t('review.signals', { count: c._count.signals })} · {t('review.reports', { count: c._count.reports })} ·{' '}
                {t('review.opened', { when: day(c.createdAt) })}
                {c.highStakes && <span className="tag">{t('review.highStakes')}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className="pager">
        <button type="button" className="secondary" disabled={q.offset === 0} onClick={() => setQ({ ...q, offset: Math.max(0, q.offset - PAGE) })}>
          {t('review.prevPage')}
        </button>
        <span className="muted" aria-live="polite">
          {t('review.page', { page })}
        </span>
        <button type="button" className="secondary" disabled={rows.length < PAGE} onClick={() => setQ({ ...q, offset: q.offset + PAGE })}>
          {t('review.nextPage')}
        </button>
      </div>
    </RoleGate>
  );
}
