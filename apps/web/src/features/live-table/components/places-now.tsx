import { useTranslation } from 'react-i18next';
import { formatOrdinal } from '../../../utils/format';
import { placesIfEndedNow } from '@dcs/engine/places-now';
import './places-now.css';


/**
 * A challenge table while its game runs: each seat's place if the game ended now and who would
 * advance (libs/engine places-now.ts), from the scores every viewer sees.
 */
export function PlacesNow({ scores, forfeited, final, nameOfSeat }: { scores: number[]; forfeited: boolean[]; final: boolean; nameOfSeat(seat: number): string }) {
  const { t } = useTranslation();
  const now = placesIfEndedNow(scores, forfeited, final);
  const placeWord = (place: number | null, tied: boolean) => {
    if (place === null) return t('placesNow.lastForfeit');
    if (final && place >= 3) return t('standings.placement.3-4');
    return tied ? t('placesNow.tied', { place: formatOrdinal(place) }) : formatOrdinal(place);
  };
  return (
    <div className="places-now" data-testid="places-now">
      <h3>{t('placesNow.title')}</h3>
      <ol>
        {now.places.map((p) => {
          const tied = p.place !== null && now.places.filter((q) => q.place === p.place).length > 1;
          return (
            <li key={p.seat} data-seat={p.seat}>
              <span className="who">{nameOfSeat(p.seat)}</span> <span className="muted">{p.score}</span> — {placeWord(p.place, tied)}
              {p.advances === true && <span className="tag tag-ok">{t('placesNow.advances')}</span>}
              {p.advances === 'draw' && <span className="tag tag-open">{t('placesNow.drawDecides')}</span>}
              {!final && p.advances === false && <span className="tag">{t('placesNow.out')}</span>}
            </li>
          );
        })}
      </ol>
      {now.draw && final && (
        <p className="muted">
          {t('placesNow.tieFinal', { count: now.draw.places, who: now.draw.seats.map(nameOfSeat).join(t('bracket.and')) })}
        </p>
      )}
      <p className="muted small">
        {final ? t('placesNow.finalTable') : t('placesNow.top2')} {t('placesNow.hardStop')}
      </p>
    </div>
  );
}
