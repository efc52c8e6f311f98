import { placesIfEndedNow } from '@dcs/engine/places-now';
import './places-now.css';

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/**
 * A challenge table while its game runs: each seat's place if the game ended now and who would
 * advance (libs/engine places-now.ts), from the scores every viewer sees.
 */
export function PlacesNow({ scores, forfeited, final, nameOfSeat }: { scores: number[]; forfeited: boolean[]; final: boolean; nameOfSeat(seat: number): string }) {
  const now = placesIfEndedNow(scores, forfeited, final);
  const placeWord = (place: number | null, tied: boolean) => {
    if (place === null) return 'last (forfeit)';
    if (final && place >= 3) return '3rd–4th';
    return `${tied ? 'tied ' : ''}${ordinal(place)}`;
  };
  return (
    <div className="places-now" data-testid="places-now">
      <h3>If the game ended now</h3>
      <ol>
        {now.places.map((p) => {
          const tied = p.place !== null && now.places.filter((q) => q.place === p.place).length > 1;
          return (
            <li key={p.seat} data-seat={p.seat}>
              <span className="who">{nameOfSeat(p.seat)}</span> <span className="muted">{p.score}</span> — {placeWord(p.place, tied)}
              {p.advances === true && <span className="tag tag-ok">advances</span>}
              {p.advances === 'draw' && <span className="tag tag-open">tie — a 6-4/5-5 draw would decide</span>}
              {!final && p.advances === false && <span className="tag">out</span>}
            </li>
          );
        })}
      </ol>
      {now.draw && final && (
        <p className="muted">
          Tie — a 6-4/5-5 draw would decide {now.draw.seats.map(nameOfSeat).join(' and ')}&apos;s {now.draw.places === 1 ? 'place' : 'places'}.
        </p>
      )}
      <p className="muted small">{final ? 'The final table: places by score now.' : 'The top 2 advance.'} A hard stop would also void the hand in progress.</p>
    </div>
  );
}
