import { useState } from 'react';
import type { Ack, TiebreakRevealEvent } from '@dcs/common/live/live.contract';
import type { DrawState } from '../live/use-table-live';
import { Countdown } from '../../../components/countdown';
import { Domino } from '../../../components/domino';
import './tiebreak-draw.css';

/**
 * The table's 6-4/5-5 draw (SPEC 4): 28 face-down tiles; each tied player takes up to `handSize` of
 * them, one pick at a time, before the window closes (the server fills the rest). The reveal shows who
 * holds 6-4 or 5-5; a split opens another round.
 */
export function TiebreakDraw({
  draw,
  reveals,
  me,
  names,
  onPick,
}: {
  draw: DrawState | null;
  reveals: TiebreakRevealEvent[];
  me: string | null;
  names: (userId: string) => string;
  onPick(position: number): Promise<Ack<unknown>>;
}) {
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  if (!draw && reveals.length === 0) return null;
  const mine = draw ? draw.taken.filter((t) => t.playerId === me).length : 0;
  const contending = !!draw && me !== null && draw.contenders.includes(me);
  const takenAt = new Map((draw?.taken ?? []).map((t) => [t.position, t.playerId]));
  const pick = async (position: number) => {
    const res = await onPick(position);
    setError(res.ok ? null : res.error);
  };
  return (
    <section aria-labelledby="draw-h" className="card tiebreak">
      <h2 id="draw-h">6-4 / 5-5 draw</h2>
      {draw && (
        <>
          <p>
            Tied: {draw.contenders.map(names).join(', ')}. <Countdown until={draw.closesAt} label="Closes in" />
          </p>
          {contending ? (
            <p role="status">
              Pick {draw.handSize} face-down tiles: {mine} of {draw.handSize} taken. Tiles you do not pick in time are picked for you.
            </p>
          ) : (
            <p className="muted">Watching the draw.</p>
          )}
          <div className="draw-grid" role="group" aria-label="Face-down tiles">
            {Array.from({ length: draw.positions }, (_, i) => {
              const by = takenAt.get(i);
              return (
                <button
                  key={i}
                  type="button"
                  className={`face-down${by ? (by === me ? ' mine' : ' taken') : ''}`}
                  disabled={!contending || !!by || mine >= draw.handSize}
                  aria-label={`Tile ${i + 1}${by ? `, taken by ${by === me ? 'you' : names(by)}` : ''}`}
                  onClick={() => void pick(i)}
                >
                  {i + 1}
                </button>
              );
            })}
          </div>
        </>
      )}
      {error && (
        <div className="notice notice-error" role="alert">
          <p>{error.message}</p>
          <p className="muted">Code: {error.code}</p>
        </div>
      )}
      {reveals.map((r) => (
        <div key={`${r.tiebreakId}-${r.round}`} className="reveal" data-testid="tiebreak-reveal">
          <h3>Round {r.round} revealed</h3>
          <p>
            <strong>
              {r.outcome.kind === 'winner'
                ? `${names(r.outcome.playerId)} ${r.outcome.playerId === me ? 'hold' : 'holds'} ${r.hands.find((h) => h.playerId === (r.outcome as { playerId: string }).playerId)?.deciding.join(' and ') ?? 'a deciding tile'} and ${r.outcome.playerId === me ? 'win' : 'wins'} the draw.`
                : r.outcome.kind === 'split'
                  ? `Split: ${r.outcome.holders.map(names).join(' and ')} each hold a deciding tile. The draw repeats.`
                  : 'Nobody drew 6-4 or 5-5. The draw repeats.'}
            </strong>
          </p>
          <ul className="reveal-hands">
            {r.hands.map((h) => (
              <li key={h.playerId}>
                <span className="reveal-name">{names(h.playerId)}</span>
                <span className="reveal-tiles">
                  {h.tiles.map((t) => (
                    <span key={t} className={h.deciding.includes(t) ? 'deciding' : undefined}>
                      <Domino tile={t} size={14} />
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
