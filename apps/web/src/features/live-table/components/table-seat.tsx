import { useTranslation } from 'react-i18next';
import type { PlayerView } from '@dcs/engine/views';
import type { ReactNode } from 'react';
import { ClockRing } from './clock-ring';

/** One seat as the table's page knows it (the live view knows only seat numbers). */
export interface LiveTableSeat {
  seat: number;
  userId: string | null;
  name: string;
  /** after the name: a seed, a computer's level, a team … */
  badges?: ReactNode;
  /** among the seat's facts: a place, a clock … */
  facts?: ReactNode;
  /** the score when there is no live view (the table's result) */
  score?: number;
  /** forfeited by the table's result (the live view's forfeits are shown anyway) */
  forfeited?: boolean;
}

/** Where a seat sits around the board, as the viewer sees it (the viewer, or seat 1 for a spectator, at the bottom). */
export type SeatPlace = 'bottom' | 'left' | 'top' | 'right';

/** The places of `players` seats seen from `bottom`: play goes bottom → left → top → right. */
export function seatPlaces(players: number, bottom: number): Map<number, SeatPlace> {
  const order: SeatPlace[] = players === 2 ? ['bottom', 'top'] : players === 3 ? ['bottom', 'left', 'right'] : ['bottom', 'left', 'top', 'right'];
  return new Map(order.map((p, i) => [(bottom + i) % players, p]));
}

export interface TableSeatProps {
  seat: LiveTableSeat;
  place: SeatPlace;
  view: PlayerView | null;
  me: boolean;
  onTurn: boolean;
  /** the seat's clock run-outs in this game */
  runOuts: number;
  runOutWord: string;
  /** tiles the seat drew in this hand */
  draws: number;
  /** the turn clock's deadline, when this seat is on turn */
  deadline: string | null;
}

/**
 * One seat around the board: name, score, tiles left, Grey/Yellow, run-outs, whose turn and, on turn,
 * the turn clock as a ring. Compact: on a phone three of them share one row above the board.
 */
export function TableSeat({ seat: s, place, view, me, onTurn, runOuts, runOutWord, draws, deadline }: TableSeatProps) {
  const { t } = useTranslation();
  const score = view?.scores[s.seat] ?? s.score ?? 0;
  return (
    <li className={`player seat-card seat-${place}${onTurn ? ' on-turn' : ''}${me ? ' me' : ''}`} aria-current={onTurn ? 'true' : undefined} data-seat={s.seat} data-testid={`seat-${s.seat}`}>
      <span className="player-name">
        <span className="seat-name-text">{s.name}</span> {s.badges}
        {me && <span className="tag tag-me">{t('table.youTag')}</span>}
        {onTurn && <span className="tag tag-turn">{t('table.toPlay')}</span>}
      </span>
      <span className="player-facts">
        <span className="score" aria-label={t('table.score', { score })} data-testid="seat-score">
          {score}
        </span>
        {view && <span className="seat-tiles">{t('table.tiles', { count: view.tileCounts[s.seat] })}</span>}
        {view && draws > 0 && <span className="muted">{t('table.drew', { n: draws })}</span>}
        {view && view.ruleset === 'dcs-tournament' && <span className={`house ${view.onBoard[s.seat] ? 'yellow' : 'grey'}`}>{view.onBoard[s.seat] ? t('table.yellow') : t('table.grey')}</span>}
        {runOuts > 0 && (
          <span className="tag tag-bad" data-testid="tickets">
            {t('table.runOuts', { count: runOuts, word: runOutWord })}
          </span>
        )}
        {(view?.forfeited[s.seat] || s.forfeited) && <span className="tag tag-bad">{t('table.forfeit')}</span>}
        {s.facts}
      </span>
      {onTurn && deadline && <ClockRing until={deadline} label={me ? t('table.yourClock') : t('table.clockOf', { who: s.name })} size={me ? 48 : 34} testId={me ? 'my-clock' : 'seat-clock'} />}
    </li>
  );
}
