import { useState } from 'react';
import { useCities } from '../../challenges/api/challenge-queries';
import { useDirectorCity, useDirectors } from '../api/admin-queries';
import { useOutcome } from '../../../components/facts';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';

/** SPEC 7: an admin assigns directors to cities (each change audited by the API); a director acts only in theirs. */
export function AdminDirectorsPage() {
  return (
    <RoleGate roles={['admin']} what="directors and their cities">
      <h1>Directors and their cities</h1>
      <p className="lead">A director creates and runs the challenges of the cities assigned here, and nothing in other cities.</p>
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
  if (directors.isPending || cities.isPending) return <Loading what="the directors" />;
  if (directors.isError) return <ErrorView error={directors.error} title="The directors could not be loaded" />;
  if (cities.isError) return <ErrorView error={cities.error} title="Cities could not be loaded" />;
  if (directors.data.length === 0) return <Empty>No account has the director role yet.</Empty>;
  const failed = assign.error ?? unassign.error;
  return (
    <>
      {notice}
      {failed && <ErrorView error={failed} title="The change was refused" />}
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
                <Empty>No city yet.</Empty>
              ) : (
                <ul>
                  {d.cities.map((c) => (
                    <li key={c.cityId}>
                      {c.name}{' '}
                      <button
                        type="button"
                        className="small danger-outline"
                        disabled={unassign.isPending}
                        onClick={() => unassign.mutate({ userId: d.userId, cityId: c.cityId }, { onSuccess: () => setNotice(`${d.displayName} no longer directs ${c.name}.`) })}
                      >
                        Remove<span className="sr-only"> {c.name} from {d.displayName}</span>
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
                    if (city) assign.mutate({ userId: d.userId, cityId: city.id }, { onSuccess: () => setNotice(`${d.displayName} now directs ${city.name}.`) });
                  }}
                >
                  <label>
                    City for {d.displayName}{' '}
                    <select value={picked} onChange={(e) => setChoice((m) => ({ ...m, [d.userId]: e.target.value }))}>
                      {free.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="submit" className="small" disabled={assign.isPending}>
                    Assign<span className="sr-only"> to {d.displayName}</span>
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
