import type { BoardState, PlacedTile } from '@dcs/engine/types';
import type { OpenEnd } from '@dcs/engine/board';
import { useTranslation } from 'react-i18next';
import { Domino } from './domino';
import './board.css';

export interface BoardProps {
  /** the engine's board (PlayerView.board): the lead, the spinner, and the W/E/N/S arms outward */
  board: BoardState | null;
  /** the ends a tile may go on now, with their numbers (PlayerView.openEnds); empty once the hand is over */
  openEnds?: OpenEnd[];
  /** the open-end total (PlayerView.sum) */
  sum?: number;
  /** half-tile size in px (default 22) */
  size?: number;
  /** accessible name of the board (default "Board") */
  label?: string;
}

const other = (tile: string, n: number) => {
  const [a, b] = tile.split('-').map(Number);
  return a === n ? b : a;
};

interface Cell {
  key: string;
  tile: string;
  first: number;
  vertical: boolean;
  spinner: boolean;
  row: number;
  col: number;
}

/**
 * The public board, the same for the spectator view, the player's table and the replay viewer:
 * the lead in the middle, the west and east arms left and right, and — once the spinner (the
 * first double) is there — the north and south arms up and down from it. Doubles lie across
 * their line. It only draws what the server sent; it never decides what is playable.
 */
export function Board({ board, openEnds = [], sum, size = 22, label: given }: BoardProps) {
  const { t } = useTranslation();
  const label = given ?? t('table.board');
  if (!board || !board.lead) {
    return (
      <figure className="board board-empty" aria-label={label}>
        <p>{t('board.empty')}</p>
      </figure>
    );
  }
  const { W, E, N, S } = board.arms;
  const lead = board.lead;
  const leadDouble = lead.w === lead.e;
  const spin = board.spinner;
  const spinnerCol = !spin ? -1 : spin.arm === 'lead' ? W.length : spin.arm === 'W' ? W.length - 1 - spin.index : W.length + 1 + spin.index;
  const line = N.length;
  const cells: Cell[] = [];
  const isSpinner = (arm: 'lead' | 'W' | 'E', i: number) => !!spin && spin.arm === arm && (arm === 'lead' || spin.index === i);
  W.forEach((t: PlacedTile, i) => cells.push({ key: `W${i}`, tile: t.tile, first: t.outer, vertical: t.double, spinner: isSpinner('W', i), row: line, col: W.length - 1 - i }));
  cells.push({ key: 'lead', tile: lead.tile, first: lead.w, vertical: leadDouble, spinner: isSpinner('lead', 0), row: line, col: W.length });
  E.forEach((t: PlacedTile, i) => cells.push({ key: `E${i}`, tile: t.tile, first: other(t.tile, t.outer), vertical: t.double, spinner: isSpinner('E', i), row: line, col: W.length + 1 + i }));
  if (spinnerCol >= 0) {
    N.forEach((t: PlacedTile, i) => cells.push({ key: `N${i}`, tile: t.tile, first: t.outer, vertical: !t.double, spinner: false, row: line - 1 - i, col: spinnerCol }));
    S.forEach((t: PlacedTile, i) => cells.push({ key: `S${i}`, tile: t.tile, first: other(t.tile, t.outer), vertical: !t.double, spinner: false, row: line + 1 + i, col: spinnerCol }));
  }
  const cols = W.length + 1 + E.length;
  const rows = N.length + 1 + S.length;
  const ends = openEnds.map((e) => `${t(`ends.${e.end}`)} ${e.value}`).join(', ');
  const armText = (name: string, arm: PlacedTile[]) => (arm.length ? t('board.arm', { name, tiles: arm.map((p) => p.tile).join(', ') }) : null);
  return (
    <figure className="board" aria-label={label}>
      <div className="board-scroll" tabIndex={0} role="group" aria-label={t('board.tiles', { label })}>
        <div className="board-grid" style={{ gridTemplateColumns: `repeat(${cols}, auto)`, gridTemplateRows: `repeat(${rows}, auto)` }}>
          {cells.map((c) => (
            <div key={c.key} className="board-cell" style={{ gridRow: c.row + 1, gridColumn: c.col + 1 }}>
              <Domino tile={c.tile} first={c.first} orientation={c.vertical ? 'vertical' : 'horizontal'} spinner={c.spinner} size={size} />
            </div>
          ))}
        </div>
      </div>
      <figcaption>
        {ends ? <span>{t('board.openEnds', { ends })}</span> : <span>{t('board.handOver')}</span>}
        {sum !== undefined && <span className="board-sum">{t('board.total', { sum })}</span>}
        <span className="sr-only">
          {' '}
          {t('board.lead', { tile: lead.tile })} {[armText(t('board.west'), W), armText(t('board.east'), E), armText(t('board.north'), N), armText(t('board.south'), S)].filter(Boolean).join('. ')}
        </span>
      </figcaption>
    </figure>
  );
}
