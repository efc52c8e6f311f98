import { useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
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
import '../../../components/player-list.css';
import './replay-page.css';

/** What a step shows, in words (also what is announced). */
function describe(step: ReplayStep, seatName: (seat: number) => string): string {
  if (!step.move) {
    if (step.finished && step.action === null && step.board?.lead) return 'Hard stop: the game ends here.';
    return `Hand ${step.hand + 1}: the deal.`;
  }
  let text = `${seatName(step.move.seat)} ${moveWords(step.move)}; total ${step.sum}.`;
  if (step.handEndedBy) text += ` Hand over (${step.handEndedBy.replace(/-/g, ' ')})${step.handWinner !== null ? `, ${seatName(step.handWinner)} wins it` : ''}.`;
  if (step.finished) text += ' Game over.';
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
  const me = useMe();
  const announce = useAnnounce();
  const [i, setI] = useState(0);
  const steps = replay.data?.steps ?? [];
  const last = Math.max(0, steps.length - 1);
  const mySeat = analysis.data?.seat ?? null;
  const seatName = (seat: number) => (table.data?.seats.find((s) => s.seat === seat)?.displayName ?? `Seat ${seat + 1}`) + (seat === mySeat ? ' (you)' : '');
  const { at, flagged } = decisionsByStep(steps, analysis.data);
  const step = steps[Math.min(i, last)];
  const decision = at.get(i);
  const text = step ? describe(step, seatName) : '';

  if (replay.isPending) return <Loading what="the replay" />;
  if (replay.isError) return <ErrorView error={replay.error} title="This game cannot be replayed" page />;
  if (!step) {
    return (
      <>
        <h1>Replay</h1>
        <Empty>This game has no recorded move.</Empty>
      </>
    );
  }

  /** Moves to position n (clamped) and announces it, with its verdict when the move was judged. */
  const go = (n: number) => {
    const to = Math.max(0, Math.min(last, n));
    setI(to);
    const d = at.get(to);
    announce(`Step ${to + 1} of ${steps.length}. ${describe(steps[to], seatName)}${d ? ` ${verdictWords(d, seatName)}` : ''}`);
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
  const t = table.data;
  const ready = analysis.data?.status === 'ready' ? analysis.data : null;

  return (
    <>
      <p className="crumbs">
        {mySeat !== null && <Link to={paths.myGames.href()}>← My games</Link>}
        {mySeat === null && hasRole(me.data?.roles, ['reviewer']) && <Link to={paths.cases.href()}>← Cases</Link>}
        {t && (
          <>
            {' '}
            · <Link to={paths.table.href(t.id)}>the table</Link>
          </>
        )}
        {replay.data.houseTableId && (
          <>
            {' '}
            · <Link to={paths.houseTable.href(replay.data.houseTableId)}>the house table</Link>
          </>
        )}{' '}
        · <Link to={paths.verify.href(gameId)}>Verify the deal</Link>
      </p>
      <h1>
        Replay{t ? `: round ${t.round}, table ${t.index + 1}` : ''} <span className="subtle">{replay.data.endedBy ? `ended by ${replay.data.endedBy.replace(/-/g, ' ')}` : ''}</span>
      </h1>
      <div className="replay-layout">
        <div
          className="replay"
          tabIndex={0}
          role="group"
          aria-roledescription="replay viewer"
          aria-label={`Replay: ← and → step, Home and End jump to the first and last position${ready ? ', P and N to the previous and next inaccuracy, mistake or blunder' : ''}`}
          onKeyDown={onKey}
        >
          <div className="pager replay-controls">
            <button type="button" className="secondary" onClick={() => go(0)} disabled={i === 0}>
              « First
            </button>
            <button type="button" onClick={() => go(i - 1)} disabled={i === 0}>
              ◀ Previous
            </button>
            <span className="step-count" data-testid="replay-step">
              Step {i + 1} / {steps.length} · hand {step.hand + 1}
            </span>
            <button type="button" onClick={() => go(i + 1)} disabled={i >= last}>
              Next ▶
            </button>
            <button type="button" className="secondary" onClick={() => go(last)} disabled={i >= last}>
              Last »
            </button>
          </div>
          {ready && (
            <div className="pager mistake-controls">
              <button type="button" className="secondary" onClick={() => prevFlagged !== undefined && go(prevFlagged)} disabled={prevFlagged === undefined}>
                ‹ Previous mistake
              </button>
              <button type="button" className="secondary" onClick={() => nextFlagged !== undefined && go(nextFlagged)} disabled={nextFlagged === undefined}>
                Next mistake ›
              </button>
            </div>
          )}
          <p className="replay-move" data-testid="replay-move">
            {text}
          </p>
          {decision && <Verdict decision={decision} seatName={seatName} />}
          <Board board={step.board} openEnds={step.openEnds} sum={step.sum} label={`Board at step ${i + 1}`} size={18} />
          <ol className="players">
            {step.holdings.map((tiles, seat) => (
              <li key={seat} className={`player${step.turn === seat ? ' on-turn' : ''}`}>
                <span className="player-name">
                  {seatName(seat)}
                  {step.turn === seat && <span className="tag">to play</span>}
                </span>
                <span className="player-facts">
                  <span className="score" aria-label={`score ${step.scores[seat]}`}>
                    {step.scores[seat]}
                  </span>
                  <span className="muted">{tiles.length} tiles</span>
                </span>
                <span className="hand-tiles" role="img" aria-label={`${seatName(seat)}'s tiles: ${tiles.join(', ') || 'none'}`}>
                  {tiles.map((tile) => (
                    <Domino key={tile} tile={tile} orientation="vertical" size={14} />
                  ))}
                </span>
              </li>
            ))}
          </ol>
          <p className="muted">Yard: {step.yardCount} tiles</p>
        </div>
        <section className="analysis" aria-labelledby="analysis-head">
          <h2 id="analysis-head">Analysis</h2>
          <AnalysisState analysis={analysis} />
          {ready && (
            <>
              <AnalysisSummary analysis={ready} seatName={seatName} />
              <h3>Flagged moves</h3>
              <FlaggedMoves at={at} flagged={flagged} current={i} go={go} seatName={seatName} />
              <p className="muted analysis-key">
                Each choice is judged against the expert on what its player could know then: inaccuracy from {ready.thresholds?.inaccuracy}, mistake from {ready.thresholds?.mistake}, blunder from{' '}
                {ready.thresholds?.blunder} expected points lost.
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}
