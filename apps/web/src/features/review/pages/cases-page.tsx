import { useState } from 'react';
import { Link } from 'react-router';
import { useCases, type CasesQuery } from '../api/review-queries';
import { label } from '../../challenges/components/bracket';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { paths } from '../../../config/paths';

const PAGE = 20;
const SIGNALS = ['hidden-information', 'engine-agreement', 'outcome', 'timing', 'collusion-feeding', 'collusion-false-knock', 'co-seating', 'linked-accounts', 'reports'];
/** The queue's filters and its page (always sized and placed here). */
type Filters = CasesQuery & Required<Pick<CasesQuery, 'limit' | 'offset'>>;

/** The case queue: filters (status, source, signal kind, high stakes) and pages of 20, newest first. */
export function CasesPage() {
  const [q, setQ] = useState<Filters>({ status: 'open', limit: PAGE, offset: 0 });
  const cases = useCases(q);
  const set = (patch: Partial<CasesQuery>) => setQ((old) => ({ ...old, ...patch, offset: 0 }));
  const rows = cases.data ?? [];
  const page = q.offset / PAGE + 1;
  return (
    <RoleGate roles={['reviewer']} what="the review board">
      <h1>Review board: cases</h1>
      <p className="lead">
        <Link to={paths.appeals.href()}>Appeals queue</Link> · <Link to={paths.voiceReports.href()}>Voice reports</Link> · <Link to={paths.audit.href()}>Audit log</Link>
      </p>
      <form className="filters" aria-label="Case filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={q.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as CasesQuery['status'] })}>
            <option value="">Any</option>
            <option value="open">Open</option>
            <option value="in_review">In review</option>
            <option value="decided">Decided</option>
            <option value="closed">Closed</option>
          </select>
        </label>
        <label>
          Source
          <select value={q.source ?? ''} onChange={(e) => set({ source: (e.target.value || undefined) as CasesQuery['source'] })}>
            <option value="">Any</option>
            <option value="detection">Detection</option>
            <option value="report">Report</option>
            <option value="manual">Manual</option>
          </select>
        </label>
        <label>
          Signal
          <select value={q.signal ?? ''} onChange={(e) => set({ signal: e.target.value || undefined })}>
            <option value="">Any</option>
            {SIGNALS.map((s) => (
              <option key={s} value={s}>
                {s.replace(/-/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={!!q.highStakes} onChange={(e) => set({ highStakes: e.target.checked || undefined })} /> High stakes only
        </label>
      </form>
      {cases.isPending && <Loading what="cases" />}
      {cases.isError && <ErrorView error={cases.error} title="Cases could not be loaded" />}
      {cases.data && rows.length === 0 && <Empty>No case matches{page > 1 ? ' on this page' : ''}.</Empty>}
      {rows.length > 0 && (
        <ul className="case-list" aria-label={`Cases, page ${page}`}>
          {rows.map((c) => (
            <li key={c.id} className="card">
              <p className="case-head">
                <Link to={paths.case.href(c.id)}>{c.summary}</Link>
              </p>
              <p className="muted">
                <span className={`status status-${c.status}`}>{label(c.status)}</span> {c.source} · {c.subjectIds.length} player{c.subjectIds.length === 1 ? '' : 's'} · {c._count.signals} signal
                {c._count.signals === 1 ? '' : 's'} · {c._count.reports} report{c._count.reports === 1 ? '' : 's'} · opened {day(c.createdAt)}
                {c.highStakes && <span className="tag">high stakes</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className="pager">
        <button type="button" className="secondary" disabled={q.offset === 0} onClick={() => setQ({ ...q, offset: Math.max(0, q.offset - PAGE) })}>
          Previous page
        </button>
        <span className="muted" aria-live="polite">
          Page {page}
        </span>
        <button type="button" className="secondary" disabled={rows.length < PAGE} onClick={() => setQ({ ...q, offset: q.offset + PAGE })}>
          Next page
        </button>
      </div>
    </RoleGate>
  );
}
