import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useCloseWorkout, useMyWorkouts } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { Facts } from '../../../components/facts';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { HouseNav, workoutText } from '../components/house-common';
import { SignedOut } from '../components/signed-out';

/** My workouts: owed from lost workout games, marked done here, or excused with a Dr.'s excuse (Lay-in Slip) from the Clock Jar. */
export function WorkoutsPage() {
  const { token } = useAuth();
  const list = useMyWorkouts();
  const close = useCloseWorkout();
  const { t } = useTranslation();
  if (!token) return <SignedOut title={t('workouts.title')} what={t('workouts.yours')} />;
  if (list.isPending) return <Loading what={t('workouts.yours')} />;
  if (list.isError) return <ErrorView error={list.error} title={t('workouts.failed')} page />;
  const { items, excusesUnused, excusesThisWeek } = list.data;
  return (
    <>
      <HouseNav />
      <h1>{t('workouts.title')}</h1>
      <Facts
        items={[
          [t('workouts.owed'), String(items.filter((w) => w.status === 'owed').length)],
          [t('workouts.excuses'), String(excusesUnused)],
          [t('workouts.fromJar'), t('workouts.ofThree', { n: excusesThisWeek })],
        ]}
      />
      {close.isError && <ErrorView error={close.error} title={t('workouts.notClosed')} />}
      {items.length === 0 ? (
        <Empty>{t('workouts.none')}</Empty>
      ) : (
        <ul className="list" data-testid="workouts">
          {items.map((w) => (
            <li key={w.id} className="card">
              <h2>
                {workoutText(w.kind, w.amount)}
                <span className={`tag${w.status === 'owed' ? ' tag-bad' : ' tag-ok'}`}>{tOr(`workouts.status.${w.status}`, w.status)}</span>
              </h2>
              <p>
                {t('workouts.dumbbells', { count: w.dumbbells })} · {formatDateTime(w.createdAt)}
                {w.doneAt && ` · ${t('workouts.closed', { when: formatDateTime(w.doneAt) })}`}
              </p>
              {w.status === 'owed' && (
                <div className="actions">
                  <button type="button" onClick={() => close.mutate({ id: w.id, how: 'done' })} disabled={close.isPending}>
                    {t('workouts.markDone')}
                  </button>
                  {excusesUnused > 0 && (
                    <button type="button" className="secondary" onClick={() => close.mutate({ id: w.id, how: 'excuse' })} disabled={close.isPending}>
                      {t('workouts.useExcuse')}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
