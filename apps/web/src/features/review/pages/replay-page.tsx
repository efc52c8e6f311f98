import { useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n, tOr } from '../../../i18n/i18n';
import { useReplay } from '../api/review-queries';
import { useTable } from '../../live-table/api/table-queries';
import { useAnalysis } from '../../analysis/api/analysis-queries';
import { AnalysisState, AnalysisSummary, decisionsByStep, FlaggedMoves, moveWords, Verdict, verdictWords } from '../../analysis/components/analysis';
import type { ReplayStep } from '../../../api/types';
import { useMe } from '../../../auth/use-me';
import { useAnnounce } from '../../../components/announcer';
import { Board } from '../../../components/board';
import { Domino } from '../../../components/domino';
import { hasRole } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import { ReportCheating } from '../../report/report-cheating';
import '../../../components/player-list.css';
import './replay-page.css';
import { useQuery } from '@tanstack/react-query';
import { houseTableQuery } from '../../house/api/house-queries';
import { seatName as houseSeatName } from '../../house/components/house-common';

/** What a step shows, in words (also what is announced). */
function describe(step: ReplayStep, seatName: (seat: number) => string): string {
  if (!step.move) {
    if (step.finished && step.action === null && step.board?.lead) return i18n.t('replay.hardStop');
    return i18n.t('replay.deal', { hand: step.hand + 1 });
  }
  let text = i18n.t('replay.move', { who: seatName(step.move.seat), move: moveWords(step.move), sum: step.sum });
  if (step.handEndedBy) {
    const how = tOr(`handEnd.${step.handEndedBy}`, step.handEndedBy.replace(/-/g, ' '));
    text += ` ${step.handWinner !== null ? i18n.t('replay.handOverWon', { how, who: seatName(step.handWinner) }) : i18n.t('replay.handOver', { how })}`;
  }
  if (step.finished) text += ` ${i18n.t('replay.gameOver')}`;
  return text;
}

/**
 * A finished game replayed move by move, with its post-game analysis: the server sends every position
 * (GET /api/games/:id/replay, the engine replaying the record with every hand revealed) and the judged
 * decisions (GET /api/games/:id/analysis: a player's own once their table is decided, everyone's once the
 * challenge is complete, staff every seat's); this page only steps through them — buttons, or ←/→, Home/End,
 * P/N (previous/next flagged move) on the viewer — and draws each position with the one Board.
 */
export function ReplayPage() {
  const { gameId = '' } = useParams();
  const replay = useReplay(gameId);
  const analysis = useAnalysis(gameId);
  const table = useTable(replay.data?.tableId ?? '');
  // a house game's seats are named by its house table: people by name, the computer as "Computer 2 (hard)" (issue 43)
  const house = useQuery(houseTableQuery(replay.data?.houseTableId ?? ''));
  const me = useMe();
  const announce = useAnnounce();
  const { t } = useTranslation();
  const [i, setI] = useState(0);
  const steps = replay.data?.steps ?? [];
  const last = Math.max(0, steps.length - 1);
  const mySeat = analysis.data?.seat ?? null;
  const houseSeat = (seat: number) => house.data?.seatsTaken.find((s) => s.seat === seat);
  const seatName = (seat: number) =>
    (table.data?.seats.find((s) => s.seat === seat)?.displayName ?? (houseSeat(seat) ? houseSeatName(houseSeat(seat)!) : t('replay.seat', { n: seat + 1 }))) +
    (seat === mySeat ? ` ${t('standings.youMark')}` : '');
  const { at, flagged } = decisionsByStep(steps, analysis.data);
  const step = steps[Math.min(i, last)];
  const decision = at.get(i);
  const text = step ? describe(step, seatName) : '';

  if (replay.isPending) return <Loading what={t('replay.loading')} />;
  if (replay.isError) return <ErrorView error={replay.error} title={t('replay.failed')} page />;
  if (!step) {
    return (
      <>
        <h1>{t('replay.title')}</h1>
        <Empty>{t('replay.noMove')}</Empty>
      </>
    );
  }

  /** Moves to position n (clamped) and announces it, with its verdict when the move was judged. */
  const go = (n: number) => {
    const to = Math.max(0, Math.min(last, n));
    setI(to);
    const d = at.get(to);
    announce(`${t('replay.stepOf', { step: to + 1, steps: steps.length })} ${describe(steps[to], seatName)}${d ? ` ${verdictWords(d, seatName)}` : ''}`);
  };
  const nextFlagged = flagged.find((f) => f > i);
  const prevFlagged = [...flagged].reverse().find((f) => f < i);
  const onKey = (e: KeyboardEvent) => {
    const keyed: Record<string, number | undefined> = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: last, n: nextFlagged, N: nextFlagged, p: prevFlagged, P: prevFlagged };
    if (!(e.key in keyed)) return;
    e.preventDefault();
    const to = keyed[e.key];
    if (to !== undefined) go(to);
  };
  const tbl = table.data;
  const ready = analysis.data?.status === 'ready' ? analysis.data : null;

  return (
    <>
      <p className="crumbs">
        {mySeat !== null && <Link to={paths.myGames.href()}>{t('replay.myGames')}</Link>}
        {mySeat === null && hasRole(me.data?.roles, ['reviewer']) && <Link to={paths.cases.href()}>{t('replay.cases')}</Link>}
        {tbl && (
          <>
            {' '}
            · <Link to={paths.table.href(tbl.id)}>{t('replay.theTable')}</Link>
          </>
        )}
        {replay.data.houseTableId && (
          <>
            {' '}
            · <Link to={paths.houseTable.href(replay.data.houseTableId)}>{t('replay.theHouseTable')}</Link>
          </>
        )}{' '}
        · <Link to={paths.verify.href(gameId)}>{t('replay.verify')}</Link>
      </p>
      <h1>
        {tbl ? t('replay.titleAt', { round: tbl.round, table: tbl.index + 1 }) : t('replay.title')}{' '}
        <span className="subtle">{replay.data.endedBy ? t('replay.endedBy', { how: tOr(`endedBy.${replay.data.endedBy}`, replay.data.endedBy.replace(/-/g, ' ')) }) : ''}</span>
      </h1>
      {tbl && <ReportCheating gameId={gameId} players={tbl.seats.map((s) => ({ userId: s.userId, name: s.displayName }))} />}
      <div className="replay-layout">
        <div
          className="replay"
          tabIndex={0}
          role="group"
          aria-roledescription={t('replay.viewer')}
          aria-label={ready ? t('replay.keysFlagged') : t('replay.keys')}
          onKeyDown={onKey}
        >
          <div className="pager replay-controls">
            <button type="button" className="secondary" onClick={() => go(0)} disabled={i === 0}>
              « {t('common.first')}
            </button>
            <button type="button" onClick={() => go(i - 1)} disabled={i === 0}>
              ◀ {t('common.previous')}
            </button>
            <span className="step-count" data-testid="replay-step">
              {t('replay.stepCount', { step: i + 1, steps: steps.length, hand: step.hand + 1 })}
            </span>
            <button type="button" onClick={() => go(i + 1)} disabled={i >= last}>
              {t('common.next')} ▶
            </button>
            <button type="button" className="secondary" onClick={() => go(last)} disabled={i >= last}>
              {t('common.last')} »
            </button>
          </div>
          {ready && (
            <div className="pager mistake-controls">
              <button type="button" className="secondary" onClick={() => prevFlagged !== undefined && go(prevFlagged)} disabled={prevFlagged === undefined}>
                ‹ {t('replay.prevMistake')}
              </button>
              <button type="button" className="secondary" onClick={() => nextFlagged !== undefined && go(nextFlagged)} disabled={nextFlagged === undefined}>
                {t('replay.nextMistake')} ›
              </button>
            </div>
          )}
          <p className="replay-move" data-testid="replay-move">
            {text}
          </p>
          {decision && <Verdict decision={decision} seatName={seatName} />}
          <Board board={step.board} openEnds={step.openEnds} sum={step.sum} label={t('replay.boardAt', { step: i + 1 })} size={18} />
          <ol className="players">
            {step.holdings.map((tiles, seat) => (
              <li key={seat} className={`player${step.turn === seat ? ' on-turn' : ''}`}>
                <span className="player-name">
                  {seatName(seat)}
                  {step.turn === seat && <span className="tag">{t('replay.toPlay')}</span>}
                </span>
                <span className="player-facts">
                  <span className="score" aria-label={t('replay.score', { score: step.scores[seat] })}>
                    {step.scores[seat]}
                  </span>
                  <span className="muted">{t('replay.tiles', { count: tiles.length })}</span>
                </span>
                <span className="hand-tiles" role="img" aria-label={t('replay.tilesOf', { who: seatName(seat), tiles: tiles.join(', ') || t('replay.none') })}>
                  {tiles.map((tile) => (
                    <Domino key={tile} tile={tile} orientation="vertical" size={14} />
                  ))}
                </span>
              </li>
            ))}
          </ol>
          <p className="muted">{t('table.yard', { count: step.yardCount })}</p>
        </div>
        <section className="analysis" aria-labelledby="analysis-head">
          <h2 id="analysis-head">{t('replay.analysis')}</h2>
          <AnalysisState analysis={analysis} />
          {ready && (
            <>
              <AnalysisSummary analysis={ready} seatName={seatName} />
              <h3>{t('replay.flagged')}</h3>
              <FlaggedMoves at={at} flagged={flagged} current={i} go={go} seatName={seatName} />
              <p className="muted analysis-key">
                {t('replay.key', { inaccuracy: ready.thresholds?.inaccuracy, mistake: ready.thresholds?.mistake, blunder: ready.thresholds?.blunder })}
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}
