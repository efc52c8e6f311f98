import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { STANDINGS_PAGE_SIZE, useCity, useEliteSix, usePrefetchStandings, useSeasons, useStandings } from '../api/standings-queries';
import { useAnnounce } from '../../../components/announcer';
import { Pager } from '../../../components/pager';
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
    if (lastShown.current !== null) announce(q ? `${data.total.toLocaleString('en-US')} players match “${q}”. Page ${data.page} of ${pages}.` : `Page ${data.page} of ${pages}.`);
    lastShown.current = shown;
  }, [shown, data, q, pages, announce]);
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

  if (city.isError) return <ErrorView error={city.error} title="This city could not be loaded" page />;
  return (
    <>
      <p className="crumbs">
        <Link to={paths.home.href()}>Weekly challenges</Link>
      </p>
      <h1>
        Season standings{city.data && <span className="subtle"> · {city.data.name}</span>}
      </h1>
      {seasons.isPending && <Loading what="seasons" />}
      {seasons.isError && <ErrorView error={seasons.error} title="Seasons could not be loaded" />}
      {seasons.data && seasons.data.length === 0 && <Empty>This city has no season yet.</Empty>}
      {seasons.data && seasons.data.length > 0 && (
        <div className="tools">
          <label className="field">
            <span>Season</span>
            <select value={seasonId} onChange={(e) => update({ season: e.target.value, page: 1 })}>
              {seasons.data.map((s) => (
                <option key={s.id} value={s.id}>
                  Season {s.number} ({s.status}, from {s.startDate})
                </option>
              ))}
            </select>
          </label>
          <form className="search" role="search" onSubmit={onSearch}>
            <label htmlFor="standings-search">Find a player</label>
            <input id="standings-search" type="search" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} placeholder="Name or player id" />
            <button type="submit">Search</button>
            {q && (
              <button type="button" className="link-button" onClick={() => update({ q: '', page: 1 })}>
                Clear
              </button>
            )}
          </form>
        </div>
      )}
      {seasonId && standings.isPending && <Loading what="standings" />}
      {standings.isError && <ErrorView error={standings.error} title="Standings could not be loaded" />}
      {data && (
        <div className="standings-layout">
          <section aria-labelledby="standings-head" className="standings-main" aria-busy={standings.isPlaceholderData}>
            <h2 id="standings-head">
              {season ? `Season ${season.number}` : 'Standings'}{' '}
              <span className="subtle">
                {data.challengesPlayed} of {data.challengesPlayed + data.challengesRemaining} challenges played · {data.total.toLocaleString('en-US')} {q ? 'matching' : ''} players
              </span>
            </h2>
            {myRow && (
              <div className="card my-need" data-testid="my-need">
                <h2>
                  You: rank {myRow.rank}, {myRow.points.toLocaleString('en-US')} points{' '}
                  <span className="subtle">
                    {myRow.status === 'clinched' ? '· Elite Six clinched' : myRow.status === 'eliminated' ? '· out of the Elite Six race' : '· in contention'}
                  </span>
                </h2>
                {myRow.need && <NeedSentences need={myRow.need} you />}
              </div>
            )}
            {data.items.length === 0 ? (
              <Empty>{q ? `No player matches “${q}”.` : 'No results in this season yet.'}</Empty>
            ) : (
              <>
                <StandingsTable rows={data.items} meId={meId} firstPosition={q ? null : (data.page - 1) * data.pageSize + 1} caption={`Standings, page ${data.page} of ${pages}`} />
                <Pager page={data.page} pages={pages} onPage={(p) => update({ page: p })} label="Standings pages" />
              </>
            )}
          </section>
          {six.data && <EliteSixList six={six.data} names={names} />}
          {six.isError && <ErrorView error={six.error} title="The Elite Six could not be loaded" />}
        </div>
      )}
    </>
  );
}
