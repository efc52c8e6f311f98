import { Link } from 'react-router';
import { useCities, useCityChallenges } from '../../challenges/api/challenge-queries';
import type { CityResponseDto } from '../../../api/types';
import { label } from '../../challenges/components/bracket';
import { CreateChallengeForm } from '../components/challenge-form';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { useDirectedCities } from '../api/directed-cities';
import { paths } from '../../../config/paths';

function CityChallenges({ city }: { city: CityResponseDto }) {
  const challenges = useCityChallenges(city.id);
  return (
    <li className="card">
      <h2>{city.name}</h2>
      {challenges.isPending && <Loading what="challenges" />}
      {challenges.isError && <ErrorView error={challenges.error} title="Challenges could not be loaded" />}
      {challenges.data && challenges.data.length === 0 && <Empty>No challenge scheduled.</Empty>}
      {challenges.data && challenges.data.length > 0 && (
        <ul className="challenges">
          {challenges.data.map((c) => (
            <li key={c.id}>
              <Link to={paths.directorChallenge.href(c.id)}>
                {formatDateTime(c.startsAt, city.timeZone)}
                <span className="sr-only">, {city.name}</span>
              </Link>{' '}
              <span className={`status status-${c.status}`}>{label(c.status)}</span>
            </li>
          ))}
        </ul>
      )}
      <CreateChallengeForm city={city} />
    </li>
  );
}
/** The director console's start: the challenges of the cities the director directs, with their status. */
export function DirectorHomePage() {
  return (
    <RoleGate roles={['director']} what="the director console">
      <DirectorHome />
    </RoleGate>
  );
}

function DirectorHome() {
  const cities = useCities();
  const directed = useDirectedCities();
  const mine = cities.data && directed ? cities.data.filter((c) => directed.all || directed.ids.has(c.id)) : undefined;
  return (
    <>
      <h1>Director console</h1>
      <p className="lead">
        Choose a challenge to run it, or read the <Link to={paths.audit.href()}>audit log</Link>.
      </p>
      {cities.isPending && <Loading what="cities" />}
      {cities.isError && <ErrorView error={cities.error} title="Cities could not be loaded" />}
      {cities.data && cities.data.length === 0 && <Empty>No city yet.</Empty>}
      {cities.data && cities.data.length > 0 && mine && mine.length === 0 && <Empty>No city is assigned to you yet: an admin assigns directors to cities.</Empty>}
      {mine && mine.length > 0 && (
        <ul className="cities">
          {mine.map((c) => (
            <CityChallenges key={c.id} city={c} />
          ))}
        </ul>
      )}
    </>
  );
}
