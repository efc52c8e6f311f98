import { useId, useState, type FormEvent } from 'react';
import { useCaseWork } from '../api/review-queries';
import { useMe } from '../../../auth/use-me';
import type { CaseDetailDto } from '../../../api/types';
import { ErrorView } from '../../../components/status';
import './case-work.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const EVIDENCE_KIND: Record<string, string> = { video_request: 'Video request', attachment: 'Attachment' };

/** Who holds a case: "you", another reviewer (by id: the case names no reviewer), or nobody; "Assign to me" takes it. */
export function CaseAssignment({ k }: { k: CaseDetailDto }) {
  const me = useMe();
  const { assign } = useCaseWork(k.id);
  const mine = !!me.data && k.assignedToId === me.data.id;
  return (
    <section aria-labelledby="assign-h" className="case-assign">
      <h2 id="assign-h">Assignment</h2>
      <p data-testid="assigned">{k.assignedToId === null ? 'Nobody is assigned.' : mine ? 'Assigned to you.' : `Assigned to another reviewer (${k.assignedToId.slice(0, 8)}).`}</p>
      {!mine && me.data && (
        <button type="button" className="secondary" disabled={assign.isPending} onClick={() => assign.mutate(me.data.id)}>
          Assign to me
        </button>
      )}
      {assign.isError && <ErrorView error={assign.error} title="The case was not assigned" />}
    </section>
  );
}

/** The case's notes, oldest first, and a form to add one. */
export function CaseNotes({ k }: { k: CaseDetailDto }) {
  const me = useMe();
  const { note } = useCaseWork(k.id);
  const id = useId();
  const [body, setBody] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <section aria-labelledby="notes-h">
      <h2 id="notes-h">Notes</h2>
      {k.notes.length === 0 ? (
        <p className="empty">No notes yet.</p>
      ) : (
        <ol className="notes">
          {k.notes.map((n) => (
            <li key={n.id} className="card">
              <p className="note-body">{n.body}</p>
              <p className="muted">
                {n.authorId === me.data?.id ? 'You' : `Reviewer ${n.authorId.slice(0, 8)}`} · {when(n.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-note`}>Add a note</label>
        <textarea id={`${id}-note`} rows={3} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
        {note.isError && <ErrorView error={note.error} title="The note was not added" />}
        <button type="submit" disabled={note.isPending}>
          Add note
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
    return game ? `${game.city ?? 'game'} ${game.challengeDate ?? ''}${game.round ? `, round ${game.round}` : ''}` : null;
  };
  return (
    <section aria-labelledby="evidence-h">
      <h2 id="evidence-h">Evidence</h2>
      {k.evidence.length === 0 ? (
        <p className="empty">No evidence yet.{k.videoReview ? ' This case needs a video review: request the footage.' : ''}</p>
      ) : (
        <ul className="case-list evidence">
          {k.evidence.map((ev) => (
            <li key={ev.id} className="card">
              <p className="case-head">
                <strong>{EVIDENCE_KIND[ev.kind] ?? ev.kind}</strong> <span className="muted">· {when(ev.createdAt)}</span>
                {ev.gameId && <span className="muted"> · {gameName(ev.gameId) ?? 'a game'}</span>}
              </p>
              <p>{ev.description}</p>
              {ev.reference && (
                <p className="muted">
                  File: <code>{ev.reference}</code>
                  {ev.sha256 && <> · sha256 {ev.sha256.slice(0, 12)}…</>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label="Add evidence">
        <label htmlFor={`${id}-kind`}>Evidence</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="video_request">Request a video</option>
          <option value="attachment">Attach a file (its storage key or URL)</option>
        </select>
        {k.games.length > 0 && (
          <>
            <label htmlFor={`${id}-game`}>Game</label>
            <select id={`${id}-game`} value={gameId} onChange={(e) => setGameId(e.target.value)}>
              <option value="">none</option>
              {k.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {gameName(g.id)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-desc`}>Description</label>
        <textarea id={`${id}-desc`} rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        {kind === 'attachment' && (
          <>
            <label htmlFor={`${id}-ref`}>File reference</label>
            <input id={`${id}-ref`} value={reference} maxLength={1000} onChange={(e) => setReference(e.target.value)} />
          </>
        )}
        {evidence.isError && <ErrorView error={evidence.error} title="The evidence was not added" />}
        <button type="submit" disabled={evidence.isPending}>
          {kind === 'video_request' ? 'Request video' : 'Attach'}
        </button>
      </form>
    </section>
  );
}
