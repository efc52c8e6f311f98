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
  if (!token) return <SignedOut title="My workouts" what="your workouts" />;
  if (list.isPending) return <Loading what="your workouts" />;
  if (list.isError) return <ErrorView error={list.error} title="Your workouts could not be loaded" page />;
  const { items, excusesUnused, excusesThisWeek } = list.data;
  return (
    <>
      <HouseNav />
      <h1>My workouts</h1>
      <Facts
        items={[
          ['Owed', String(items.filter((w) => w.status === 'owed').length)],
          ["Dr.'s excuses to spend", String(excusesUnused)],
          ['Excuses from the jar this week', `${excusesThisWeek} of 3`],
        ]}
      />
      {close.isError && <ErrorView error={close.error} title="The workout was not closed" />}
      {items.length === 0 ? (
        <Empty>No workouts. Lose a game with dumbbells at a workout table and one appears here.</Empty>
      ) : (
        <ul className="list" data-testid="workouts">
          {items.map((w) => (
            <li key={w.id} className="card">
              <h2>
                {workoutText(w.kind, w.amount)}
                <span className={`tag${w.status === 'owed' ? ' tag-bad' : ' tag-ok'}`}>{w.status}</span>
              </h2>
              <p>
                {w.dumbbells} dumbbell{w.dumbbells === 1 ? '' : 's'} · {formatDateTime(w.createdAt)}
                {w.doneAt && ` · closed ${formatDateTime(w.doneAt)}`}
              </p>
              {w.status === 'owed' && (
                <div className="actions">
                  <button type="button" onClick={() => close.mutate({ id: w.id, how: 'done' })} disabled={close.isPending}>
                    Mark done
                  </button>
                  {excusesUnused > 0 && (
                    <button type="button" className="secondary" onClick={() => close.mutate({ id: w.id, how: 'excuse' })} disabled={close.isPending}>
                      Use a Dr.'s excuse
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
