import { useTranslation } from 'react-i18next';
import type { HandEndView } from '@dcs/engine/views';
import { tOr } from '../../../i18n/i18n';
import { Domino } from '../../../components/domino';

/**
 * The end of a hand, held a few seconds before the next deal is shown (the clocks wait meanwhile, on the
 * server): how it ended and who won it, each seat's points and Grey/Yellow change, the score after it, and
 * every seat's tiles left, revealed (PlayerView.lastHand: nothing of the new hand).
 */
export function HandSummary({ hand, tournament, nameOfSeat, final }: { hand: HandEndView; tournament: boolean; nameOfSeat(seat: number): string; final?: boolean }) {
  const { t } = useTranslation();
  const how = tOr(`handEnd.${hand.endedBy}`, hand.endedBy);
  const houseName = (yellow: boolean) => (yellow ? t('table.yellow') : t('table.grey'));
  return (
    <section className="hand-summary" aria-labelledby="hand-summary-h" data-testid="hand-summary" data-hand={hand.index} tabIndex={final ? undefined : 0}>
      <h2 id="hand-summary-h">{t('table.handOver', { n: hand.index + 1 })}</h2>
      <p className="hand-summary-how">
        {t('table.endedBy', { how })}
        {hand.winner !== null ? t('table.wonHand', { who: nameOfSeat(hand.winner) }) : ''}
        {hand.void ? ` ${t('table.handVoid')}` : ''}
      </p>
      <ul className="hand-summary-seats">
        {hand.points.map((points, seat) => {
          const changed = hand.onBoardBefore[seat] !== hand.onBoardAfter[seat];
          return (
            <li key={seat} data-seat={seat}>
              <span className="hs-who">{nameOfSeat(seat)}</span>
              <span className="hs-points">{t('table.handPoints', { points })}</span>
              <span className="hs-score muted">{t('table.scoreNow', { score: hand.scores[seat] })}</span>
              {tournament && (
                <span className={`house ${hand.onBoardAfter[seat] ? 'yellow' : 'grey'}`}>
                  {changed ? t('table.houseChange', { from: houseName(hand.onBoardBefore[seat]), to: houseName(hand.onBoardAfter[seat]) }) : houseName(hand.onBoardAfter[seat])}
                </span>
              )}
              <span className="hs-tiles" role="img" aria-label={t('table.tilesLeftOf', { who: nameOfSeat(seat), tiles: hand.tilesLeft[seat].join(', ') || t('table.noTilesLeft') })} data-testid="revealed">
                {hand.tilesLeft[seat].length ? hand.tilesLeft[seat].map((tile) => <Domino key={tile} tile={tile} orientation="vertical" size={14} />) : <span className="muted">{t('table.noTilesLeft')}</span>}
              </span>
            </li>
          );
        })}
      </ul>
      {!final && <p className="muted hand-summary-next">{t('table.nextDealSoon')}</p>}
    </section>
  );
}
