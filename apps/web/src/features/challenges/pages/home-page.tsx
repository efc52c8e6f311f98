import { Link } from 'react-router';
import { useCities, useCityChallenges } from '../api/challenge-queries';
import type { CityResponseDto } from '../../../api/types';
import { label } from '../components/bracket';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { paths } from '../../../config/paths';
import './home-page.css';

function CityCard({ city }: { city: CityResponseDto }) {
  const challenges = useCityChallenges(city.id);
  const upcoming = (challenges.data ?? []).filter((c) => c.status !== 'completed' && c.status !== 'cancelled').slice(0, 2);
  return (
    <li className="card city">
      <h2>{city.name}</h2>
      <p className="muted">
        Tier {city.tier.replace('T', '')} · ${(city.prizePoolCents / 100).toLocaleString('en-US')} pool
      </p>
      <p className="city-links">
        <Link to={paths.standings.href(city.id)}>
          Season standings<span className="sr-only"> of {city.name}</span>
        </Link>
      </p>
      {challenges.isPending && <Loading what="challenges" />}
      {challenges.isError && <ErrorView error={challenges.error} title="Challenges could not be loaded" />}
      {challenges.data && upcoming.length === 0 && <Empty>No challenge scheduled yet.</Empty>}
      {upcoming.length > 0 && (
        <ul className="challenges">
          {upcoming.map((c) => (
            <li key={c.id}>
              <Link to={paths.challenge.href(c.id)}>
                {formatDateTime(c.startsAt, city.timeZone)}
                <span className="sr-only"> challenge in {city.name}</span>
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
  const cities = useCities();
  return (
    <>
      <h1>Weekly challenges</h1>
      <p className="lead">Saturday noon, 4-player cut-throat tables in every city. Follow a bracket live or sign in to play.</p>
      {cities.isPending && <Loading what="cities" />}
      {cities.isError && <ErrorView error={cities.error} title="Cities could not be loaded" />}
      {cities.data && cities.data.length === 0 && <Empty>No city runs challenges yet.</Empty>}
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
