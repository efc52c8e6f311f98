import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context';
import { useMe } from '../../auth/use-me';
import { callKeys, useCallDirector, useDirectorCallEvents, useMyCalls, type CallReason, type DirectorCall } from './api';
import { CallDialog } from './call-dialog';
import { REASONS, reasonLabel, statusText } from './labels';
import './director-calls.css';

/**
 * "Call the director" at a live challenge table: a player seated there (any reason) or a member of staff
 * watching it (a visible problem) sends a reason and a message — a signed-in spectator who is neither is not
 * offered it (the API answers them NOT_SEATED: docs/rules.md); the answer of the director comes back
 * live (`director-call:updated`) and stays listed here. Nothing pauses: the clocks and the hard stop run on.
 */
export function CallTheDirector({ tableId, seat, running }: { tableId: string; seat: number | null; running: boolean }) {
  const { t } = useTranslation();
  const { token } = useAuth();
  const qc = useQueryClient();
  const mine = useMyCalls(tableId, token !== null);
  const send = useCallDirector(tableId);
  const [open, setOpen] = useState(false);
  const spectator = seat === null;
  const me = useMe();
  const staff = (me.data?.roles ?? []).some((r) => r === 'director' || r === 'reviewer' || r === 'admin');
  const reasons = REASONS.filter((r) => !spectator || r.spectator);
  const [reason, setReason] = useState<CallReason>(reasons[0].value);
  const [message, setMessage] = useState('');
  const onEvent = useCallback(
    (_e: 'new' | 'updated', c: DirectorCall) => {
      if (c.tableId === tableId) void qc.invalidateQueries({ queryKey: callKeys.mine(tableId) });
    },
    [qc, tableId],
  );
  useDirectorCallEvents(onEvent);
  if (!token || (spectator && !staff)) return null;
  const calls = mine.data ?? [];
  const waiting = calls.find((c) => c.status !== 'resolved');
  return (
    <section className="director-call" aria-label={t('call.title')}>
      {running && !waiting && (
        <button type="button" className="secondary small" onClick={() => setOpen(true)}>
          {t('call.title')}
        </button>
      )}
      {calls.length > 0 && (
        <ul className="director-call-list" aria-live="polite">
          {calls.slice(0, 3).map((c) => (
            <li key={c.id} className={`director-call-item director-call-${c.status}`} data-testid="my-director-call">
              <span className={`tag ${c.status === 'resolved' ? 'tag-ok' : 'tag-open'}`}>{statusText(c)}</span> <span className="subtle">{reasonLabel(c.reason)}</span>
              {c.resolutionNote && (
                <p className="director-call-answer">
                  <strong>{t('call.director')}</strong> {c.resolutionNote}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <CallDialog
          title={t('call.title')}
          confirm={t('call.send')}
          onClose={() => setOpen(false)}
          onSubmit={() => send.mutateAsync({ reason, message: message.trim() })}
        >
          {(id) => (
            <>
              <p className="muted">{t('call.goesOn')}</p>
              <label htmlFor={`${id}-reason`}>{t('call.problem')}</label>
              <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as CallReason)}>
                {reasons.map((r) => (
                  <option key={r.value} value={r.value}>
                    {reasonLabel(r.value)}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-message`}>{t('call.message')}</label>
              <textarea id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} required minLength={3} maxLength={500} rows={3} />
            </>
          )}
        </CallDialog>
      )}
    </section>
  );
}
