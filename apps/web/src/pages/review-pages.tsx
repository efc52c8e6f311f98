import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useAppeals, useBoardDecisions, useCase, useCases, type AppealOutcome, type AppealsQuery, type CasesQuery, type Finding, type ReducedTo } from '../api/queries';
import type { AppealListItemDto, CaseDetailDto } from '../api/types';
import { label } from '../components/bracket';
import { CaseAssignment, CaseEvidence, CaseNotes } from '../components/case-work';
import { Facts, useOutcome } from '../components/facts';
import { ReasonDialog } from '../components/reason-dialog';
import { RoleGate } from '../components/role-gate';
import { Empty, ErrorView, Loading } from '../components/status';

const PAGE = 20;
const SIGNALS = ['hidden-information', 'engine-agreement', 'outcome', 'timing', 'collusion-feeding', 'collusion-false-knock', 'co-seating', 'linked-accounts', 'reports'];
const FINDINGS: { value: Finding; text: string }[] = [
  { value: 'no_violation', text: 'No violation (closes it for this player)' },
  { value: 'minor', text: 'Minor (the ladder: 1 week, 1 month + rank reset, season ban)' },
  { value: 'major', text: 'Major (season ban and prizes forfeited)' },
  { value: 'confirmed_cheating', text: 'Confirmed cheating (permanent ban)' },
];
const day = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The case queue: filters (status, source, signal kind, high stakes) and pages of 20, newest first. */
export function CasesPage() {
  const [q, setQ] = useState<CasesQuery>({ status: 'open', limit: PAGE, offset: 0 });
  const cases = useCases(q);
  const set = (patch: Partial<CasesQuery>) => setQ((old) => ({ ...old, ...patch, offset: 0 }));
  const rows = cases.data ?? [];
  const page = q.offset / PAGE + 1;
  return (
    <RoleGate roles={['reviewer']} what="the review board">
      <h1>Review board: cases</h1>
      <p className="lead">
        <Link to="/review/appeals">Appeals queue</Link> · <Link to="/director/audit">Audit log</Link>
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
                <Link to={`/review/cases/${c.id}`}>{c.summary}</Link>
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

const json = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length ? Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${typeof x === 'number' ? Number(x.toFixed(3)) : String(x)}`).join(', ') : '—');

/** One case: subjects, signals with thresholds, games (with replays), reports, notes, decisions; deciding a player. */
export function CasePage() {
  const { caseId = '' } = useParams();
  return (
    <RoleGate roles={['reviewer']} what="the review board">
      <CaseView caseId={caseId} />
    </RoleGate>
  );
}

function CaseView({ caseId }: { caseId: string }) {
  const c = useCase(caseId);
  const { decideCase } = useBoardDecisions();
  const [deciding, setDeciding] = useState<{ id: string; name: string } | null>(null);
  const [finding, setFinding] = useState<Finding>('minor');
  const [outcomeNotice, setOutcome] = useOutcome();
  if (c.isPending) return <Loading what="the case" />;
  if (c.isError) {
    // SPEC 7: a reviewer not independent of the case (its subject, its reporter, a player of its games) is refused it.
    const refused = c.error instanceof ApiError && c.error.code === 'NOT_INDEPENDENT';
    return (
      <>
        <ErrorView error={c.error} title={refused ? 'This case is not yours to review' : 'This case could not be loaded'} page />
        <p>
          <Link to="/review">← Back to the cases</Link>
          {refused && (
            <>
              {' '}
              · a penalty of yours is on <Link to="/me/record">your record</Link>
            </>
          )}
        </p>
      </>
    );
  }
  const k: CaseDetailDto = c.data;
  const name = (id: string | null) => k.subjects.find((s) => s.id === id)?.displayName ?? id ?? '—';
  return (
    <>
      <p className="crumbs">
        <Link to="/review">← Cases</Link>
      </p>
      <h1>Case: {k.summary}</h1>
      <Facts
        items={[
          ['Status', label(k.status)],
          ['Source', k.source],
          ['Opened', day(k.createdAt)],
          ['Video review', k.videoReview ? 'required' : 'no'],
        ]}
      />
      {outcomeNotice}
      <CaseAssignment k={k} />

      <section aria-labelledby="subjects-h">
        <h2 id="subjects-h">Players</h2>
        <ul className="case-list">
          {k.subjects.map((s) => {
            const decided = k.decisions.filter((d) => d.userId === s.id);
            return (
              <li key={s.id} className="card">
                <p className="case-head">
                  <strong>{s.displayName}</strong> <span className="muted">· account {s.status}</span>
                </p>
                {decided.map((d) => (
                  <p key={d.id}>
                    Decided: {d.finding.replace(/_/g, ' ')} → {d.step.replace(/_/g, ' ')} ({d.status.replace(/_/g, ' ')}){d.appeal ? ` · appeal ${d.appeal.status}` : ''}. {d.reason}
                  </p>
                ))}
                {decided.length === 0 && (
                  <button type="button" onClick={() => setDeciding({ id: s.id, name: s.displayName })}>
                    Decide<span className="sr-only"> on {s.displayName}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="signals-h">
        <h2 id="signals-h">Signals</h2>
        {k.signals.length === 0 ? (
          <Empty>No detection signal (opened by hand or from reports).</Empty>
        ) : (
          <div className="table-scroll" tabIndex={0} role="group" aria-label="Signals table">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Value</th>
                  <th scope="col">Threshold</th>
                  <th scope="col">Baseline</th>
                  <th scope="col">Games</th>
                </tr>
              </thead>
              <tbody>
                {k.signals.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.kind}</th>
                    <td className={s.value >= s.threshold ? 'over' : undefined}>{Number(s.value.toFixed(3))}</td>
                    <td>{Number(s.threshold.toFixed(3))}</td>
                    <td>{json(s.baseline)}</td>
                    <td>{s.gameIds.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="games-h">
        <h2 id="games-h">Games</h2>
        {k.games.length === 0 ? (
          <Empty>No game attached.</Empty>
        ) : (
          <ul className="case-list">
            {k.games.map((g) => (
              <li key={g.id}>
                {g.city ? `${g.city} ${g.challengeDate ?? ''}` : 'Game'}
                {g.round ? `, round ${g.round}` : ''} · {g.status}
                {g.highStakes && <span className="tag">high stakes</span>}{' '}
                {g.status === 'finished' ? <Link to={`/review/games/${g.id}`}>Replay</Link> : <span className="muted">(replay once it ends)</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {k.reports.length > 0 && (
        <section aria-labelledby="reports-h">
          <h2 id="reports-h">Reports</h2>
          <ul>
            {k.reports.map((r) => (
              <li key={r.id}>
                {r.category} (×{r.count}): {r.description}
              </li>
            ))}
          </ul>
        </section>
      )}

      <CaseEvidence k={k} />
      <CaseNotes k={k} />

      {k.linkedAccounts.length > 0 && (
        <section aria-labelledby="linked-h">
          <h2 id="linked-h">Linked accounts</h2>
          <ul>
            {k.linkedAccounts.map((l) => (
              <li key={`${l.userId}-${l.linkedUserId}`}>
                {name(l.userId)} ↔ {l.displayName} via {l.via.join(' and ')} ({l.sharedSessions} sessions)
              </li>
            ))}
          </ul>
        </section>
      )}

      {deciding && (
        <ReasonDialog
          title={`Decide on ${deciding.name}`}
          description="The penalty follows from the finding and the player's history (the ladder); it applies at once."
          confirm="Record the decision"
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const d = await decideCase.mutateAsync({ caseId, userId: deciding.id, finding, reason });
            setOutcome(`${deciding.name}: ${finding.replace(/_/g, ' ')} → ${d.step.replace(/_/g, ' ')}.`);
          }}
        >
          <fieldset>
            <legend>Finding</legend>
            {FINDINGS.map((f) => (
              <label key={f.value} className="check">
                <input type="radio" name="finding" value={f.value} checked={finding === f.value} onChange={() => setFinding(f.value)} /> {f.text}
              </label>
            ))}
          </fieldset>
        </ReasonDialog>
      )}
    </>
  );
}

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
        <Link to="/review">Cases</Link> · due dates count business days; overdue appeals come first.
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
                  Against: {a.decision.finding.replace(/_/g, ' ')} → {a.decision.currentStep.replace(/_/g, ' ')} · <Link to={`/review/cases/${a.decision.caseId}`}>the case</Link>
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
