import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NextThingDto } from '../../../api/types';
import { useAnnounce } from '../../../components/announcer';
import { Countdown } from '../../../components/countdown';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import { useRegistrationAction } from '../../challenges/api/challenge-queries';
import './next-card.css';

/** What the thing is about, in a few words: "Miami · 2027-01-02", "Round 2, table 3, seat 2". */
function Where({ thing }: { thing: NextThingDto }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (thing.challenge) parts.push(t('next.challengeOf', { city: thing.challenge.cityName, date: thing.challenge.localDate }));
  if (thing.table) parts.push(t('next.seatAt', { round: thing.round, table: thing.table.table + 1, seat: thing.table.seat + 1 }));
  return parts.length ? <p className="next-where muted">{parts.join(' · ')}</p> : null;
}

/** Check in from the card itself: one tap, then the card reads again. */
function CheckInButton({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const act = useRegistrationAction(challengeId);
  const announce = useAnnounce();
  return (
    <>
      <button type="button" disabled={act.isPending} onClick={() => act.mutate('check-in', { onSuccess: () => announce(t('reg.checkedInNow')) })}>
        {t('next.checkIn')}
      </button>
      {act.isError && <ErrorView error={act.error} title={t('reg.didNotWork')} />}
    </>
  );
}

/** One thing to do: its title (with its countdown), where, and the one button that does it. */
export function NextThing({ thing, first }: { thing: NextThingDto; first: boolean }) {
  const { t } = useTranslation();
  const H = first ? 'h2' : 'h3';
  const challengeLink = thing.challenge && (
    <Link to={paths.challenge.href(thing.challenge.challengeId)} className={first ? 'button-link secondary-link' : undefined}>
      {t('next.openChallenge')}
    </Link>
  );
  switch (thing.kind) {
    case 'table':
      return (
        <>
          <H>{t('next.tableReady')}</H>
          <Where thing={thing} />
          <p className="next-actions">
            <Link className="button-link" to={paths.table.href(thing.table!.tableId)}>
              {t('next.takeSeat')}
            </Link>
          </p>
        </>
      );
    case 'check-in':
      return (
        <>
          <H>
            {t('next.checkInNow')} <span className="paren">(<Countdown until={thing.at} label={t('next.closesIn')} />)</span>
          </H>
          <Where thing={thing} />
          <p className="next-actions">
            <CheckInButton challengeId={thing.challenge!.challengeId} />
            {challengeLink}
          </p>
        </>
      );
    case 'next-round':
      return (
        <>
          <H>{thing.at ? <Countdown until={thing.at} label={t('next.roundStartsIn', { round: thing.round })} /> : t('next.roundAfter', { round: thing.round, previous: (thing.round ?? 2) - 1 })}</H>
          <Where thing={thing} />
          <p className="next-actions">{challengeLink}</p>
        </>
      );
    case 'house-game':
      return (
        <>
          <H>{thing.houseStatus === 'playing' ? t('next.houseUnfinished') : t('next.houseWaiting')}</H>
          <p className="next-actions">
            <Link className={first ? 'button-link' : undefined} to={paths.houseTable.href(thing.houseTableId!)}>
              {t('next.backToTable')}
            </Link>
          </p>
        </>
      );
    case 'workout':
      return (
        <>
          <H>{t('next.workout', { count: thing.count ?? 1 })}</H>
          <p className="next-actions">
            <Link className={first ? 'button-link' : undefined} to={paths.workouts.href()}>
              {t('next.myWorkouts')}
            </Link>
          </p>
        </>
      );
    case 'registered':
      return (
        <>
          <H>
            {thing.waitlisted ? t('next.waitlisted') : thing.checkedIn ? t('next.checkedIn') : t('next.registered')} <span className="paren">(<Countdown until={thing.at} label={t('next.playStartsIn')} />)</span>
          </H>
          <Where thing={thing} />
          <p className="next-actions">{challengeLink}</p>
        </>
      );
    default:
      return null;
  }
}

/**
 * The home page's first card for a signed-in player: the most urgent thing to do, big, and the rest
 * below it; "nothing right now" with where to play when the list is empty.
 */
export function NextCard({ items }: { items: readonly NextThingDto[] }) {
  const { t } = useTranslation();
  const [first, ...rest] = items;
  return (
    <section className={`card next-card${first ? ` next-${first.kind}` : ''}`} aria-labelledby="next-h" data-testid="next-thing">
      <h1 id="next-h" className="next-eyebrow">
        {t('next.title')}
      </h1>
      {first ? (
        <NextThing thing={first} first />
      ) : (
        <>
          <h2>{t('next.nothing')}</h2>
          <p className="next-actions">
            <Link className="button-link" to={paths.house.href()}>
              {t('next.playHouse')}
            </Link>
          </p>
        </>
      )}
      {rest.length > 0 && (
        <ul className="next-rest" aria-label={t('next.more')}>
          {rest.map((thing, i) => (
            <li key={`${thing.kind}-${thing.challenge?.challengeId ?? thing.houseTableId ?? i}`}>
              <NextThing thing={thing} first={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
