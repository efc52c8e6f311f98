import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useBracket, useFileAppeal, useMarkRead, useMyConduct, useMyGames, useMyPenalties, useNotifications } from '../api/queries';
import type { NotificationDto, DecisionDto } from '../api/types';
import { useAuth } from '../auth/auth-context';
import { Countdown } from '../components/countdown';
import { Empty, ErrorView, Loading } from '../components/status';
import { formatDateTime } from './format';

function SignInFirst({ what }: { what: string }) {
  return (
    <p>
      <Link to="/sign-in">Sign in</Link> to see {what}.
    </p>
  );
}

/** The table a notification is about: its `tableId` when the notification names it, else found in the challenge's bracket by round and table number. */
function TableLink({ data }: { data: Record<string, unknown> }) {
  const challengeId = typeof data.challengeId === 'string' ? data.challengeId : '';
  const direct = typeof data.tableId === 'string' ? data.tableId : null;
  const bracket = useBracket(direct ? '' : challengeId);
  const round = bracket.data?.rounds.find((r) => r.round === data.round);
  const tableId = direct ?? round?.tables.find((t) => t.index === data.table)?.id ?? null;
  if (!tableId) return challengeId ? <Link to={`/challenges/${challengeId}`}>Open the challenge</Link> : null;
  return <Link to={`/tables/${tableId}`}>Go to the table</Link>;
}

/** A notification's `data` (any JSON in the document) as the object notifications carry. */
const dataOf = (n: NotificationDto): Record<string, unknown> => (n.data && typeof n.data === 'object' && !Array.isArray(n.data) ? n.data : {});

/** My notifications, newest first; unread ones marked, each can be marked read. */
export function NotificationsPage() {
  const { token } = useAuth();
  const list = useNotifications();
  const read = useMarkRead();
  if (!token) return <SignInFirst what="your notifications" />;
  if (list.isPending) return <Loading what="your notifications" />;
  if (list.isError) return <ErrorView error={list.error} title="Your notifications could not be loaded" />;
  return (
    <>
      <h1>Notifications</h1>
      <p className="muted">{list.data.unread} unread</p>
      {list.data.items.length === 0 ? (
        <Empty>No notifications yet. You will hear here when you are seated, promoted from the waitlist or a challenge changes.</Empty>
      ) : (
        <ul className="list">
          {list.data.items.map((n: NotificationDto) => (
            <li key={n.id} className={`card${n.readAt ? '' : ' unread'}`}>
              <h2>
                {n.title} {!n.readAt && <span className="tag">new</span>}
              </h2>
              <p>{n.body}</p>
              <p className="muted">{formatDateTime(n.createdAt)}</p>
              <div className="actions">
                {n.kind === 'table.seated' && <TableLink data={dataOf(n)} />}
                {n.kind !== 'table.seated' && typeof dataOf(n).challengeId === 'string' && <Link to={`/challenges/${String(dataOf(n).challengeId)}`}>Open the challenge</Link>}
                {!n.readAt && (
                  <button type="button" className="secondary" disabled={read.isPending} onClick={() => read.mutate(n.id)}>
                    Mark read
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {read.isError && <ErrorView error={read.error} title="Could not mark it read" />}
    </>
  );
}

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
                <Link to={`/tables/${g.tableId}`}>
                  Go to the table<span className="sr-only">: round {g.round.number}, table {g.table + 1}</span>
                </Link>
                <Link to={`/challenges/${g.challenge.challengeId}`}>
                  The bracket<span className="sr-only"> of the {g.challenge.localDate} challenge</span>
                </Link>
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

function AppealForm({ penalty }: { penalty: DecisionDto }) {
  const appeal = useFileAppeal();
  const [statement, setStatement] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    appeal.mutate({ decisionId: penalty.id, statement });
  };
  const id = `appeal-${penalty.id}`;
  return (
    <form className="form" onSubmit={submit}>
      <label htmlFor={id}>Your appeal (at least 10 characters)</label>
      <textarea id={id} value={statement} minLength={10} maxLength={5000} rows={4} onChange={(e) => setStatement(e.target.value)} />
      <p className="muted">Open until {formatDateTime(penalty.appealOpenUntil)}; one appeal per penalty.</p>
      <button type="submit" disabled={appeal.isPending}>
        File appeal
      </button>
      {appeal.isError && <ErrorView error={appeal.error} title="The appeal was not filed" />}
    </form>
  );
}

/** My record: penalties (with their appeals, and an appeal form while the window is open), prize forfeitures and conduct. */
export function MyRecordPage() {
  const { token } = useAuth();
  const penalties = useMyPenalties();
  const conduct = useMyConduct();
  if (!token) return <SignInFirst what="your record" />;
  return (
    <>
      <h1>My record</h1>
      <section aria-labelledby="pen-h">
        <h2 id="pen-h">Penalties and appeals</h2>
        {penalties.isPending && <Loading what="your penalties" />}
        {penalties.isError && <ErrorView error={penalties.error} title="Your penalties could not be loaded" />}
        {penalties.data &&
          (penalties.data.penalties.length === 0 ? (
            <Empty>No penalties. Keep it that way.</Empty>
          ) : (
            <ul className="list">
              {penalties.data.penalties.map((p) => (
                <li key={p.id} className="card">
                  <h3>{p.penalty}</h3>
                  <p>
                    {p.finding} · {p.status} · decided {formatDateTime(p.decidedAt)}
                  </p>
                  <p>{p.reason}</p>
                  {p.appeal ? (
                    <p>
                      <strong>Appeal: {p.appeal.status}</strong>
                      {p.appeal.statement ? ` — “${p.appeal.statement}”` : ''}
                    </p>
                  ) : Date.parse(p.appealOpenUntil) > Date.now() ? (
                    <AppealForm penalty={p} />
                  ) : (
                    <p className="muted">The appeal window closed {formatDateTime(p.appealOpenUntil)}.</p>
                  )}
                </li>
              ))}
            </ul>
          ))}
        {penalties.data && penalties.data.prizeForfeitures.length > 0 && (
          <>
            <h3>Prizes forfeited</h3>
            <ul>
              {penalties.data.prizeForfeitures.map((f) => (
                <li key={f.id}>
                  ${(f.amountCents / 100).toLocaleString('en-US')} — {f.reason}
                  {f.restoredAt ? ` (restored ${formatDateTime(f.restoredAt)})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="conduct-h">
        <h2 id="conduct-h">Conduct</h2>
        {conduct.isPending && <Loading what="your conduct record" />}
        {conduct.isError && <ErrorView error={conduct.error} title="Your conduct record could not be loaded" />}
        {conduct.data && (
          <>
            {conduct.data.chatRestriction && (
              <p className="notice">
                Table chat is restricted {conduct.data.chatRestriction.permanent ? 'permanently' : `until ${formatDateTime(conduct.data.chatRestriction.until ?? '')}`}.
              </p>
            )}
            {conduct.data.violations.length === 0 ? (
              <Empty>No conduct violations.</Empty>
            ) : (
              <ul className="list">
                {conduct.data.violations.map((v) => (
                  <li key={v.id} className="card">
                    <h3>{v.kind.replace(/_/g, ' ')}</h3>
                    <p>
                      {v.reason} · {formatDateTime(v.createdAt)}
                    </p>
                    {v.sanctions.length > 0 && <p className="muted">Sanctions: {v.sanctions.map((s) => `${s.kind.replace(/_/g, ' ')}${s.revokedAt ? ' (revoked)' : ''}`).join(', ')}</p>}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </>
  );
}
