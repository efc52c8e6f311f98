import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useMyGames, type MyGame } from '../api/me-queries';
import { RULESET_NAMES } from '../../house/components/house-common';
import { formatDateTime } from '../../../utils/format';
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
          {items.map((g) =>
            g.house ? (
              <li key={g.gameId} className={`card${g.status === 'playing' ? ' playing' : ''}`} data-game={g.gameId}>
                <h2>
                  {t('me.houseHeading', { ruleset: RULESET_NAMES[g.house.ruleset] ?? g.house.ruleset, purpose: tOr(`house.purpose.${g.house.purpose}`, g.house.purpose) })}{' '}
                  <span className={`status status-${g.status}`}>{g.status === 'playing' ? t('me.playingNow') : t('me.finished')}</span>
                </h2>
                <p className="muted">
                  {t('me.houseFacts', {
                    date: formatDateTime(g.startedAt),
                    seat: g.seat + 1,
                    seats: g.house.seats.map((s) => (s.seat === g.seat ? t('table.you') : s.computer ? t('house.computerSeat', { n: s.seat + 1, level: tOr(`house.level.${s.computer}`, s.computer) }) : t('house.seatN', { n: s.seat + 1 }))).join(', '),
                    scores: g.scores.join(' – '),
                  })}
                  {g.endedBy && t('me.endedBy', { how: tOr(`gameEnd.${g.endedBy}`, g.endedBy) })}
                </p>
                <div className="actions">
                  <Link to={paths.houseTable.href(g.house.houseTableId)}>{t('me.goToHouseTable')}</Link>
                  {g.status !== 'playing' && <Link to={paths.replay.href(g.gameId)}>{t('me.replay')}</Link>}
                </div>
              </li>
            ) : (
              g.round &&
              g.challenge && (
                <li key={g.gameId} className={`card${g.status === 'playing' ? ' playing' : ''}`} data-game={g.gameId}>
                  <ChallengeGame g={g} round={g.round} challenge={g.challenge} />
                </li>
              )
            ),
          )}
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

/** A challenge table's game: its round, table and bracket, and its analysis once finished. */
function ChallengeGame({ g, round, challenge }: { g: MyGame; round: NonNullable<MyGame['round']>; challenge: NonNullable<MyGame['challenge']> }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>
        {t('me.gameHeading', { city: challenge.cityName, kind: challenge.kind === 'weekly' ? t('me.kindChallenge') : challenge.kind, round: round.number, table: g.table + 1 })}{' '}
        <span className={`status status-${g.status}`}>{g.status === 'playing' ? t('me.playingNow') : t('me.finished')}</span>
      </h2>
      <p className="muted">
        {t('me.gameFacts', { date: challenge.localDate, seat: g.seat + 1, scores: g.scores.join(' – ') })}
        {g.endedBy && t('me.endedBy', { how: tOr(`gameEnd.${g.endedBy}`, g.endedBy) })}
        {round.status === 'running' && round.hardStopAt && (
          <>
            {' · '}
            <Countdown until={round.hardStopAt} label={t('me.hardStopIn')} />
          </>
        )}
      </p>
      <div className="actions">
        <Link to={paths.table.href(g.tableId)}>
          {t('me.goToTable')}
          <span className="sr-only">{t('me.roundTable', { round: round.number, table: g.table + 1 })}</span>
        </Link>
        <Link to={paths.challenge.href(challenge.challengeId)}>
          {t('me.theBracket')}
          <span className="sr-only">{t('me.ofChallenge', { date: challenge.localDate })}</span>
        </Link>
        {g.status !== 'playing' && (
          <Link to={paths.replay.href(g.gameId)}>
            {t('me.analysis')}
            <span className="sr-only">{t('me.roundTable', { round: round.number, table: g.table + 1 })}</span>
          </Link>
        )}
      </div>
    </>
  );
}
