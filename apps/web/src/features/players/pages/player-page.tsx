import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { formatMoney, formatNumber, formatOrdinal } from '../../../utils/format';
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

const money = (cents: number) => (cents === 0 ? '—' : formatMoney(cents));

/** Finds an opponent in the player's latest season standings (server-side search) and links to ?vs=. */
function OpponentSearch({ player }: { player: PlayerRankingDto }) {
  const { t } = useTranslation();
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
    <form className="search" role="search" onSubmit={onSubmit} aria-label={t('player.findOpponent')}>
      <label htmlFor="vs-search">{t('player.compare', { city: season.city.name, number: season.number })}</label>
      <input id="vs-search" type="search" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} placeholder={t('player.name')} />
      <button type="submit">{t('player.find')}</button>
      {found.isError && <ErrorView error={found.error} title={t('player.searchFailed')} />}
      {q && found.data && (
        <ul className="matches" aria-label={t('player.matching')}>
          {others.length === 0 && <li className="empty">{t('player.noMatch', { q })}</li>}
          {others.map((r) => (
            <li key={r.playerId}>
              <Link to={`?vs=${r.playerId}`}>
                {t('player.h2hWith', { name: r.displayName })} <span className="muted">{t('player.rankOf', { rank: r.rank })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function HeadToHead({ player }: { player: PlayerRankingDto }) {
  const { t } = useTranslation();
  const h = player.headToHead;
  if (!h) return null;
  const level = h.meetings.length - h.wins - h.losses;
  return (
    <div className="h2h">
      <p className="h2h-score">
        {player.displayName} vs <Link to={paths.player.href(h.opponentId)}>{h.opponentName}</Link>:{' '}
        <Trans i18nKey="player.record" values={{ wins: h.wins, winsWord: t('player.wins', { count: h.wins }), losses: h.losses, lossesWord: t('player.losses', { count: h.losses }), level: level > 0 ? t('player.level', { count: level }) : '' }} components={[<strong />, <strong />]} />
      </p>
      {h.meetings.length === 0 ? (
        <Empty>{t('player.neverMet')}</Empty>
      ) : (
        <ul className="meetings">
          {h.meetings.map((m) => (
            <li key={m.tableId}>
              <Link to={paths.challenge.href(m.challengeId)}>{t('player.round', { round: m.round })}</Link>: {player.displayName} {formatOrdinal(m.myPlace)}, {h.opponentName} {formatOrdinal(m.theirPlace)} —{' '}
              <span className={`tag ${m.outcome === 'win' ? 'tag-ok' : m.outcome === 'loss' ? 'tag-bad' : ''}`}>{tOr(`player.outcome.${m.outcome}`, m.outcome)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A player's seasons (rank, points, Elite Six status, the post-game analysis's accuracy over the season), every challenge result, and head-to-head against another player (?vs=). */
export function PlayerPage() {
  const { playerId = '' } = useParams();
  const [params] = useSearchParams();
  const vs = params.get('vs');
  const ranking = usePlayerRanking(playerId, vs);
  const me = useMe();
  const you = me.data?.id === playerId;
  const { t } = useTranslation();
  if (ranking.isPending) return <Loading what={t('player.loading')} />;
  if (ranking.isError) return <ErrorView error={ranking.error} title={t('player.failed')} page />;
  const p = ranking.data;
  return (
    <>
      <h1>{p.displayName}</h1>
      <section aria-labelledby="seasons-head">
        <h2 id="seasons-head">{t('player.seasons')}</h2>
        {p.seasons.length === 0 ? (
          <Empty>{t('player.noSeason')}</Empty>
        ) : (
          <ul className="season-cards">
            {p.seasons.map((s) => (
              <li key={s.seasonId} className="card">
                <h3>
                  <Link to={paths.standings.href(s.city.id, s.seasonId)}>
                    {t('player.citySeason', { city: s.city.name, number: s.number })}
                  </Link>
                </h3>
                <dl className="facts">
                  <div>
                    <dt>{t('standings.rank')}</dt>
                    <dd>{s.rank ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('standings.points')}</dt>
                    <dd>{formatNumber(s.points)}</dd>
                  </div>
                  <div>
                    <dt>{t('standings.eliteSix')}</dt>
                    <dd>
                      <RaceTag status={s.status} />
                    </dd>
                  </div>
                  <SeasonAccuracyFacts accuracy={s.accuracy} />
                </dl>
                {s.need && (
                  <div className="season-need" data-testid="season-need">
                    <h4>
                      {you ? t('player.whatYouNeed') : t('standings.whatTheyNeed')} <span className="subtle">· {t('player.left', { count: s.challengesRemaining })}</span>
                    </h4>
                    <NeedSentences need={s.need} you={you} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="results-head">
        <h2 id="results-head">{t('player.results')}</h2>
        {p.history.length === 0 ? (
          <Empty>{t('player.noChallenge')}</Empty>
        ) : (
          <div className="table-scroll">
            <table className="results">
              <caption className="sr-only">{t('player.caption', { name: p.displayName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('player.challenge')}</th>
                  <th scope="col">{t('player.placement')}</th>
                  <th scope="col" className="num">
                    {t('standings.points')}
                  </th>
                  <th scope="col" className="num">
                    {t('player.prize')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.history.map((h) => (
                  <tr key={h.challengeId}>
                    <th scope="row">
                      <Link to={paths.challenge.href(h.challengeId)}>
                        {h.date} · {h.city.name}
                        {h.week !== null ? ` · ${t('player.week', { week: h.week })}` : h.kind !== 'weekly' ? ` · ${tOr(`player.kind.${h.kind}`, h.kind)}` : ''}
                      </Link>
                    </th>
                    <td>{placementLabel(h.placement)}</td>
                    <td className="num">{formatNumber(h.rankingPoints)}</td>
                    <td className="num">{money(h.prizeCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="h2h-head">
        <h2 id="h2h-head">{t('player.h2h')}</h2>
        {ranking.isPlaceholderData && <Loading what={t('player.loadingH2h')} />}
        <HeadToHead player={p} />
        <OpponentSearch player={p} />
        {/* no season to compare in and no opponent asked for: the heading says what will be here, not nothing (issue 43) */}
        {!p.headToHead && !p.seasons[0] && <Empty>{t('player.h2hNoSeason', { name: p.displayName })}</Empty>}
      </section>
    </>
  );
}
