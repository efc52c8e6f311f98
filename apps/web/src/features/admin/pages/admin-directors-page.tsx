import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useCities } from '../../challenges/api/challenge-queries';
import { useDirectorCity, useDirectors } from '../api/admin-queries';
import { useOutcome } from '../../../components/facts';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';

/** SPEC 7: an admin assigns directors to cities (each change audited by the API); a director acts only in theirs. */
export function AdminDirectorsPage() {
  const { t } = useTranslation();
  return (
    <RoleGate roles={['admin']} what={t('admin.what')}>
      <h1>{t('admin.title')}</h1>
      <p className="lead">{t('admin.lead')}</p>
      <DirectorList />
    </RoleGate>
  );
}

function DirectorList() {
  const directors = useDirectors();
  const cities = useCities();
  const { assign, unassign } = useDirectorCity();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [notice, setNotice] = useOutcome();
  const { t } = useTranslation();
  if (directors.isPending || cities.isPending) return <Loading what={t('admin.theDirectors')} />;
  if (directors.isError) return <ErrorView error={directors.error} title={t('admin.failed')} />;
  if (cities.isError) return <ErrorView error={cities.error} title={t('home.citiesFailed')} />;
  if (directors.data.length === 0) return <Empty>{t('admin.none')}</Empty>;
  const failed = assign.error ?? unassign.error;
  return (
    <>
      {notice}
      {failed && <ErrorView error={failed} title={t('admin.refused')} />}
      <ul className="case-list">
        {directors.data.map((d) => {
          const free = cities.data.filter((c) => !d.cities.some((x) => x.cityId === c.id));
          const picked = choice[d.userId] ?? free[0]?.id ?? '';
          return (
            <li key={d.userId} className="card">
              <h2>
                {d.displayName} <span className="subtle">{d.email}</span>
              </h2>
              {d.cities.length === 0 ? (
                <Empty>{t('director.noCity')}</Empty>
              ) : (
                <ul>
                  {d.cities.map((c) => (
                    <li key={c.cityId}>
                      {c.name}{' '}
                      <button
                        type="button"
                        className="small danger-outline"
                        disabled={unassign.isPending}
                        onClick={() => unassign.mutate({ userId: d.userId, cityId: c.cityId }, { onSuccess: () => setNotice(t('admin.removed', { name: d.displayName, city: c.name })) })}
                      >
                        {t('admin.remove')}
                        <span className="sr-only"> {t('admin.removeWhat', { city: c.name, name: d.displayName })}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {free.length > 0 && (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    const city = cities.data.find((c) => c.id === picked);
                    if (city) assign.mutate({ userId: d.userId, cityId: city.id }, { onSuccess: () => setNotice(t('admin.assigned', { name: d.displayName, city: city.name })) });
                  }}
                >
                  <label>
                    {t('admin.cityFor', { name: d.displayName })}{' '}
                    <select value={picked} onChange={(e) => setChoice((m) => ({ ...m, [d.userId]: e.target.value }))}>
                      {free.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="submit" className="small" disabled={assign.isPending}>
                    {t('admin.assign')}
                    <span className="sr-only"> {t('admin.to', { name: d.displayName })}</span>
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
