import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useBoardDecisions, useCase, type Finding } from '../api/review-queries';
import type { CaseDetailDto } from '../../../api/types';
import { label } from '../../challenges/components/bracket';
import { CaseAssignment, CaseEvidence, CaseNotes } from '../components/case-work';
import { Facts, useOutcome } from '../../../components/facts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { paths } from '../../../config/paths';
import './case-page.css';

const FINDINGS: { value: Finding; text: string }[] = [
  { value: 'no_violation', text: 'No violation (closes it for this player)' },
  { value: 'minor', text: 'Minor (the ladder: 1 week, 1 month + rank reset, season ban)' },
  { value: 'major', text: 'Major (season ban and prizes forfeited)' },
  { value: 'confirmed_cheating', text: 'Confirmed cheating (permanent ban)' },
];
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
          <Link to={paths.cases.href()}>← Back to the cases</Link>
          {refused && (
            <>
              {' '}
              · a penalty of yours is on <Link to={paths.myRecord.href()}>your record</Link>
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
        <Link to={paths.cases.href()}>← Cases</Link>
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
                {g.status === 'finished' ? <Link to={paths.replay.href(g.id)}>Replay</Link> : <span className="muted">(replay once it ends)</span>}
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
