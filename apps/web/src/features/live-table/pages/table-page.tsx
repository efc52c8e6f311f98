import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { ReportCheating } from '../../report/report-cheating';

/**
 * A challenge table: the one live table (components/live-table.tsx) with the bracket's facts — seeds,
 * places and who advances, the round's hard stop — and the table's 6-4/5-5 draw.
 */
export function TablePage() {
  const { t } = useTranslation();
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
    const timer = setInterval(() => void refresh(), 1500);
    return () => clearInterval(timer);
  }, [finished, decided, tableId]);

  if (table.isPending) return <Loading what={t('tablePage.theTable')} />;
  if (table.isError) return <ErrorView error={table.error} title={t('tablePage.failed')} />;
  const tbl = table.data;
  const round = bracket.data?.rounds.find((r) => r.round === tbl.round);
  const results = new Map((tbl.result ?? []).map((r) => [r.userId, r]));
  const mine = results.get(me.data?.id ?? '');
  // The final table is the bracket's last round: S = 16·2^k ≥ players, log2(S) − 1 rounds (SPEC 3.2).
  const players = bracket.data?.players ?? null;
  const rounds = players === null ? null : Math.log2(Math.max(16, 2 ** Math.ceil(Math.log2(players)))) - 1;
  const final = rounds !== null && tbl.round === rounds;

  return (
    <LiveTable
      gameId={tbl.game?.gameId}
      initial={tbl.game ?? null}
      tableId={tableId}
      boardLabel={t('tablePage.boardOf', { n: tbl.index + 1 })}
      seats={tbl.seats.map((s) => {
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
              {r && <span className="tag">{t('tablePage.place', { place: r.place })}</span>}
              {r?.advanced && <span className="tag tag-ok">{t('tablePage.advances')}</span>}
            </>
          ),
        };
      })}
      players={({ view, nameOfSeat }) =>
        view && !view.finished && !tbl.result && rounds !== null ? <PlacesNow scores={view.scores} forfeited={view.forfeited} final={final} nameOfSeat={nameOfSeat} /> : null
      }
      onFinished={() => {
        setFinished(true);
        void refresh();
      }}
      onReveal={() => void refresh()}
      back={{ to: paths.challenge.href(tbl.challengeId), label: t('tablePage.bracket') }}
      title={({ seat }) => (
        <>
          {t('tablePage.title', { round: tbl.round, n: tbl.index + 1 })}
          {seat !== null && <span className="subtle">{t('tablePage.youAreSeat', { n: seat + 1 })}</span>}
        </>
      )}
      header={({ seat }) => (
        <>
          <p className="crumbs">
            <Link to={`${paths.howToPlay.href()}#tournament`}>{t('howTo.link')}</Link>
          </p>
          <CallTheDirector tableId={tableId} seat={seat} running={round?.status === 'running'} />
          <ReportCheating gameId={tbl.game?.gameId} players={tbl.seats.map((s) => ({ userId: s.userId, name: s.displayName }))} />
        </>
      )}
      status={() => (
        <>
          <span className={`status status-${tbl.status}`}>{label(tbl.status)}</span>
          {round?.status === 'running' && tbl.status !== 'finished' && <Countdown until={round.hardStopAt} label={t('tablePage.hardStopIn')} />}
        </>
      )}
      result={({ seat }) => (
        <>
          {seat !== null && mine && (
            <p>
              <strong>
                {mine.advanced ? t('tablePage.youFinishedAdvance', { place: mine.place }) : t('tablePage.youFinished', { place: mine.place })}
              </strong>
            </p>
          )}
          {tbl.game && (
            <p>
              <Link to={paths.replay.href(tbl.game.gameId)}>{t('tablePage.analysis')}</Link>{' '}
              <span className="muted">
                {t('tablePage.analysisNote')}
                {seat !== null ? t('tablePage.analysisYours') : ''}
              </span>
            </p>
          )}
        </>
      )}
    />
  );
}
