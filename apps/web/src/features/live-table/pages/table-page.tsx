import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useBracket } from '../../challenges/api/challenge-queries';
import { useMe } from '../../../auth/use-me';
import { useRefreshTable, useTable } from '../api/table-queries';
import { label } from '../../challenges/components/bracket';
import { Countdown } from '../../../components/countdown';
import { LiveTable } from '../components/live-table';
import { PlacesNow } from '../components/places-now';
import { ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import { CallTheDirector } from '../../director-calls/call-the-director';

/**
 * A challenge table: the one live table (components/live-table.tsx) with the bracket's facts — seeds,
 * places and who advances, the round's hard stop — and the table's 6-4/5-5 draw.
 */
export function TablePage() {
  const { tableId = '' } = useParams();
  const table = useTable(tableId);
  const bracket = useBracket(table.data?.challengeId ?? '');
  const me = useMe();
  const refresh = useRefreshTable(tableId);
  // The last move ends the game before the table is decided (places, a draw): until the table's result is
  // there, ask for it again (a move by another seat can reach this page before the decision is committed).
  const [finished, setFinished] = useState(false);
  const decided = !!table.data?.result;
  useEffect(() => {
    if (!finished || decided) return;
    const t = setInterval(() => void refresh(), 1500);
    return () => clearInterval(t);
  }, [finished, decided, tableId]);

  if (table.isPending) return <Loading what="the table" />;
  if (table.isError) return <ErrorView error={table.error} title="This table could not be loaded" />;
  const t = table.data;
  const round = bracket.data?.rounds.find((r) => r.round === t.round);
  const results = new Map((t.result ?? []).map((r) => [r.userId, r]));
  const mine = results.get(me.data?.id ?? '');
  // The final table is the bracket's last round: S = 16·2^k ≥ players, log2(S) − 1 rounds (SPEC 3.2).
  const players = bracket.data?.players ?? null;
  const rounds = players === null ? null : Math.log2(Math.max(16, 2 ** Math.ceil(Math.log2(players)))) - 1;
  const final = rounds !== null && t.round === rounds;

  return (
    <LiveTable
      gameId={t.game?.gameId}
      initial={t.game ?? null}
      tableId={tableId}
      boardLabel={`Board of table ${t.index + 1}`}
      seats={t.seats.map((s) => {
        const r = results.get(s.userId);
        return {
          seat: s.seat,
          userId: s.userId,
          name: s.displayName,
          badges: <span className="seed">#{s.seed}</span>,
          score: r?.score,
          forfeited: r?.forfeited,
          facts: (
            <>
              {r && <span className="tag">place {r.place}</span>}
              {r?.advanced && <span className="tag tag-ok">✓ advances</span>}
            </>
          ),
        };
      })}
      players={({ view, nameOfSeat }) =>
        view && !view.finished && !t.result && rounds !== null ? <PlacesNow scores={view.scores} forfeited={view.forfeited} final={final} nameOfSeat={nameOfSeat} /> : null
      }
      onFinished={() => {
        setFinished(true);
        void refresh();
      }}
      onReveal={() => void refresh()}
      header={({ seat }) => (
        <>
          <p className="crumbs">
            <Link to={paths.challenge.href(t.challengeId)}>← Bracket</Link>
          </p>
          <h1>
            Round {t.round}, table {t.index + 1}
            {seat !== null && <span className="subtle"> · you are seat {seat + 1}</span>}
          </h1>
          <CallTheDirector tableId={tableId} seat={seat} running={round?.status === 'running'} />
        </>
      )}
      status={() => (
        <>
          <span className={`status status-${t.status}`}>{label(t.status)}</span>
          {round?.status === 'running' && t.status !== 'finished' && <Countdown until={round.hardStopAt} label="Hard stop in" />}
        </>
      )}
      result={({ seat }) => (
        <>
          {seat !== null && mine && (
            <p>
              <strong>
                You finished place {mine.place}
                {mine.advanced ? ' and advance.' : '.'}
              </strong>
            </p>
          )}
          {t.game && (
            <p>
              <Link to={paths.replay.href(t.game.gameId)}>Analysis</Link> <span className="muted">— the replay with every move judged{seat !== null ? ' (yours once the table is decided)' : ''}</span>
            </p>
          )}
        </>
      )}
    />
  );
}
