import { useTranslation } from 'react-i18next';
import { tOr } from '../../i18n/i18n';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useBracket } from '../challenges/api/challenge-queries';
import { ErrorView, Loading } from '../../components/status';
import { callKeys, useCallActs, useChallengeCalls, useDirectorCallEvents, type CallAct, type DirectorCall } from './api';
import { CallDialog } from './call-dialog';
import { actLabel, reasonLabel, waited } from './labels';
import { ChallengeHealth } from './challenge-health';
import './director-calls.css';

/**
 * The director console's calls and the challenge's live health (challenge-health.tsx): calls live (`director-call:new` / `:updated` to the director's user room), the
 * number waiting and each call's time waiting; acknowledge, then resolve with a note the caller sees and,
 * optionally, a void of the table's game or a disqualification (the same acts and audit entries as the
 * table's own buttons; a result is corrected from the table's "Correct result").
 */
export function DirectorCallsPanel({ challengeId }: { challengeId: string }) {
  const qc = useQueryClient();
  const calls = useChallengeCalls(challengeId);
  const acts = useCallActs(challengeId);
  const bracket = useBracket(challengeId);
  const [resolving, setResolving] = useState<DirectorCall | null>(null);
  const [note, setNote] = useState('');
  const [act, setAct] = useState<CallAct>('none');
  const [userId, setUserId] = useState('');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const onEvent = useCallback(
    (_e: 'new' | 'updated', c: DirectorCall) => {
      if (c.challengeId === challengeId) void qc.invalidateQueries({ queryKey: callKeys.challenge(challengeId) });
    },
    [qc, challengeId],
  );
  const connected = useDirectorCallEvents(onEvent);
  const seatsOf = (tableId: string) => bracket.data?.rounds.flatMap((r) => r.tables).find((x) => x.id === tableId)?.seats ?? [];
  const list = calls.data;
  const waiting = list?.calls.filter((c) => c.status !== 'resolved') ?? [];
  const answered = list?.calls.filter((c) => c.status === 'resolved').slice(0, 5) ?? [];
  const { t } = useTranslation();
  const since = (c: DirectorCall) => Math.max(0, Math.round((now - Date.parse(c.createdAt)) / 1000));

  return (
    <section aria-labelledby="calls-h" className="director-calls">
      <div className="section-head">
        <h2 id="calls-h">
          {t('calls.title')}{' '}
          <span className={`tag ${waiting.length ? 'tag-bad' : 'tag-ok'}`} data-testid="calls-waiting">
            {t('calls.waiting', { n: waiting.length })}
          </span>
        </h2>
        <span className={`live-dot${connected ? ' on' : ''}`}>{connected ? t('calls.live') : t('calls.connecting')}</span>
      </div>
      <ChallengeHealth challengeId={challengeId} />
      {calls.isPending && <Loading what={t('calls.theCalls')} />}
      {calls.isError && <ErrorView error={calls.error} title={t('calls.failed')} />}
      {list && waiting.length === 0 && <p className="muted">{t('calls.none')}</p>}
      {waiting.length > 0 && (
        <ul className="director-call-cards">
          {waiting.map((c) => (
            <li key={c.id} className="card director-call-card" data-testid="director-call">
              <p>
                <strong>
                  <Link to={`/tables/${c.tableId}`}>
                    {t('calls.where', { round: c.round, table: c.tableIndex + 1 })}
                  </Link>
                </strong>{' '}
                · {c.caller.displayName} ({tOr(`calls.role.${c.callerRole}`, c.callerRole)}) · <span className="tag tag-open">{reasonLabel(c.reason)}</span>
              </p>
              <p className="director-call-message">“{c.message}”</p>
              <p className="subtle small-text">
                {t('calls.waitingFor', { time: waited(since(c)) })}
                {c.acknowledgedBy && ` · ${t('calls.ackBy', { name: c.acknowledgedBy.displayName })}`}
                {c.gameVersion !== null && ` · ${t('calls.gameVersion', { v: c.gameVersion })}`}
              </p>
              <p className="director-call-buttons">
                {c.status === 'open' && (
                  <button type="button" className="small secondary" onClick={() => acts.acknowledge.mutate(c.id)} disabled={acts.acknowledge.isPending}>
                    {t('calls.ack')}
                    <span className="sr-only"> {t('calls.from', { name: c.caller.displayName })}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="small"
                  onClick={() => {
                    setNote('');
                    setAct('none');
                    setUserId('');
                    setResolving(c);
                  }}
                >
                  {t('calls.resolve')}
                  <span className="sr-only"> {t('calls.from', { name: c.caller.displayName })}</span>
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
      {answered.length > 0 && (
        <details>
          <summary>{t('calls.answered', { n: answered.length })}</summary>
          <ul>
            {answered.map((c) => (
              <li key={c.id} className="small-text">
                {t('calls.where', { round: c.round, table: c.tableIndex + 1 })} · {c.caller.displayName}: {reasonLabel(c.reason)} → {c.resolutionNote}
                {c.resolutionAct && c.resolutionAct !== 'none' && ` (${actLabel(c.resolutionAct).toLowerCase()})`}, {t('calls.after', { time: waited(c.waitingSeconds) })}
              </li>
            ))}
          </ul>
        </details>
      )}
      {resolving && (
        <CallDialog
          title={t('calls.answerTitle', { name: resolving.caller.displayName, table: resolving.tableIndex + 1 })}
          confirm={t('calls.resolve')}
          onClose={() => setResolving(null)}
          onSubmit={() => acts.resolve.mutateAsync({ id: resolving.id, note: note.trim(), act, ...(act === 'disqualify' ? { userId } : {}) })}
        >
          {(id) => (
            <>
              <p className="director-call-message">“{resolving.message}”</p>
              <label htmlFor={`${id}-act`}>{t('calls.actLabel')}</label>
              <select id={`${id}-act`} value={act} onChange={(e) => setAct(e.target.value as CallAct)}>
                {(['none', 'void', 'disqualify'] as const).map((a) => (
                  <option key={a} value={a}>
                    {actLabel(a)}
                  </option>
                ))}
              </select>
              {act === 'disqualify' && (
                <>
                  <label htmlFor={`${id}-player`}>{t('standings.player')}</label>
                  <select id={`${id}-player`} value={userId} onChange={(e) => setUserId(e.target.value)} required>
                    <option value="">{t('calls.choosePlayer')}</option>
                    {seatsOf(resolving.tableId).map((s) => (
                      <option key={s.userId} value={s.userId}>
                        {s.displayName}
                      </option>
                    ))}
                  </select>
                </>
              )}
              <label htmlFor={`${id}-note`}>{t('calls.answerLabel')}</label>
              <textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} maxLength={500} rows={3} />
            </>
          )}
        </CallDialog>
      )}
    </section>
  );
}
