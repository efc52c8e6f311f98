import { useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBracket, useChallenge } from '../api/challenge-queries';
import { useMe } from '../../../auth/use-me';
import { Bracket, label, tableDomId } from '../components/bracket';
import { AddToCalendar } from '../components/add-to-calendar';
import { DownloadLinks } from '../../../components/download-links';
import { RegistrationPanel } from '../components/registration-panel';
import { MyNextStep } from '../components/my-next-step';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { useChallengeLive } from '../live/use-challenge-live';
import { formatDateTime, formatMoney } from '../../../utils/format';
import './challenge-page.css';

/** A challenge: its facts, and the live bracket with zoom, "jump to a player" and "my path". */
export function ChallengePage() {
  const { t } = useTranslation();
  const { challengeId = '' } = useParams();
  const challenge = useChallenge(challengeId);
  const bracket = useBracket(challengeId, { pollWhileRunning: true });
  const me = useMe();
  const [zoom, setZoom] = useState(100);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState<string | null>(null);
  const [searchNote, setSearchNote] = useState('');
  const [suggest, setSuggest] = useState(false);

  const players = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of bracket.data?.rounds ?? []) {
      for (const t of r.tables) for (const s of t.seats) m.set(s.userId, s.displayName);
      for (const b of r.byes) m.set(b.userId, b.displayName);
    }
    return m;
  }, [bracket.data]);
  const live = useChallengeLive(challengeId, (id) => players.get(id) ?? t('challenge.aPlayer'));

  /** The player's latest table (their furthest round), scrolled to and focused. */
  const jumpTo = (userId: string) => {
    const rounds = bracket.data?.rounds ?? [];
    for (let i = rounds.length - 1; i >= 0; i--) {
      const found = rounds[i].tables.find((x) => x.seats.some((s) => s.userId === userId));
      if (found) {
        const el = document.getElementById(tableDomId(found.id));
        el?.scrollIntoView({ block: 'center', inline: 'center' });
        el?.focus({ preventScroll: true });
        return t('challenge.found', { name: players.get(userId), round: rounds[i].round, table: found.index + 1 });
      }
    }
    return t('challenge.noTable', { name: players.get(userId) ?? t('challenge.thatPlayer') });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim().toLowerCase();
    const hit = [...players.entries()].find(([, n]) => n.toLowerCase() === q) ?? [...players.entries()].find(([, n]) => n.toLowerCase().includes(q));
    if (!q || !hit) {
      setHighlight(null);
      setSearchNote(q ? t('challenge.noSuchPlayer', { name: query.trim() }) : '');
      return;
    }
    setHighlight(hit[0]);
    setSearchNote(jumpTo(hit[0]));
  };

  if (challenge.isPending) return <Loading what={t('challenge.theChallenge')} />;
  if (challenge.isError) return <ErrorView error={challenge.error} title={t('challenge.failed')} page />;
  const c = challenge.data;
  const meId = me.data?.id ?? null;
  const inBracket = meId !== null && players.has(meId);

  return (
    <>
      <h1>
        {t('challenge.title', { city: c.cityName })} <span className="subtle">{c.localDate}</span>
      </h1>
      {c.status !== 'completed' && c.status !== 'cancelled' && <MyNextStep challengeId={c.id} />}
      <dl className="facts">
        <div>
          <dt>{t('challenge.status')}</dt>
          <dd>{label(c.status)}</dd>
        </div>
        <div>
          <dt>{t('challenge.starts')}</dt>
          <dd>{formatDateTime(c.startsAt, c.timeZone)}</dd>
        </div>
        <div>
          <dt>{t('challenge.players')}</dt>
          <dd>{bracket.data?.players ?? c.counts.checkedIn}</dd>
        </div>
        <div>
          <dt>{t('challenge.prizePool')}</dt>
          <dd>{formatMoney(c.prizePoolCents)}</dd>
        </div>
      </dl>
      {c.cancelReason && <p className="notice">{t('challenge.cancelled', { reason: c.cancelReason })}</p>}
      {c.status !== 'cancelled' && c.status !== 'completed' && <AddToCalendar challenge={c} />}
      <RegistrationPanel challenge={c} />
      {/* A finished challenge shows its podium and placements first, before the bracket that led there. */}
      {bracket.data && bracket.data.placements.length > 0 && (
        <section aria-labelledby="placements-h">
          <h2 id="placements-h">{t('challenge.placements')}</h2>
          <ol className="placements">
            {bracket.data.placements.map((p) => (
              <li key={p.userId}>
                <strong>{p.placement}</strong> {p.displayName} <span className="muted">· {t('common.points', { count: p.rankingPoints })}{p.prizeCents ? ` · ${formatMoney(p.prizeCents)}` : ''}</span>
              </li>
            ))}
          </ol>
          {c.status === 'completed' && <DownloadLinks lead={t('challenge.download')} label={t('challenge.downloadLabel')} href={(f) => `/api/exports/challenges/${c.id}/results?format=${f}`} />}
        </section>
      )}

      <section aria-labelledby="bracket-h" className="bracket-section">
        <div className="section-head">
          <h2 id="bracket-h">{t('challenge.bracket')}</h2>
          {/* Live only while it is played: a scheduled or finished challenge has nothing live to follow. */}
          {c.status === 'running' && (
            <span className={`live-dot${live.connected ? ' on' : ''}`} role="status">
              {live.connected ? t('challenge.live') : t('challenge.connecting')}
            </span>
          )}
        </div>
        {bracket.data && bracket.data.rounds.length > 0 && (
          <div className="tools">
            <form className="search" role="search" onSubmit={onSearch}>
              <label htmlFor="player-search">{t('challenge.jump')}</label>
              <input id="player-search" list={suggest ? 'bracket-players' : undefined} value={query} onChange={(e) => setQuery(e.target.value)} onFocus={() => setSuggest(true)} autoComplete="off" />
              {/* The names to suggest (512 options at 512 players) are drawn once the field is used, not with the bracket. */}
              {suggest && (
                <datalist id="bracket-players">
                  {[...players.values()].sort().map((n) => (
                    <option key={n} value={n} />
                  ))}
                </datalist>
              )}
              <button type="submit">{t('challenge.find')}</button>
            </form>
            {inBracket && (
              <button type="button" onClick={() => setSearchNote(jumpTo(meId))}>
                {t('challenge.myTable')}
              </button>
            )}
            <label className="zoom">
              {t('challenge.zoom')} <input type="range" min={50} max={120} step={10} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} aria-valuetext={`${zoom}%`} />
            </label>
            <p className="search-note" aria-live="polite">
              {searchNote}
            </p>
          </div>
        )}
        {bracket.isPending && <Loading what={t('challenge.theBracket')} />}
        {bracket.isError && <ErrorView error={bracket.error} title={t('challenge.bracketFailed')} />}
        {bracket.data && (
          <div style={{ fontSize: `${zoom}%` }}>
            {bracket.data.rounds.length === 0 ? <Empty>{c.status === 'cancelled' ? t('challenge.noBracketCancelled') : t('challenge.notDrawn', { time: formatDateTime(c.startsAt, c.timeZone) })}</Empty> : <Bracket bracket={bracket.data} me={meId} highlight={highlight} draws={live.draws} />}
          </div>
        )}
      </section>
    </>
  );
}
