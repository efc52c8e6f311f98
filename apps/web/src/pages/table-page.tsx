import { Link, useParams } from 'react-router';
import type { PlayerView } from '@dcs/engine/views';
import { useBracket, useTable } from '../api/queries';
import { Board } from '../components/board';
import { Countdown } from '../components/countdown';
import { label } from '../components/bracket';
import { ErrorView, Loading } from '../components/status';
import { useGameLive } from '../live/use-game-live';

/** A table for spectators: who sits where, the public board, scores, the turn clock and the round's hard stop. */
export function TablePage() {
  const { tableId = '' } = useParams();
  const table = useTable(tableId);
  const bracket = useBracket(table.data?.challengeId ?? '');
  const live = useGameLive(table.data?.game?.gameId, table.data?.game ?? null);

  if (table.isPending) return <Loading what="the table" />;
  if (table.isError) return <ErrorView error={table.error} title="This table could not be loaded" page />;
  const t = table.data;
  const game = live.view;
  const view = (game?.view ?? null) as PlayerView | null;
  const round = bracket.data?.rounds.find((r) => r.round === t.round);
  const results = new Map((t.result ?? []).map((r) => [r.userId, r]));

  return (
    <>
      <p className="crumbs">
        <Link to={`/challenges/${t.challengeId}`}>← Bracket</Link>
      </p>
      <h1>
        Round {t.round}, table {t.index + 1}
      </h1>
      <div className="table-status">
        <span className={`status status-${t.status}`}>{label(t.status)}</span>
        {round?.status === 'running' && t.status !== 'finished' && <Countdown until={round.hardStopAt} label="Hard stop in" />}
        {game && game.status === 'playing' && <Countdown until={game.turnDeadline} label="Turn clock" />}
      </div>
      {live.error && <ErrorView error={live.error} title="Live updates are unavailable" />}

      <section aria-labelledby="players-h">
        <h2 id="players-h" className="sr-only">
          Players
        </h2>
        <ol className="players">
          {t.seats.map((s) => {
            const r = results.get(s.userId);
            const onTurn = view?.turn === s.seat && !view.finished;
            return (
              <li key={s.userId} className={`player${onTurn ? ' on-turn' : ''}`} aria-current={onTurn ? 'true' : undefined}>
                <span className="player-name">
                  {s.displayName} <span className="seed">#{s.seed}</span>
                  {onTurn && <span className="tag">to play</span>}
                </span>
                <span className="player-facts">
                  <span className="score" aria-label={`score ${view?.scores[s.seat] ?? r?.score ?? 0}`}>
                    {view?.scores[s.seat] ?? r?.score ?? 0}
                  </span>
                  {view && <span className="muted">{view.tileCounts[s.seat]} tiles</span>}
                  {view && <span className={`house ${view.onBoard[s.seat] ? 'yellow' : 'grey'}`}>{view.onBoard[s.seat] ? 'Yellow' : 'Grey'}</span>}
                  {(view?.forfeited[s.seat] || r?.forfeited) && <span className="tag tag-bad">forfeit</span>}
                  {r?.advanced && <span className="tag tag-ok">✓ advances</span>}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="board-h">
        <h2 id="board-h">Board</h2>
        {view ? <Board board={view.board} openEnds={view.openEnds} sum={view.sum} label={`Board of table ${t.index + 1}`} /> : <p className="empty">No game at this table yet.</p>}
        {view && <p className="muted">Yard: {view.yardCount} tiles · hand {view.handIndex !== null ? view.handIndex + 1 : '—'}</p>}
      </section>
      <p className="sr-only" aria-live="polite">
        {view && !view.finished && view.turn !== null ? `${t.seats.find((s) => s.seat === view.turn)?.displayName ?? 'Seat'} to play; total ${view.sum}.` : ''}
      </p>
    </>
  );
}
