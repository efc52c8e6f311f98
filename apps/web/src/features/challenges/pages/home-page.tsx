import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCities, useCityChallenges } from '../api/challenge-queries';
import type { CityResponseDto } from '../../../api/types';
import { label } from '../components/bracket';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime, formatMoney } from '../../../utils/format';
import { paths } from '../../../config/paths';
import './home-page.css';

function CityCard({ city }: { city: CityResponseDto }) {
  const { t } = useTranslation();
  const challenges = useCityChallenges(city.id);
  const upcoming = (challenges.data ?? []).filter((c) => c.status !== 'completed' && c.status !== 'cancelled').slice(0, 2);
  return (
    <li className="card city">
      <h2>{city.name}</h2>
      <p className="muted">
        {t('home.tier', { tier: city.tier.replace('T', ''), pool: formatMoney(city.prizePoolCents) })}
      </p>
      <p className="city-links">
        <Link to={paths.standings.href(city.id)}>
          {t('home.standings')}<span className="sr-only">{t('home.ofCity', { city: city.name })}</span>
        </Link>
      </p>
      {challenges.isPending && <Loading what={t('home.challenges')} />}
      {challenges.isError && <ErrorView error={challenges.error} title={t('home.challengesFailed')} />}
      {challenges.data && upcoming.length === 0 && <Empty>{t('home.noChallenge')}</Empty>}
      {upcoming.length > 0 && (
        <ul className="challenges">
          {upcoming.map((c) => (
            <li key={c.id}>
              <Link to={paths.challenge.href(c.id)}>
                {formatDateTime(c.startsAt, city.timeZone)}
                <span className="sr-only">{t('home.challengeIn', { city: city.name })}</span>
              </Link>{' '}
              <span className={`status status-${c.status}`}>{label(c.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every city with its next challenges. */
export function HomePage() {
  const { t } = useTranslation();
  const cities = useCities();
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.lead')}</p>
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
