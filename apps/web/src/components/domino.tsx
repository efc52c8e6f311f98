import { i18n } from '../i18n/i18n';
import './domino.css';

/** Pip positions on a 3×3 grid (0 … 8, row by row) for 0 … 6. */
const PIPS: Record<number, number[]> = { 0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

export type DominoOrientation = 'horizontal' | 'vertical';

export interface DominoProps {
  /** "high-low" as the engine writes tiles, e.g. "6-4" */
  tile: string;
  /** which number shows first (left when horizontal, top when vertical); defaults to the tile's order */
  first?: number;
  orientation?: DominoOrientation;
  /** the spinner (first double): drawn with a ring */
  spinner?: boolean;
  /** cell size in px of one half (default 24) */
  size?: number;
}

function half(value: number, x: number, y: number, s: number) {
  return PIPS[value].map((p) => {
    const cx = x + s * (0.22 + 0.28 * (p % 3));
    const cy = y + s * (0.22 + 0.28 * Math.floor(p / 3));
    return <circle key={`${x}-${y}-${p}`} cx={cx} cy={cy} r={s * 0.085} />;
  });
}

/** The numbers in the order they are drawn (first left or on top). */
export function dominoFaces(tile: string, first?: number): [number, number] {
  const [a, b] = tile.split('-').map(Number);
  return first === undefined || first === a ? [a, b] : [b, a];
}

/** A domino's face, line and pips at the origin, for drawing inside an SVG of one's own (the board's). */
export function DominoShape({ tile, first, orientation = 'horizontal', size = 24 }: Omit<DominoProps, 'spinner'>) {
  const [p, q] = dominoFaces(tile, first);
  const w = orientation === 'horizontal' ? size * 2 : size;
  const h = orientation === 'horizontal' ? size : size * 2;
  const [x2, y2] = orientation === 'horizontal' ? [size, 0] : [0, size];
  return (
    <>
      <rect x={0.75} y={0.75} width={w - 1.5} height={h - 1.5} rx={size * 0.15} className="domino-face" />
      {orientation === 'horizontal' ? <line x1={size} y1={3} x2={size} y2={h - 3} className="domino-line" /> : <line x1={3} y1={size} x2={w - 3} y2={size} className="domino-line" />}
      <g className="domino-pips">
        {half(p, 0, 0, size)}
        {half(q, x2, y2, size)}
      </g>
    </>
  );
}

/** One domino, drawn as SVG; its name ("6-4") is its accessible label. */
export function Domino({ tile, first, orientation = 'horizontal', spinner = false, size = 24 }: DominoProps) {
  const [p, q] = dominoFaces(tile, first);
  const w = orientation === 'horizontal' ? size * 2 : size;
  const h = orientation === 'horizontal' ? size : size * 2;
  return (
    <svg className={`domino${spinner ? ' domino-spinner' : ''}`} width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={spinner ? i18n.t('time.spinner', { tile: `${p}-${q}` }) : `${p}-${q}`}>
      <DominoShape tile={tile} first={first} orientation={orientation} size={size} />
    </svg>
  );
}
