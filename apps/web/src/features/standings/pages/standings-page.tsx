import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../components/app-links';
import { tOr } from '../../../i18n/i18n';
import { STANDINGS_PAGE_SIZE, useCity, useEliteSix, usePrefetchStandings, useSeasons, useStandings } from '../api/standings-queries';
import { useAnnounce } from '../../../components/announcer';
import { Pager } from '../../../components/pager';
import { DownloadLinks } from '../../../components/download-links';
import { EliteSixList, StandingsTable } from '../components/standings';
import { NeedSentences } from '../components/need';
import { useMe } from '../../../auth/use-me';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import './standings-page.css';

/**
 * A city's season standings, paged and searched by the API (the URL keeps ?season, ?page and ?q,
 * so a page can be shared), with the Elite Six cut line, each row's tiebreaker and race status,
 * and the Elite Six list.
 */
export function StandingsPage() {
  const { cityId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const announce = useAnnounce();
  const { t } = useTranslation();
  const city = useCity(cityId);
  const seasons = useSeasons(cityId);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q') ?? '';
  const seasonId = params.get('season') ?? (seasons.data ? (seasons.data.find((s) => s.status === 'active') ?? seasons.data[0])?.id : undefined);
  const season = seasons.data?.find((s) => s.id === seasonId);
  const standings = useStandings(cityId, seasonId, page, q);
  const six = useEliteSix(cityId, seasonId);
  // The signed-in player's own row (the API finds a player by id), wherever it is in the standings.
  const me = useMe();
  const meId = me.data?.id ?? null;
  const mine = useStandings(cityId, meId ? seasonId : undefined, 1, meId ?? '');
  const myRow = meId ? mine.data?.items.find((r) => r.playerId === meId) : undefined;
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const update = (next: { page?: number; q?: string; season?: string }) => {
    const p = new URLSearchParams(params);
    const set = (k: string, v: string | undefined) => (v ? p.set(k, v) : p.delete(k));
    if (next.season !== undefined) set('season', next.season);
    if (next.q !== undefined) set('q', next.q.trim());
    if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : undefined);
    setParams(p);
  };
  const data = standings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / STANDINGS_PAGE_SIZE)) : 1;
  const shown = data && !standings.isPlaceholderData ? `${data.page}:${q}:${data.total}` : null;
  const lastShown = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || !data || shown === lastShown.current) return;
    if (lastShown.current !== null) announce(q ? t('standings.announceMatch', { count: data.total, total: formatCount(data.total), q, page: data.page, pages }) : t('standings.announcePage', { page: data.page, pages }));
    lastShown.current = shown;
  }, [shown, data, q, pages, announce, t]);
  // The next two pages are fetched ahead, so "Next" draws from the cache even when clicked again before
  // the page after has been asked for (a prefetch of a page already cached is answered from the cache).
  const prefetch = usePrefetchStandings();
  useEffect(() => {
    if (!seasonId || !data || standings.isPlaceholderData) return;
    for (const ahead of [data.page + 1, data.page + 2]) if (ahead <= pages) void prefetch(cityId, seasonId, ahead, q);
  }, [cityId, seasonId, data, standings.isPlaceholderData, pages, q, prefetch]);
  const names = useMemo(() => new Map((data?.items ?? []).map((r) => [r.playerId, r.displayName])), [data]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft, page: 1 });
  };

  if (city.isError) return <ErrorView error={city.error} title={t('standings.cityFailed')} page />;
  return (
    <>
      <p className="crumbs">
        <Link to={paths.home.href()}>{t('standings.weekly')}</Link>
      </p>
      <h1>
        {t('standings.title')}{city.data && <span className="subtle"> · {city.data.name}</span>}
      </h1>
      {seasons.isPending && <Loading what={t('standings.loadingSeasons')} />}
      {seasons.isError && <ErrorView error={seasons.error} title={t('standings.seasonsFailed')} />}
      {seasons.data && seasons.data.length === 0 && <Empty>{t('standings.noSeason')}</Empty>}
      {seasons.data && seasons.data.length > 0 && (
        <div className="tools">
          <label className="field">
            <span>{t('standings.season')}</span>
            <select value={seasonId} onChange={(e) => update({ season: e.target.value, page: 1 })}>
              {seasons.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {t('standings.seasonOption', { number: s.number, status: tOr(`standings.seasonStatus.${s.status}`, s.status), from: s.startDate })}
                </option>
              ))}
            </select>
          </label>
          <form className="search" role="search" onSubmit={onSearch}>
            <label htmlFor="standings-search">{t('standings.find')}</label>
            <input id="standings-search" type="search" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} placeholder={t('standings.findPlaceholder')} />
            <button type="submit">{t('standings.search')}</button>
            {q && (
              <button type="button" className="link-button" onClick={() => update({ q: '', page: 1 })}>
                {t('standings.clear')}
              </button>
            )}
          </form>
        </div>
      )}
      {seasonId && standings.isPending && <Loading what={t('standings.loadingStandings')} />}
      {standings.isError && <ErrorView error={standings.error} title={t('standings.standingsFailed')} />}
      {data && (
        <div className="standings-layout">
          <section aria-labelledby="standings-head" className="standings-main" aria-busy={standings.isPlaceholderData}>
            <h2 id="standings-head">
              {season ? t('standings.seasonN', { number: season.number }) : t('standings.standings')}{' '}
              <span className="subtle">
                {t('standings.played', { played: data.challengesPlayed, of: data.challengesPlayed + data.challengesRemaining })} ·{' '}
                {q ? t('standings.matchingPlayers', { count: data.total, total: formatCount(data.total) }) : t('standings.players', { count: data.total, total: formatCount(data.total) })}
              </span>
            </h2>
            {myRow && (
              <div className="card my-need" data-testid="my-need">
                <h2>
                  {t('standings.me', { rank: myRow.rank, points: formatCount(myRow.points) })}{' '}
                  <span className="subtle">
                    {myRow.status === 'clinched' ? t('standings.meClinched') : myRow.status === 'eliminated' ? t('standings.meOut') : t('standings.meIn')}
                  </span>
                </h2>
                {myRow.need && <NeedSentences need={myRow.need} you />}
              </div>
            )}
            {data.items.length === 0 ? (
              <Empty>{q ? t('standings.noMatch', { q }) : t('standings.noResults')}</Empty>
            ) : (
              <>
                <StandingsTable rows={data.items} meId={meId} firstPosition={q ? null : (data.page - 1) * data.pageSize + 1} caption={t('standings.caption', { page: data.page, pages })} />
                <Pager page={data.page} pages={pages} onPage={(p) => update({ page: p })} label={t('standings.pagesLabel')} />
              </>
            )}
            {seasonId && data.total > 0 && (
              <DownloadLinks lead={t('standings.download')} label={t('standings.downloadLabel')} href={(f) => `/api/exports/cities/${cityId}/seasons/${seasonId}/standings?format=${f}`} />
            )}
          </section>
          {six.data && <EliteSixList six={six.data} names={names} />}
          {six.isError && <ErrorView error={six.error} title={t('standings.sixFailed')} />}
        </div>
      )}
    </>
  );
}
