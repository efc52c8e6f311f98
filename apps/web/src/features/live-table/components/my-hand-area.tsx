import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerView } from '@dcs/engine/views';
import { Hand, type LegalMove } from './hand';
import { ErrorView } from '../../../components/status';

type End = 'W' | 'E' | 'N' | 'S';

export interface MyHandAreaProps {
  view: PlayerView;
  legal: LegalMove[];
  myTurn: boolean;
  sending: boolean;
  moveError: { code: string; message: string } | null;
  nameOfSeat(seat: number | null): string;
  can(type: string): boolean;
  send(type: 'play' | 'knock' | 'draw' | 'reshuffle', tile?: string, end?: End): void;
  /** the page's own controls (forfeit …) */
  actions?: ReactNode;
}

/**
 * My hand at the bottom of the table: whose turn in words, my tiles (the server's legal plays
 * highlighted), knock/draw/reshuffle and the page's own controls, a refused move's reason — and a tap on a
 * tile that cannot be played explains itself in place (not my turn, the tile the hand opens with, the open
 * ends it does not match), from what the server sent.
 */
export function MyHandArea({ view, legal, myTurn, sending, moveError, nameOfSeat, can, send, actions }: MyHandAreaProps) {
  const { t } = useTranslation();
  const [whyNot, setWhyNot] = useState<{ tile: string; text: string } | null>(null);
  useEffect(() => {
    if (!whyNot) return;
    const timer = setTimeout(() => setWhyNot(null), 4000);
    return () => clearTimeout(timer);
  }, [whyNot]);
  useEffect(() => setWhyNot(null), [view.version]);
  const explain = (tile: string) => {
    if (sending) return;
    let text: string;
    if (!myTurn) text = view.turn === null ? t('table.whyNotDealing') : t('table.whyNotTurn', { who: nameOfSeat(view.turn) });
    else if (view.pendingLead?.tile && view.pendingLead.tile !== tile) text = t('table.whyNotLead', { tile: view.pendingLead.tile });
    else if (!legal.some((m) => m.type === 'play')) text = can('draw') ? t('table.whyNotDraw') : t('table.whyNotKnock');
    else if (view.openEnds.length) text = t('table.whyNotFits', { tile, ends: [...new Set(view.openEnds.map((e) => e.value))].join(', ') });
    else text = t('table.whyNotNow', { tile });
    setWhyNot({ tile, text });
  };
  return (
    <section aria-labelledby="hand-h" className={`my-hand${myTurn ? ' my-turn' : ''}`} data-version={view.version}>
      <h2 id="hand-h" className="sr-only">
        {t('table.myHand')}
      </h2>
      <p role="status" className={`ts-turn-line ${myTurn ? 'your-turn' : 'muted'}`}>
        {myTurn ? (legal.some((m) => m.type === 'play') ? t('table.yourTurnPlay') : t('table.yourTurnNone')) : view.handEndedBy ? t('table.nextHand') : t('table.saidToPlay', { who: nameOfSeat(view.turn) })}
      </p>
      <div className="my-hand-row">
        <Hand tiles={view.hand ?? []} legal={legal} openEnds={view.openEnds} enabled={myTurn && !sending} onPlay={(tile, end) => send('play', tile, end)} onRefused={explain} refused={whyNot?.tile ?? null} />
        <div className="actions my-actions">
          <button type="button" disabled={!can('knock') || sending} onClick={() => send('knock')} aria-keyshortcuts={t('table.knockKey')}>
            {t('table.knock')} <kbd>{t('table.knockKey')}</kbd>
          </button>
          {view.yardDrawable && (view.yardCount > 0 || can('draw')) && (
            <button type="button" disabled={!can('draw') || sending} onClick={() => send('draw')} aria-keyshortcuts="D">
              {t('table.draw')} <kbd>D</kbd>
            </button>
          )}
          {can('reshuffle') && (
            <button type="button" disabled={sending} onClick={() => send('reshuffle')} aria-keyshortcuts="R">
              {t('table.reshuffle')} <kbd>R</kbd>
            </button>
          )}
          {actions}
        </div>
      </div>
      <p className="why-not" aria-live="polite" data-testid="why-not">
        {whyNot?.text ?? ''}
      </p>
      {moveError && <ErrorView error={moveError} title={t('table.moveRefused')} />}
    </section>
  );
}
