import { useState } from 'react';
import { Link } from 'react-router';
import { useAppeals, useBoardDecisions, type AppealOutcome, type AppealsQuery, type ReducedTo } from '../api/review-queries';
import type { AppealListItemDto } from '../../../api/types';
import { useOutcome } from '../../../components/facts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { paths } from '../../../config/paths';
import './appeals-page.css';

const isOverdue = (a: AppealListItemDto) => a.status === 'pending' && (a.overdueAt !== null || Date.parse(a.dueAt) < Date.now());

/** Appeals by due date, overdue ones marked; an independent reviewer decides (the API refuses anyone else: NOT_INDEPENDENT). */
export function AppealsPage() {
  const [q, setQ] = useState<AppealsQuery>({ status: 'pending' });
  const appeals = useAppeals(q);
  const { decideAppeal } = useBoardDecisions();
  const [deciding, setDeciding] = useState<AppealListItemDto | null>(null);
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [reducedTo, setReducedTo] = useState<ReducedTo>('minor_1');
  const [doneNotice, setDone] = useOutcome();
  const rows = appeals.data ?? [];
  return (
    <RoleGate roles={['reviewer']} what="the review board">
      <h1>Review board: appeals</h1>
      <p className="lead">
        <Link to={paths.cases.href()}>Cases</Link> · due dates count business days; overdue appeals come first.
      </p>
      <form className="filters" aria-label="Appeal filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={q.status ?? ''} onChange={(e) => setQ({ ...q, status: (e.target.value || undefined) as AppealsQuery['status'] })}>
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="upheld">Upheld</option>
            <option value="reduced">Reduced</option>
            <option value="overturned">Overturned</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={!!q.overdue} onChange={(e) => setQ({ ...q, overdue: e.target.checked || undefined })} /> Overdue only
        </label>
      </form>
      {doneNotice}
      {appeals.isPending && <Loading what="appeals" />}
      {appeals.isError && <ErrorView error={appeals.error} title="Appeals could not be loaded" />}
      {appeals.data && rows.length === 0 && <Empty>No appeal matches.</Empty>}
      {rows.length > 0 && (
        <ol className="case-list" aria-label="Appeals by due date">
          {rows.map((a) => (
            <li key={a.id} className={`card${isOverdue(a) ? ' overdue' : ''}`}>
              <p className="case-head">
                {isOverdue(a) && <span className="tag tag-bad">overdue</span>} Due {day(a.dueAt)} <span className={`status status-${a.status}`}>{a.status}</span>
              </p>
              {a.decision && (
                <p>
                  Against: {a.decision.finding.replace(/_/g, ' ')} → {a.decision.currentStep.replace(/_/g, ' ')} · <Link to={paths.case.href(a.decision.caseId)}>the case</Link>
                </p>
              )}
              <blockquote>{a.statement}</blockquote>
              {a.status === 'pending' && (
                <button type="button" onClick={() => setDeciding(a)}>
                  Decide the appeal<span className="sr-only"> due {day(a.dueAt)}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {deciding && (
        <ReasonDialog
          title="Decide the appeal"
          description="Only a reviewer independent of the case may decide it."
          confirm="Record the outcome"
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const a = await decideAppeal.mutateAsync({ appealId: deciding.id, outcome, reducedTo: outcome === 'reduced' ? reducedTo : undefined, reason });
            setDone(`Appeal ${a.status}.`);
          }}
        >
          <fieldset>
            <legend>Outcome</legend>
            {(['upheld', 'reduced', 'overturned'] as const).map((o) => (
              <label key={o} className="check">
                <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} /> {o === 'upheld' ? 'Upheld (the penalty stands)' : o === 'reduced' ? 'Reduced to a lower rung' : 'Overturned (every effect undone)'}
              </label>
            ))}
          </fieldset>
          {outcome === 'reduced' && (
            <label>
              Reduced to
              <select value={reducedTo} onChange={(e) => setReducedTo(e.target.value as ReducedTo)}>
                <option value="minor_1">Minor, 1st (1-week suspension)</option>
                <option value="minor_2">Minor, 2nd (1 month + rank reset)</option>
                <option value="major">Major (season ban)</option>
              </select>
            </label>
          )}
        </ReasonDialog>
      )}
    </RoleGate>
  );
}
