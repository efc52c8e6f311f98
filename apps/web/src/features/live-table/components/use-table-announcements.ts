import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerView } from '@dcs/engine/views';
import { tOr } from '../../../i18n/i18n';
import { useAnnounce } from '../../../components/announcer';
import { endName } from './hand';
import type { TableLive } from '../live/use-table-live';

/** How a hand or game ended, in the page's language (messages `handEnd.*`). */
export const handEnd = (how: string) => tOr(`handEnd.${how}`, how);

/**
 * What the live table says to screen readers: each play, knock and draw, whose turn, the end of a hand and
 * of the game, a clock run-out, my last 10 and 5 seconds, the table's draw opening and its reveal.
 */
export function useTableAnnouncements(a: {
  view: PlayerView | null;
  seat: number | null;
  myTurn: boolean;
  turnDeadline: string | null | undefined;
  extra: TableLive;
  runOutWord: string;
  me: string | null;
  nameOfSeat(seat: number | null): string;
  nameOfUser(id: string): string;
  onFinished?(): void;
  onReveal?(): void;
}): void {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const { view, seat, myTurn, extra, nameOfSeat } = a;
  const lastLog = useRef<string>('');
  const lastTurn = useRef<string>('');
  useEffect(() => {
    if (!view) return;
    const entry = view.log[view.log.length - 1] as { seat: number; type: string; tile?: string; end?: string } | undefined;
    const logKey = `${view.handIndex}:${view.log.length}`;
    if (entry && lastLog.current && logKey !== lastLog.current) {
      const who = nameOfSeat(entry.seat);
      announce(
        entry.type === 'play'
          ? entry.end
            ? t('table.saidPlayedOn', { who, tile: entry.tile, end: endName(entry.end as 'W') })
            : t('table.saidPlayed', { who, tile: entry.tile })
          : entry.type === 'knock'
            ? t('table.saidKnocked', { who })
            : entry.type === 'draw'
              ? t('table.saidDrew', { who })
              : t('table.saidOther', { who, what: entry.type }),
      );
    }
    lastLog.current = logKey;
    const turnKey = view.finished ? 'over' : view.handEndedBy ? `hand-${view.handIndex}` : `${view.handIndex}:${view.turn}`;
    if (turnKey !== lastTurn.current) {
      const newHand = lastTurn.current !== '' && view.lastHand && lastTurn.current.split(':')[0] !== String(view.handIndex);
      if (view.finished) announce(`${t('table.saidGameOver')} ${view.winner !== null ? t('table.saidWon', { who: nameOfSeat(view.winner) }) : ''}`);
      else if (view.handEndedBy) announce(t('table.saidHandOver', { how: handEnd(view.handEndedBy) }));
      else if (newHand && view.lastHand) announce(`${t('table.saidHandOver', { how: handEnd(view.lastHand.endedBy) })} ${view.turn === seat ? t('table.saidYourTurn') : t('table.saidToPlay', { who: nameOfSeat(view.turn) })}`);
      else if (view.turn !== null) announce(view.turn === seat ? t('table.saidYourTurn') : t('table.saidToPlay', { who: nameOfSeat(view.turn) }));
      lastTurn.current = turnKey;
    }
    if (view.finished) a.onFinished?.();
  }, [view?.version, view?.handIndex, view?.finished]);
  useEffect(() => {
    const c = extra.lastClock;
    if (!c) return;
    const who = nameOfSeat(c.seat);
    if (c.penalty === 'computer') announce(t('table.saidJar', { who }));
    else announce(c.ticketsToForfeit ? t('table.saidRunOutOf', { who, word: a.runOutWord, n: c.tickets, of: c.ticketsToForfeit }) : t('table.saidRunOut', { who, word: a.runOutWord, n: c.tickets }));
  }, [extra.lastClock]);
  // My clock: 10 and 5 seconds left.
  useEffect(() => {
    if (!myTurn || !a.turnDeadline) return;
    const left = Date.parse(a.turnDeadline) - Date.now();
    const timers = [10, 5].filter((s) => left > s * 1000).map((s) => setTimeout(() => announce(t('table.saidSecondsLeft', { s })), left - s * 1000));
    return () => timers.forEach(clearTimeout);
  }, [myTurn, a.turnDeadline, announce]);
  useEffect(() => {
    if (extra.reveals.length) a.onReveal?.();
    const r = extra.reveals[extra.reveals.length - 1];
    if (r) announce(r.outcome.kind === 'winner' ? (r.outcome.playerId === a.me ? t('table.saidDrawWinYou') : t('table.saidDrawWin', { who: a.nameOfUser(r.outcome.playerId) })) : t('table.saidDrawRepeat'));
  }, [extra.reveals.length]);
  useEffect(() => {
    if (extra.draw) announce(a.me && extra.draw.contenders.includes(a.me) ? t('table.saidDrawOpenPick') : t('table.saidDrawOpen'));
  }, [extra.draw?.tiebreakId, extra.draw?.round]);
}
