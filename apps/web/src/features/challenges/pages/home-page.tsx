import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCities, useCityChallenges } from '../api/challenge-queries';
import type { ChallengeResponseDto, CityResponseDto } from '../../../api/types';
import { label } from '../components/bracket';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime, formatMoney } from '../../../utils/format';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../auth/auth-context';
import { useMe } from '../../../auth/use-me';
import { useMyNext } from '../../next/api/next-queries';
import { NextCard } from '../../next/components/next-card';
import { SeasonLine } from '../../next/components/season-line';
import { LiveNow } from '../../next/components/live-now';
import './home-page.css';

/** Live challenges first (kept until they complete), then the next ones by start time; at most `n`. */
function toShow(challenges: readonly ChallengeResponseDto[], n = 2): ChallengeResponseDto[] {
  const open = challenges.filter((c) => c.status !== 'completed' && c.status !== 'cancelled');
  return [...open.filter((c) => c.status === 'running'), ...open.filter((c) => c.status !== 'running')].slice(0, n);
}

function CityCard({ city, mine = false }: { city: CityResponseDto; mine?: boolean }) {
  const { t } = useTranslation();
  const challenges = useCityChallenges(city.id);
  const shown = toShow(challenges.data ?? []);
  const H = mine ? 'h2' : 'h3';
  return (
    <li className={`card city${mine ? ' my-city' : ''}`}>
      <H>{mine ? t('home.myCity', { city: city.name }) : city.name}</H>
      <p className="muted">{t('home.tier', { tier: city.tier.replace('T', ''), pool: formatMoney(city.prizePoolCents) })}</p>
      <p className="city-links">
        <Link to={paths.standings.href(city.id)}>
          {t('home.standings')}
          <span className="sr-only">{t('home.ofCity', { city: city.name })}</span>
        </Link>
      </p>
      {challenges.isPending && <Loading what={t('home.challenges')} />}
      {challenges.isError && <ErrorView error={challenges.error} title={t('home.challengesFailed')} />}
      {challenges.data && shown.length === 0 && <Empty>{t('home.noChallenge')}</Empty>}
      {shown.length > 0 && (
        <ul className="challenges">
          {shown.map((c) => (
            <li key={c.id}>
              <Link to={paths.challenge.href(c.id)}>
                {formatDateTime(c.startsAt, city.timeZone)}
                <span className="sr-only">{t('home.challengeIn', { city: city.name })}</span>
              </Link>{' '}
              <span className={`status status-${c.status}`}>{c.status === 'running' ? t('home.liveNow') : label(c.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A signed-in player's top of the page: what to do next, my city's next challenge, my season. */
function ForMe({ cities }: { cities: readonly CityResponseDto[] | undefined }) {
  const { t } = useTranslation();
  const me = useMe();
  const next = useMyNext();
  const myCity = cities?.find((c) => c.id === next.data?.cityId);
  return (
    <>
      {next.isPending && <Loading what={t('next.loading')} />}
      {next.isError && <ErrorView error={next.error} title={t('next.failed')} />}
      {next.data && <NextCard items={next.data.items} />}
      <div className="home-mine">
        {myCity && (
          <ul className="cities">
            <CityCard city={myCity} mine />
          </ul>
        )}
        {me.data && <SeasonLine playerId={me.data.id} />}
      </div>
    </>
  );
}

/** Signed in: what I must do next first. Everyone: the challenges being played now, then every city with its next challenges. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const cities = useCities();
  return (
    <>
      {token ? (
        <ForMe cities={cities.data} />
      ) : (
        <>
          <h1>{t('home.title')}</h1>
          <p className="lead">{t('home.lead')}</p>
        </>
      )}
      {cities.data && <LiveNow cities={cities.data} />}
      <h2 className="cities-h">{token ? t('home.allCities') : t('home.citiesTitle')}</h2>
      {cities.isPending && <Loading what={t('home.cities')} />}
      {cities.isError && <ErrorView error={cities.error} title={t('home.citiesFailed')} />}
      {cities.data && cities.data.length === 0 && <Empty>{t('home.noCity')}</Empty>}
      {cities.data && cities.data.length > 0 && (
        <ul className="cities">
          {cities.data.map((c) => (
            <CityCard key={c.id} city={c} />
          ))}
        </ul>
      )}
    </>
  );
}
