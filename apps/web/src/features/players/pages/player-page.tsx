import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePlayerRanking } from '../api/player-queries';
import { useStandings } from '../../standings/api/standings-queries';
import type { PlayerRankingDto } from '../../../api/types';
import { SeasonAccuracyFacts } from '../../analysis/components/analysis';
import { placementLabel, RaceTag } from '../../standings/components/standings';
import { NeedSentences } from '../../standings/components/need';
import { useMe } from '../../../auth/use-me';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import './player-page.css';

const money = (cents: number) => (cents === 0 ? '—' : `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`);

/** Finds an opponent in the player's latest season standings (server-side search) and links to ?vs=. */
function OpponentSearch({ player }: { player: PlayerRankingDto }) {
  const season = player.seasons[0];
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const found = useStandings(season?.city.id ?? '', q && season ? season.seasonId : undefined, 1, q);
  if (!season) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const others = (found.data?.items ?? []).filter((r) => r.playerId !== player.playerId).slice(0, 10);
  return (
    <form className="search" role="search" onSubmit={onSubmit} aria-label="Find an opponent">
      <label htmlFor="vs-search">Compare with a player of {season.city.name}, season {season.number}</label>
      <input id="vs-search" type="search" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} placeholder="Name" />
      <button type="submit">Find</button>
      {found.isError && <ErrorView error={found.error} title="The search failed" />}
      {q && found.data && (
        <ul className="matches" aria-label="Matching players">
          {others.length === 0 && <li className="empty">No other player matches “{q}”.</li>}
          {others.map((r) => (
            <li key={r.playerId}>
              <Link to={`?vs=${r.playerId}`}>
                Head-to-head with {r.displayName} <span className="muted">(rank {r.rank})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function HeadToHead({ player }: { player: PlayerRankingDto }) {
  const h = player.headToHead;
  if (!h) return null;
  const level = h.meetings.length - h.wins - h.losses;
  return (
    <div className="h2h">
      <p className="h2h-score">
        {player.displayName} vs <Link to={paths.player.href(h.opponentId)}>{h.opponentName}</Link>: <strong>{h.wins}</strong> {h.wins === 1 ? 'win' : 'wins'}, <strong>{h.losses}</strong>{' '}
        {h.losses === 1 ? 'loss' : 'losses'}
        {level > 0 ? `, ${level} level` : ''} at shared tables.
      </p>
      {h.meetings.length === 0 ? (
        <Empty>They have not sat at a decided table together.</Empty>
      ) : (
        <ul className="meetings">
          {h.meetings.map((m) => (
            <li key={m.tableId}>
              <Link to={paths.challenge.href(m.challengeId)}>Round {m.round}</Link>: {player.displayName} {ordinal(m.myPlace)}, {h.opponentName} {ordinal(m.theirPlace)} —{' '}
              <span className={`tag ${m.outcome === 'win' ? 'tag-ok' : m.outcome === 'loss' ? 'tag-bad' : ''}`}>{m.outcome}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** A player's seasons (rank, points, Elite Six status, the post-game analysis's accuracy over the season), every challenge result, and head-to-head against another player (?vs=). */
export function PlayerPage() {
  const { playerId = '' } = useParams();
  const [params] = useSearchParams();
  const vs = params.get('vs');
  const ranking = usePlayerRanking(playerId, vs);
  const me = useMe();
  const you = me.data?.id === playerId;
  if (ranking.isPending) return <Loading what="the player" />;
  if (ranking.isError) return <ErrorView error={ranking.error} title="This player could not be loaded" page />;
  const p = ranking.data;
  return (
    <>
      <h1>{p.displayName}</h1>
      <section aria-labelledby="seasons-head">
        <h2 id="seasons-head">Seasons and Elite Six</h2>
        {p.seasons.length === 0 ? (
          <Empty>No season result yet.</Empty>
        ) : (
          <ul className="season-cards">
            {p.seasons.map((s) => (
              <li key={s.seasonId} className="card">
                <h3>
                  <Link to={paths.standings.href(s.city.id, s.seasonId)}>
                    {s.city.name}, season {s.number}
                  </Link>
                </h3>
                <dl className="facts">
                  <div>
                    <dt>Rank</dt>
                    <dd>{s.rank ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Points</dt>
                    <dd>{s.points.toLocaleString('en-US')}</dd>
                  </div>
                  <div>
                    <dt>Elite Six</dt>
                    <dd>
                      <RaceTag status={s.status} />
                    </dd>
                  </div>
                  <SeasonAccuracyFacts accuracy={s.accuracy} />
                </dl>
                {s.need && (
                  <div className="season-need" data-testid="season-need">
                    <h4>{you ? 'What you need' : 'What they need'} <span className="subtle">· {s.challengesRemaining} {s.challengesRemaining === 1 ? 'challenge' : 'challenges'} left</span></h4>
                    <NeedSentences need={s.need} you={you} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="results-head">
        <h2 id="results-head">Results</h2>
        {p.history.length === 0 ? (
          <Empty>No challenge played yet.</Empty>
        ) : (
          <div className="table-scroll">
            <table className="results">
              <caption className="sr-only">Challenge results of {p.displayName}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Challenge</th>
                  <th scope="col">Placement</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                  <th scope="col" className="num">
                    Prize
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.history.map((h) => (
                  <tr key={h.challengeId}>
                    <th scope="row">
                      <Link to={paths.challenge.href(h.challengeId)}>
                        {h.date} · {h.city.name}
                        {h.week !== null ? ` · week ${h.week}` : h.kind !== 'weekly' ? ` · ${h.kind}` : ''}
                      </Link>
                    </th>
                    <td>{placementLabel(h.placement)}</td>
                    <td className="num">{h.rankingPoints.toLocaleString('en-US')}</td>
                    <td className="num">{money(h.prizeCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="h2h-head">
        <h2 id="h2h-head">Head-to-head</h2>
        {ranking.isPlaceholderData && <Loading what="the head-to-head record" />}
        <HeadToHead player={p} />
        <OpponentSearch player={p} />
      </section>
    </>
  );
}
