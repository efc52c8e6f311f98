import { useState, type FormEvent } from 'react';
import { useFileAppeal, useMyConduct, useMyPenalties } from '../api/me-queries';
import type { DecisionDto } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { SignInFirst } from '../components/sign-in-first';

function AppealForm({ penalty }: { penalty: DecisionDto }) {
  const appeal = useFileAppeal();
  const [statement, setStatement] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    appeal.mutate({ decisionId: penalty.id, statement });
  };
  const id = `appeal-${penalty.id}`;
  return (
    <form className="form" onSubmit={submit}>
      <label htmlFor={id}>Your appeal (at least 10 characters)</label>
      <textarea id={id} value={statement} minLength={10} maxLength={5000} rows={4} onChange={(e) => setStatement(e.target.value)} />
      <p className="muted">Open until {formatDateTime(penalty.appealOpenUntil)}; one appeal per penalty.</p>
      <button type="submit" disabled={appeal.isPending}>
        File appeal
      </button>
      {appeal.isError && <ErrorView error={appeal.error} title="The appeal was not filed" />}
    </form>
  );
}

/** My record: penalties (with their appeals, and an appeal form while the window is open), prize forfeitures and conduct. */
export function MyRecordPage() {
  const { token } = useAuth();
  const penalties = useMyPenalties();
  const conduct = useMyConduct();
  if (!token) return <SignInFirst what="your record" />;
  return (
    <>
      <h1>My record</h1>
      <section aria-labelledby="pen-h">
        <h2 id="pen-h">Penalties and appeals</h2>
        {penalties.isPending && <Loading what="your penalties" />}
        {penalties.isError && <ErrorView error={penalties.error} title="Your penalties could not be loaded" />}
        {penalties.data &&
          (penalties.data.penalties.length === 0 ? (
            <Empty>No penalties. Keep it that way.</Empty>
          ) : (
            <ul className="list">
              {penalties.data.penalties.map((p) => (
                <li key={p.id} className="card">
                  <h3>{p.penalty}</h3>
                  <p>
                    {p.finding} · {p.status} · decided {formatDateTime(p.decidedAt)}
                  </p>
                  <p>{p.reason}</p>
                  {p.appeal ? (
                    <p>
                      <strong>Appeal: {p.appeal.status}</strong>
                      {p.appeal.statement ? ` — “${p.appeal.statement}”` : ''}
                    </p>
                  ) : Date.parse(p.appealOpenUntil) > Date.now() ? (
                    <AppealForm penalty={p} />
                  ) : (
                    <p className="muted">The appeal window closed {formatDateTime(p.appealOpenUntil)}.</p>
                  )}
                </li>
              ))}
            </ul>
          ))}
        {penalties.data && penalties.data.prizeForfeitures.length > 0 && (
          <>
            <h3>Prizes forfeited</h3>
            <ul>
              {penalties.data.prizeForfeitures.map((f) => (
                <li key={f.id}>
                  ${(f.amountCents / 100).toLocaleString('en-US')} — {f.reason}
                  {f.restoredAt ? ` (restored ${formatDateTime(f.restoredAt)})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="conduct-h">
        <h2 id="conduct-h">Conduct</h2>
        {conduct.isPending && <Loading what="your conduct record" />}
        {conduct.isError && <ErrorView error={conduct.error} title="Your conduct record could not be loaded" />}
        {conduct.data && (
          <>
            {conduct.data.chatRestriction && (
              <p className="notice">
                Table chat is restricted {conduct.data.chatRestriction.permanent ? 'permanently' : `until ${formatDateTime(conduct.data.chatRestriction.until ?? '')}`}.
              </p>
            )}
            {conduct.data.violations.length === 0 ? (
              <Empty>No conduct violations.</Empty>
            ) : (
              <ul className="list">
                {conduct.data.violations.map((v) => (
                  <li key={v.id} className="card">
                    <h3>{v.kind.replace(/_/g, ' ')}</h3>
                    <p>
                      {v.reason} · {formatDateTime(v.createdAt)}
                    </p>
                    {v.sanctions.length > 0 && <p className="muted">Sanctions: {v.sanctions.map((s) => `${s.kind.replace(/_/g, ' ')}${s.revokedAt ? ' (revoked)' : ''}`).join(', ')}</p>}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </>
  );
}
