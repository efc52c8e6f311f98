import { Link } from 'react-router';
import { useMyGames } from '../api/me-queries';
import { useAuth } from '../../../auth/auth-context';
import { Countdown } from '../../../components/countdown';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { SignInFirst } from '../components/sign-in-first';
import { paths } from '../../../config/paths';
import './my-games-page.css';

const ENDED_BY: Record<string, string> = { target: 'a player reached the target', forfeit: 'forfeit', 'hard-stop': 'the hard stop', void: 'void (replayed)' };

/** My games (GET /api/me/games): the ones being played first, each linking to its live table, then the finished ones. */
export function MyGamesPage() {
  const { token } = useAuth();
  const games = useMyGames();
  if (!token) return <SignInFirst what="your games" />;
  if (games.isPending) return <Loading what="your games" />;
  if (games.isError) return <ErrorView error={games.error} title="Your games could not be loaded" page />;
  const items = games.data.pages.flatMap((p) => p.items);
  return (
    <>
      <h1>My games</h1>
      {items.length === 0 ? (
        <Empty>No games yet. Register and check in for a challenge; your table appears here when the round is seated.</Empty>
      ) : (
        <ul className="list my-games">
          {items.map((g) => (
            <li key={g.gameId} className={`card${g.status === 'playing' ? ' playing' : ''}`} data-game={g.gameId}>
              <h2>
                {g.challenge.cityName} {g.challenge.kind === 'weekly' ? 'challenge' : g.challenge.kind}, round {g.round.number}, table {g.table + 1}{' '}
                <span className={`status status-${g.status}`}>{g.status === 'playing' ? 'playing now' : 'finished'}</span>
              </h2>
              <p className="muted">
                {g.challenge.localDate} · seat {g.seat + 1} · scores {g.scores.join(' – ')}
                {g.endedBy && ` · ended by ${ENDED_BY[g.endedBy] ?? g.endedBy}`}
                {g.round.status === 'running' && g.round.hardStopAt && (
                  <>
                    {' · '}
                    <Countdown until={g.round.hardStopAt} label="hard stop in" />
                  </>
                )}
              </p>
              <div className="actions">
                <Link to={paths.table.href(g.tableId)}>
                  Go to the table<span className="sr-only">: round {g.round.number}, table {g.table + 1}</span>
                </Link>
                <Link to={paths.challenge.href(g.challenge.challengeId)}>
                  The bracket<span className="sr-only"> of the {g.challenge.localDate} challenge</span>
                </Link>
                {g.status !== 'playing' && (
                  <Link to={paths.replay.href(g.gameId)}>
                    Analysis<span className="sr-only">: round {g.round.number}, table {g.table + 1}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {games.hasNextPage && (
        <button type="button" className="secondary" disabled={games.isFetchingNextPage} onClick={() => void games.fetchNextPage()}>
          {games.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
