import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useMyGames } from '../api/me-queries';
import { useAuth } from '../../../auth/auth-context';
import { Countdown } from '../../../components/countdown';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { SignInFirst } from '../components/sign-in-first';
import { paths } from '../../../config/paths';
import './my-games-page.css';


/** My games (GET /api/me/games): the ones being played first, each linking to its live table, then the finished ones. */
export function MyGamesPage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const games = useMyGames();
  if (!token) return <SignInFirst what={t('me.yourGames')} />;
  if (games.isPending) return <Loading what={t('me.yourGames')} />;
  if (games.isError) return <ErrorView error={games.error} title={t('me.gamesFailed')} page />;
  const items = games.data.pages.flatMap((p) => p.items);
  return (
    <>
      <h1>{t('me.gamesTitle')}</h1>
      {items.length === 0 ? (
        <Empty>{t('me.noGames')}</Empty>
      ) : (
        <ul className="list my-games">
          {items.map((g) => (
            <li key={g.gameId} className={`card${g.status === 'playing' ? ' playing' : ''}`} data-game={g.gameId}>
              <h2>
                {t('me.gameHeading', { city: g.challenge.cityName, kind: g.challenge.kind === 'weekly' ? t('me.kindChallenge') : g.challenge.kind, round: g.round.number, table: g.table + 1 })}{' '}
                <span className={`status status-${g.status}`}>{g.status === 'playing' ? t('me.playingNow') : t('me.finished')}</span>
              </h2>
              <p className="muted">
                {t('me.gameFacts', { date: g.challenge.localDate, seat: g.seat + 1, scores: g.scores.join(' – ') })}
                {g.endedBy && t('me.endedBy', { how: tOr(`gameEnd.${g.endedBy}`, g.endedBy) })}
                {g.round.status === 'running' && g.round.hardStopAt && (
                  <>
                    {' · '}
                    <Countdown until={g.round.hardStopAt} label={t('me.hardStopIn')} />
                  </>
                )}
              </p>
              <div className="actions">
                <Link to={paths.table.href(g.tableId)}>
                  {t('me.goToTable')}
                  <span className="sr-only">{t('me.roundTable', { round: g.round.number, table: g.table + 1 })}</span>
                </Link>
                <Link to={paths.challenge.href(g.challenge.challengeId)}>
                  {t('me.theBracket')}
                  <span className="sr-only">{t('me.ofChallenge', { date: g.challenge.localDate })}</span>
                </Link>
                {g.status !== 'playing' && (
                  <Link to={paths.replay.href(g.gameId)}>
                    {t('me.analysis')}
                    <span className="sr-only">{t('me.roundTable', { round: g.round.number, table: g.table + 1 })}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {games.hasNextPage && (
        <button type="button" className="secondary" disabled={games.isFetchingNextPage} onClick={() => void games.fetchNextPage()}>
          {games.isFetchingNextPage ? t('me.loadingMore') : t('me.loadMore')}
        </button>
      )}
    </>
  );
}
