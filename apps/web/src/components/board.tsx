import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardState, PlacedTile } from '@dcs/engine/types';
import type { OpenEnd } from '@dcs/engine/board';
import { DominoShape, dominoFaces } from './domino';
import { fitBoard } from './board-layout';
import './board.css';
import './domino.css';

export interface BoardProps {
  /** the engine's public board (PlayerView.board): lead, arms W/E/N/S outward, spinner */
  board: BoardState | null;
  /** the ends a tile may go on now, with their numbers (PlayerView.openEnds); empty once the hand is over */
  openEnds?: OpenEnd[];
  /** the open-end total (PlayerView.sum) */
  sum?: number;
  /** the largest half-tile size in px (default 26); the board draws smaller to fit its box */
  size?: number;
  /** accessible name of the board (default "Board") */
  label?: string;
  /** the tile played last (marked; it moves in from `from` unless the reader prefers reduced motion) */
  last?: string | null;
  /** where the last tile came from: the side of the table its player sits on */
  from?: 'bottom' | 'left' | 'top' | 'right' | null;
  /** the board fills its parent's height (the live table) instead of taking the height it needs */
  fill?: boolean;
}

/** Units of the drawing: one half-tile is this many SVG units (the pips' geometry is drawn at this size). */
const U = 20;

/**
 * The public board, the same for the spectator view, the player's table and the replay viewer: the lead
 * in the middle, the west and east arms left and right — turning up and down when that shows the tiles
 * larger (board-layout.ts) — and, once the spinner (the first double) is there, the north and south arms
 * up and down from it. Doubles lie across their line. The whole line is scaled into the board's box, so
 * every open end stays in view however long the line. It only draws what the server sent; it never
 * decides what is playable.
 */
export function Board({ board, openEnds = [], sum, size = 26, label: given, last, from, fill }: BoardProps) {
  const { t } = useTranslation();
  const label = given ?? t('table.board');
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<{ w: number; h: number }>({ w: 320, h: 240 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setRoom((r) => (Math.abs(r.w - el.clientWidth) < 1 && Math.abs(r.h - el.clientHeight) < 1 ? r : { w: el.clientWidth, h: el.clientHeight }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [!!board?.lead]);
  if (!board || !board.lead) {
    return (
      <figure className={`board board-empty${fill ? ' board-fill' : ''}`} aria-label={label}>
        <div className="board-box" data-testid="board-box">
          <p>{t('board.empty')}</p>
        </div>
      </figure>
    );
  }
  const { W, E, N, S } = board.arms;
  // Not filling a parent: the board takes the height a phone-wide box of tiles needs, at most 60 % of the screen.
  const h = fill ? room.h : Math.min(room.w * 0.75, (typeof window === 'undefined' ? 800 : window.innerHeight) * 0.6);
  const fit = fitBoard(board, Math.max(40, room.w - 8), Math.max(40, h - 8), size);
  const ends = openEnds.map((e) => `${t(`ends.${e.end}`)} ${e.value}`).join(', ');
  const armText = (name: string, arm: PlacedTile[]) => (arm.length ? t('board.arm', { name, tiles: arm.map((p) => p.tile).join(', ') }) : null);
  const pad = 0.25;
  return (
    <figure className={`board${fill ? ' board-fill' : ''}`} aria-label={label}>
      <div className="board-box" ref={box} style={fill ? undefined : { height: h }} data-testid="board-box">
        {fit && (
          <svg
            className="board-svg"
            role="group"
            aria-label={t('board.tiles', { label })}
            width={(fit.layout.width + 2 * pad) * fit.unit}
            height={(fit.layout.height + 2 * pad) * fit.unit}
            viewBox={`${(fit.layout.minX - pad) * U} ${(fit.layout.minY - pad) * U} ${(fit.layout.width + 2 * pad) * U} ${(fit.layout.height + 2 * pad) * U}`}
            data-turn={`${fit.layout.turnAfter}/${fit.layout.turnAfterNS}`}
          >
            {fit.layout.cells.map((c) => {
              const [p, q] = dominoFaces(c.tile, c.first);
              const name = c.spinner ? t('time.spinner', { tile: `${p}-${q}` }) : `${p}-${q}`;
              const isLast = !!last && c.tile === last;
              return (
                <g
                  key={isLast ? `${c.key}-last` : c.key}
                  className={`board-tile${c.spinner ? ' domino-spinner' : ''}${isLast ? ` board-last from-${from ?? 'none'}` : ''}`}
                  transform={`translate(${c.x * U} ${c.y * U})`}
                  role="img"
                  aria-label={isLast ? t('board.lastTile', { tile: name }) : name}
                  data-tile={c.tile}
                >
                  <g className="board-tile-inner">
                    <DominoShape tile={c.tile} first={c.first} orientation={c.upright ? 'vertical' : 'horizontal'} size={U} />
                    {isLast && <rect className="board-last-ring" x={-2} y={-2} width={c.w * U + 4} height={c.h * U + 4} rx={5} />}
                  </g>
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <figcaption>
        {ends ? <span data-testid="open-ends">{t('board.openEnds', { ends })}</span> : <span>{t('board.handOver')}</span>}
        {sum !== undefined && <span className="board-sum">{t('board.total', { sum })}</span>}
        <span className="sr-only">
          {' '}
          {t('board.lead', { tile: board.lead.tile })} {[armText(t('board.west'), W), armText(t('board.east'), E), armText(t('board.north'), N), armText(t('board.south'), S)].filter(Boolean).join('. ')}
        </span>
      </figcaption>
    </figure>
  );
}
