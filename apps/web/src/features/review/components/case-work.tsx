import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { day } from './review-format';
import { useId, useState, type FormEvent } from 'react';
import { useCaseWork } from '../api/review-queries';
import { useMe } from '../../../auth/use-me';
import type { CaseDetailDto } from '../../../api/types';
import { ErrorView } from '../../../components/status';
import './case-work.css';

const when = day;

/** Who holds a case: "you", another reviewer (by id: the case names no reviewer), or nobody; "Assign to me" takes it. */
export function CaseAssignment({ k }: { k: CaseDetailDto }) {
  const me = useMe();
  const { assign } = useCaseWork(k.id);
  const mine = !!me.data && k.assignedToId === me.data.id;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="assign-h" className="case-assign">
      <h2 id="assign-h">{t('caseWork.assignment')}</h2>
      <p data-testid="assigned">{k.assignedToId === null ? t('caseWork.nobody') : mine ? t('caseWork.you') : t('caseWork.other', { id: k.assignedToId.slice(0, 8) })}</p>
      {!mine && me.data && (
        <button type="button" className="secondary" disabled={assign.isPending} onClick={() => assign.mutate(me.data.id)}>
          {t('caseWork.assignMe')}
        </button>
      )}
      {assign.isError && <ErrorView error={assign.error} title={t('caseWork.notAssigned')} />}
    </section>
  );
}

/** The case's notes, oldest first, and a form to add one. */
export function CaseNotes({ k }: { k: CaseDetailDto }) {
  const me = useMe();
  const { note } = useCaseWork(k.id);
  const id = useId();
  const [body, setBody] = useState('');
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <section aria-labelledby="notes-h">
      <h2 id="notes-h">{t('caseWork.notes')}</h2>
      {k.notes.length === 0 ? (
        <p className="empty">{t('caseWork.noNotes')}</p>
      ) : (
        <ol className="notes">
          {k.notes.map((n) => (
            <li key={n.id} className="card">
              <p className="note-body">{n.body}</p>
              <p className="muted">
                {n.authorId === me.data?.id ? t('houseTable.you') : t('caseWork.reviewer', { id: n.authorId.slice(0, 8) })} · {when(n.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-note`}>{t('caseWork.addANote')}</label>
        <textarea id={`${id}-note`} rows={3} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
        {note.isError && <ErrorView error={note.error} title={t('caseWork.noteFailed')} />}
        <button type="submit" disabled={note.isPending}>
          {t('caseWork.addNote')}
        </button>
      </form>
    </section>
  );
}

/** The case's evidence (video requests and attachments), and a form to request a video or attach a file's reference. */
export function CaseEvidence({ k }: { k: CaseDetailDto }) {
  const { evidence } = useCaseWork(k.id);
  const id = useId();
  const [kind, setKind] = useState<'video_request' | 'attachment'>('video_request');
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState('');
  const [gameId, setGameId] = useState('');
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    evidence.mutate(
      { kind, description: description.trim(), ...(gameId ? { gameId } : {}), ...(kind === 'attachment' ? { reference: reference.trim() } : {}) },
      {
        onSuccess: () => {
          setDescription('');
          setReference('');
        },
      },
    );
  };
  const gameName = (g: string | null) => {
    const game = k.games.find((x) => x.id === g);
    return game ? `${game.city ?? t('caseWork.game')} ${game.challengeDate ?? ''}${game.round ? `, ${t('review.round', { round: game.round })}` : ''}` : null;
  };
  return (
    <section aria-labelledby="evidence-h">
      <h2 id="evidence-h">{t('caseWork.evidence')}</h2>
      {k.evidence.length === 0 ? (
        <p className="empty">
          {t('caseWork.noEvidence')}
          {k.videoReview ? ` ${t('caseWork.needsVideo')}` : ''}
        </p>
      ) : (
        <ul className="case-list evidence">
          {k.evidence.map((ev) => (
            <li key={ev.id} className="card">
              <p className="case-head">
                <strong>{tOr(`caseWork.kind.${ev.kind}`, ev.kind)}</strong> <span className="muted">· {when(ev.createdAt)}</span>
                {ev.gameId && <span className="muted"> · {gameName(ev.gameId) ?? t('caseWork.aGame')}</span>}
              </p>
              <p>{ev.description}</p>
              {ev.reference && (
                <p className="muted">
                  {t('caseWork.file')} <code>{ev.reference}</code>
                  {ev.sha256 && <> · sha256 {ev.sha256.slice(0, 12)}…</>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label={t('caseWork.addEvidence')}>
        <label htmlFor={`${id}-kind`}>{t('caseWork.evidence')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="video_request">{t('caseWork.requestAVideo')}</option>
          <option value="attachment">{t('caseWork.attachAFile')}</option>
        </select>
        {k.games.length > 0 && (
          <>
            <label htmlFor={`${id}-game`}>{t('review.game')}</label>
            <select id={`${id}-game`} value={gameId} onChange={(e) => setGameId(e.target.value)}>
              <option value="">{t('caseWork.none')}</option>
              {k.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {gameName(g.id)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-desc`}>{t('caseWork.description')}</label>
        <textarea id={`${id}-desc`} rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        {kind === 'attachment' && (
          <>
            <label htmlFor={`${id}-ref`}>{t('caseWork.reference')}</label>
            <input id={`${id}-ref`} value={reference} maxLength={1000} onChange={(e) => setReference(e.target.value)} />
          </>
        )}
        {evidence.isError && <ErrorView error={evidence.error} title={t('caseWork.evidenceFailed')} />}
        <button type="submit" disabled={evidence.isPending}>
          {kind === 'video_request' ? t('caseWork.requestVideo') : t('caseWork.attach')}
        </button>
      </form>
    </section>
  );
}
