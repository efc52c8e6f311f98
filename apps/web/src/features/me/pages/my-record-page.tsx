import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { formatMoney } from '../../../utils/format';
import { useFileAppeal, useMyConduct, useMyPenalties } from '../api/me-queries';
import type { DecisionDto } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { SignInFirst } from '../components/sign-in-first';

function AppealForm({ penalty }: { penalty: DecisionDto }) {
  const appeal = useFileAppeal();
  const [statement, setStatement] = useState('');
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    appeal.mutate({ decisionId: penalty.id, statement });
  };
  const id = `appeal-${penalty.id}`;
  return (
    <form className="form" onSubmit={submit}>
      <label htmlFor={id}>{t('record.appealLabel')}</label>
      <textarea id={id} value={statement} minLength={10} maxLength={5000} rows={4} onChange={(e) => setStatement(e.target.value)} />
      <p className="muted">{t('record.openUntil', { when: formatDateTime(penalty.appealOpenUntil) })}</p>
      <button type="submit" disabled={appeal.isPending}>
        {t('record.file')}
      </button>
      {appeal.isError && <ErrorView error={appeal.error} title={t('record.notFiled')} />}
    </form>
  );
}

/** My record: penalties (with their appeals, and an appeal form while the window is open), prize forfeitures and conduct. */
export function MyRecordPage() {
  const { token } = useAuth();
  const penalties = useMyPenalties();
  const conduct = useMyConduct();
  const { t } = useTranslation();
  if (!token) return <SignInFirst what={t('record.yourRecord')} />;
  return (
    <>
      <h1>{t('record.title')}</h1>
      <section aria-labelledby="pen-h">
        <h2 id="pen-h">{t('record.penalties')}</h2>
        {penalties.isPending && <Loading what={t('record.yourPenalties')} />}
        {penalties.isError && <ErrorView error={penalties.error} title={t('record.penaltiesFailed')} />}
        {penalties.data &&
          (penalties.data.penalties.length === 0 ? (
            <Empty>{t('record.noPenalties')}</Empty>
          ) : (
            <ul className="list">
              {penalties.data.penalties.map((p) => (
                <li key={p.id} className="card">
                  <h3>{tOr(`integrity.step.${p.step}`, p.penalty)}</h3>
                  <p>
                    {tOr(`integrity.finding.${p.finding}`, p.finding)} · {tOr(`integrity.penaltyStatus.${p.status}`, p.status)} · {t('record.decided', { when: formatDateTime(p.decidedAt) })}
                  </p>
                  <p>{p.reason}</p>
                  {p.appeal ? (
                    <p>
                      <strong>{t('record.appeal', { status: tOr(`integrity.appealStatus.${p.appeal.status}`, p.appeal.status) })}</strong>
                      {p.appeal.statement ? ` — “${p.appeal.statement}”` : ''}
                    </p>
                  ) : Date.parse(p.appealOpenUntil) > Date.now() ? (
                    <AppealForm penalty={p} />
                  ) : (
                    <p className="muted">{t('record.windowClosed', { when: formatDateTime(p.appealOpenUntil) })}</p>
                  )}
                </li>
              ))}
            </ul>
          ))}
        {penalties.data && penalties.data.prizeForfeitures.length > 0 && (
          <>
            <h3>{t('record.prizesForfeited')}</h3>
            <ul>
              {penalties.data.prizeForfeitures.map((f) => (
                <li key={f.id}>
                  {formatMoney(f.amountCents)} — {f.reason}
                  {f.restoredAt ? ` ${t('record.restored', { when: formatDateTime(f.restoredAt) })}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="conduct-h">
        <h2 id="conduct-h">{t('record.conduct')}</h2>
        {conduct.isPending && <Loading what={t('record.yourConduct')} />}
        {conduct.isError && <ErrorView error={conduct.error} title={t('record.conductFailed')} />}
        {conduct.data && (
          <>
            {conduct.data.chatRestriction && (
              <p className="notice">
                {conduct.data.chatRestriction.permanent ? t('record.chatForever') : t('record.chatUntil', { when: formatDateTime(conduct.data.chatRestriction.until ?? '') })}
              </p>
            )}
            {conduct.data.violations.length === 0 ? (
              <Empty>{t('record.noViolations')}</Empty>
            ) : (
              <ul className="list">
                {conduct.data.violations.map((v) => (
                  <li key={v.id} className="card">
                    <h3>{tOr(`record.violation.${v.kind}`, v.kind.replace(/_/g, ' '))}</h3>
                    <p>
                      {v.reason} · {formatDateTime(v.createdAt)}
                    </p>
                    {v.sanctions.length > 0 && (
                      <p className="muted">
                        {t('record.sanctions', {
                          list: v.sanctions.map((s) => `${tOr(`record.sanction.${s.kind}`, s.kind.replace(/_/g, ' '))}${s.revokedAt ? ` ${t('record.revoked')}` : ''}`).join(', '),
                        })}
                      </p>
                    )}
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
