import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoster, type RosterQuery } from '../api/director-queries';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import './registrations-list.css';

type Filter = NonNullable<RosterQuery['status']> | '';
const FILTERS: Filter[] = ['', 'registered', 'waitlisted', 'checked_in', 'withdrawn'];

/**
 * A director's list of a challenge (GET /challenges/:id/roster, their cities only): who registered, who
 * checked in, who waits and in what place, searched by name; each line offers the director's act on a
 * player of the challenge (a disqualification, with a reason) while the challenge is open.
 */
export function RegistrationsList({
  challengeId,
  timeZone,
  open,
  onDisqualify,
}: {
  challengeId: string;
  timeZone: string;
  /** the challenge is neither completed nor cancelled: acts are offered */
  open: boolean;
  onDisqualify: (player: { userId: string; name: string }) => void;
}) {
  const id = useId();
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const roster = useRoster(challengeId, { status: status || undefined, q: q.length ? q : undefined });
  const rows = roster.data ?? [];
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  return (
    <section aria-labelledby={`${id}-h`} className="registrations">
      <h2 id={`${id}-h`}>{t('roster.title')}</h2>
      <form className="filters" role="search" aria-label={t('roster.filters')} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('roster.search')}
          <input type="search" value={text} maxLength={60} onChange={(e) => setText(e.target.value)} placeholder={t('roster.searchHint')} />
        </label>
        <label>
          {t('roster.show')}
          <select value={status} onChange={(e) => setStatus(e.target.value as Filter)}>
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`roster.filter.${f || 'all'}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {roster.isPending && <Loading what={t('roster.theList')} />}
      {roster.isError && <ErrorView error={roster.error} title={t('roster.failed')} />}
      {roster.data && rows.length === 0 && <Empty>{q ? t('roster.noMatch', { q }) : t('roster.none')}</Empty>}
      {rows.length > 0 && (
        <>
          <p className="muted" role="status">
            {t('roster.count', { count: rows.length })}
          </p>
          <ol className="roster" aria-label={t('roster.title')}>
            {rows.map((r) => (
              <li key={r.userId} className="card">
                <p className="roster-name">
                  <strong>{r.displayName}</strong>{' '}
                  <span className={`status roster-${r.status}`}>
                    {r.status === 'waitlisted' ? t('roster.waitlistedN', { n: r.waitlistPlace }) : t(`roster.status.${r.status}`)}
                  </span>
                  {r.checkedInAt && r.status !== 'withdrawn' && <span className="tag tag-ok">{t('roster.checkedIn')}</span>}
                  {r.disqualifiedAt && <span className="tag tag-bad">{t('roster.disqualified')}</span>}
                </p>
                <p className="muted small-text">
                  {t('roster.registeredAt', { when: when(r.registeredAt) })}
                  {r.checkedInAt && ` · ${t('roster.checkedInAt', { when: when(r.checkedInAt) })}`}
                  {r.withdrawnAt && ` · ${t('roster.withdrawnAt', { when: when(r.withdrawnAt) })}`}
                </p>
                {r.disqualifyReason && <p className="small-text">{t('roster.dqReason', { reason: r.disqualifyReason })}</p>}
                {open && r.status !== 'withdrawn' && !r.disqualifiedAt && (
                  <button type="button" className="small danger-outline" onClick={() => onDisqualify({ userId: r.userId, name: r.displayName })}>
                    {t('dchallenge.disqualify')}
                    <span className="sr-only"> {r.displayName}</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
