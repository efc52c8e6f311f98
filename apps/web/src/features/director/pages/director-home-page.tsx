import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <li className="card">
      <h2>{city.name}</h2>
      {challenges.isPending && <Loading what={t('home.challenges')} />}
      {challenges.isError && <ErrorView error={challenges.error} title={t('home.challengesFailed')} />}
      {challenges.data && challenges.data.length === 0 && <Empty>{t('director.noChallenge')}</Empty>}
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
  const { t } = useTranslation();
  return (
    <RoleGate roles={['director']} what={t('director.theConsole')}>
      <DirectorHome />
    </RoleGate>
  );
}

function DirectorHome() {
  const cities = useCities();
  const directed = useDirectedCities();
  const mine = cities.data && directed ? cities.data.filter((c) => directed.all || directed.ids.has(c.id)) : undefined;
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('director.console')}</h1>
      <p className="lead">
        <Trans i18nKey="director.lead" components={[<Link to={paths.audit.href()} />]} />
      </p>
      {cities.isPending && <Loading what={t('home.cities')} />}
      {cities.isError && <ErrorView error={cities.error} title={t('home.citiesFailed')} />}
      {cities.data && cities.data.length === 0 && <Empty>{t('director.noCity')}</Empty>}
      {cities.data && cities.data.length > 0 && mine && mine.length === 0 && <Empty>{t('director.notAssigned')}</Empty>}
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
