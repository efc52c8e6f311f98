import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ack, TiebreakRevealEvent } from '@dcs/common/live/live.contract';
import type { DrawState } from '../live/use-table-live';
import { Countdown } from '../../../components/countdown';
import { Domino } from '../../../components/domino';
import './tiebreak-draw.css';
import { ErrorView } from '../../../components/status';

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
  const { t } = useTranslation();
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  if (!draw && reveals.length === 0) return null;
  const mine = draw ? draw.taken.filter((x) => x.playerId === me).length : 0;
  const contending = !!draw && me !== null && draw.contenders.includes(me);
  const takenAt = new Map((draw?.taken ?? []).map((x) => [x.position, x.playerId]));
  const pick = async (position: number) => {
    const res = await onPick(position);
    setError(res.ok ? null : res.error);
  };
  return (
    <section aria-labelledby="draw-h" className="card tiebreak">
      <h2 id="draw-h">{t('draw.title')}</h2>
      {draw && (
        <>
          <p>
            {t('draw.tied', { who: draw.contenders.map(names).join(', ') })} <Countdown until={draw.closesAt} label={t('draw.closesIn')} />
          </p>
          {contending ? (
            <p role="status">
              {t('draw.pick', { size: draw.handSize, mine })}
            </p>
          ) : (
            <p className="muted">{t('draw.watching')}</p>
          )}
          <div className="draw-grid" role="group" aria-label={t('draw.faceDown')}>
            {Array.from({ length: draw.positions }, (_, i) => {
              const by = takenAt.get(i);
              return (
                <button
                  key={i}
                  type="button"
                  className={`face-down${by ? (by === me ? ' mine' : ' taken') : ''}`}
                  disabled={!contending || !!by || mine >= draw.handSize}
                  aria-label={by ? t('draw.takenBy', { n: i + 1, who: by === me ? t('draw.you') : names(by) }) : t('draw.tile', { n: i + 1 })}
                  onClick={() => void pick(i)}
                >
                  {i + 1}
                </button>
              );
            })}
          </div>
        </>
      )}
      {error && <ErrorView error={error} title={t('draw.notTaken')} />}
      {reveals.map((r) => (
        <div key={`${r.tiebreakId}-${r.round}`} className="reveal" data-testid="tiebreak-reveal">
          <h3>{t('draw.revealed', { round: r.round })}</h3>
          <p>
            <strong>
              {r.outcome.kind === 'winner'
                ? (() => {
                    const tiles = r.hands.find((h) => h.playerId === (r.outcome as { playerId: string }).playerId)?.deciding.join(t('draw.and')) ?? t('draw.aDecidingTile');
                    return r.outcome.playerId === me ? t('draw.youWin', { tiles }) : t('draw.winner', { who: names(r.outcome.playerId), tiles });
                  })()
                : r.outcome.kind === 'split'
                  ? t('draw.split', { who: r.outcome.holders.map(names).join(t('draw.and')) })
                  : t('draw.nobody')}
            </strong>
          </p>
          <ul className="reveal-hands">
            {r.hands.map((h) => (
              <li key={h.playerId}>
                <span className="reveal-name">{names(h.playerId)}</span>
                <span className="reveal-tiles">
                  {h.tiles.map((tile) => (
                    <span key={tile} className={h.deciding.includes(tile) ? 'deciding' : undefined}>
                      <Domino tile={tile} size={14} />
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
