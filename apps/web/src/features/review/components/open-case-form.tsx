import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePlayerGames, usePlayerSearch, useOpenCase } from '../api/review-queries';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import { day } from './review-format';
import './open-case-form.css';

/** The case an answer CASE_ALREADY_OPEN names (details.caseId), to work on instead. */
const openCaseOf = (e: unknown): string | null => {
  if (!(e instanceof ApiError) || e.code !== 'CASE_ALREADY_OPEN') return null;
  const id = (e.details as { caseId?: unknown } | undefined)?.caseId;
  return typeof id === 'string' ? id : null;
};

/**
 * A reviewer opens a case by hand (POST /integrity/cases): a player found by name, games chosen from
 * that player's latest, and the reason (line breaks kept). The API decides the rest: a reviewer who is
 * the player, played one of the games or shares a device with them is refused (NOT_INDEPENDENT), and a
 * player with an open case already is pointed to it.
 */
export function OpenCaseForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const [player, setPlayer] = useState<{ id: string; displayName: string } | null>(null);
  const [games, setGames] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const found = usePlayerSearch(player ? '' : q);
  const recent = usePlayerGames(player?.id ?? null);
  const open = useOpenCase();
  const existing = openCaseOf(open.error);

  const toggle = (gameId: string) =>
    setGames((s) => {
      const n = new Set(s);
      if (n.has(gameId)) n.delete(gameId);
      else n.add(gameId);
      return n;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!player) return;
    open.mutate({ subjectIds: [player.id], gameIds: [...games], summary: reason.trim() }, { onSuccess: (c) => void navigate(paths.case.href(c.id)) });
  };

  return (
    <form className="form card open-case" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('openCase.title')}</h2>
      <p className="muted">{t('openCase.lead')}</p>
      {!player ? (
        <>
          <label htmlFor={`${id}-who`}>{t('openCase.player')}</label>
          <input id={`${id}-who`} type="search" value={text} maxLength={60} autoComplete="off" placeholder={t('openCase.playerHint')} onChange={(e) => setText(e.target.value)} />
          {q.length >= 2 && found.isError && <ErrorView error={found.error} title={t('openCase.searchFailed')} />}
          {q.length >= 2 && found.data && found.data.length === 0 && <Empty>{t('openCase.noPlayer', { q })}</Empty>}
          {q.length >= 2 && found.data && found.data.length > 0 && (
            <ul className="pick" aria-label={t('openCase.matches')}>
              {found.data.map((p) => (
                <li key={p.id}>
                  <button type="button" className="secondary" onClick={() => setPlayer(p)}>
                    {p.displayName}
                    {/* two accounts of one name: their ids tell them apart */}
                    {found.data.filter((o) => o.displayName === p.displayName).length > 1 && <span className="muted"> · #{p.id.slice(0, 8)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <p className="chosen">
            {t('openCase.about', { name: player.displayName })}{' '}
            <button type="button" className="link-button" onClick={() => {
                setPlayer(null);
                setGames(new Set());
              }}>
              {t('openCase.change')}
            </button>
          </p>
          <fieldset className="games">
            <legend>{t('openCase.games', { name: player.displayName })}</legend>
            {recent.isPending && <Loading what={t('openCase.theGames')} />}
            {recent.isError && <ErrorView error={recent.error} title={t('openCase.gamesFailed')} />}
            {recent.data && recent.data.length === 0 && <Empty>{t('openCase.noGames')}</Empty>}
            {recent.data?.map((g) => (
              <label key={g.id} className="check">
                <input type="checkbox" checked={games.has(g.id)} onChange={() => toggle(g.id)} />
                <span>
                  {t('openCase.gameLine', { city: g.city, date: day(g.startedAt), round: g.round, table: g.table })}
                  <span className="muted"> · {g.opponents.length ? t('openCase.against', { names: g.opponents.join(', ') }) : ''}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      <label htmlFor={`${id}-why`}>{t('openCase.reason')}</label>
      <textarea id={`${id}-why`} rows={4} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('openCase.reasonHint')} />
      {open.isError && <ErrorView error={open.error} title={t('openCase.notOpened')} />}
      {existing && (
        <p>
          <Link to={paths.case.href(existing)}>{t('openCase.toExisting')}</Link>
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={!player || open.isPending}>
          {t('openCase.submit')}
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          {t('cform.close')}
        </button>
      </div>
    </form>
  );
}
