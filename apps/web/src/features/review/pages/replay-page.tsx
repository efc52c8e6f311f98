import { useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useReplay } from '../api/review-queries';
import { useTable } from '../../live-table/api/table-queries';
import type { ReplayStep } from '../../../api/types';
import { useAnnounce } from '../../../components/announcer';
import { Board } from '../../../components/board';
import { Domino } from '../../../components/domino';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import '../../../components/player-list.css';
import './replay-page.css';

const END = { W: 'west', E: 'east', N: 'north', S: 'south' } as const;

/** What a step shows, in words (also what is announced). */
function describe(step: ReplayStep, seatName: (seat: number) => string): string {
  if (!step.move) {
    if (step.finished && step.action === null && step.board?.lead) return 'Hard stop: the game ends here.';
    return `Hand ${step.hand + 1}: the deal.`;
  }
  const m = step.move;
  const who = seatName(m.seat);
  let text: string;
  if (m.type === 'play') text = `${who} plays ${m.tile}${m.end ? ` on the ${END[m.end as keyof typeof END] ?? m.end} end` : ''}`;
  else if (m.type === 'knock') text = `${who} knocks`;
  else if (m.type === 'draw') text = `${who} draws from the yard`;
  else if (m.type === 'forfeit') text = `${who} forfeits`;
  else text = `${who}: ${m.type}`;
  text += `; total ${step.sum}.`;
  if (step.handEndedBy) text += ` Hand over (${step.handEndedBy.replace(/-/g, ' ')})${step.handWinner !== null ? `, ${seatName(step.handWinner)} wins it` : ''}.`;
  if (step.finished) text += ' Game over.';
  return text;
}

/**
 * A finished game replayed move by move for the review board: the server sends every position
 * (GET /api/games/:id/replay, the engine replaying the record with every hand revealed), this page
 * only steps through them — buttons, or ←/→, Home/End on the viewer — and draws each with the one Board.
 */
export function ReplayPage() {
  const { gameId = '' } = useParams();
  return (
    <RoleGate roles={['reviewer']} what="the replay viewer">
      <Replay gameId={gameId} />
    </RoleGate>
  );
}

function Replay({ gameId }: { gameId: string }) {
  const replay = useReplay(gameId);
  const table = useTable(replay.data?.tableId ?? '');
  const announce = useAnnounce();
  const [i, setI] = useState(0);
  const steps = replay.data?.steps ?? [];
  const last = Math.max(0, steps.length - 1);
  const seatName = (seat: number) => table.data?.seats.find((s) => s.seat === seat)?.displayName ?? `Seat ${seat + 1}`;
  const step = steps[Math.min(i, last)];
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

  /** Moves to position n (clamped) and announces it. */
  const go = (n: number) => {
    const to = Math.max(0, Math.min(last, n));
    setI(to);
    announce(`Step ${to + 1} of ${steps.length}. ${describe(steps[to], seatName)}`);
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const t = table.data;

  return (
    <>
      <p className="crumbs">
        <Link to={paths.cases.href()}>← Cases</Link>
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
        )}
      </p>
      <h1>
        Replay{t ? `: round ${t.round}, table ${t.index + 1}` : ''} <span className="subtle">{replay.data.endedBy ? `ended by ${replay.data.endedBy.replace(/-/g, ' ')}` : ''}</span>
      </h1>
      <div className="replay" tabIndex={0} role="group" aria-roledescription="replay viewer" aria-label="Replay: ← and → step, Home and End jump to the first and last position" onKeyDown={onKey}>
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
        <p className="replay-move" data-testid="replay-move">
          {text}
        </p>
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
    </>
  );
}
