import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCreateChallenge, useUpdateChallenge } from '../api/director-queries';
import type { ChallengeDetailDto, CityResponseDto } from '../../../api/types';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import './challenge-form.css';

type Tier = 'T1' | 'T2' | 'T3';
const TIERS: Tier[] = ['T1', 'T2', 'T3'];

/** Dollars typed by a person → integer cents, or undefined when empty (the API's default applies). */
const toCents = (dollars: string): number | undefined => (dollars.trim() === '' ? undefined : Math.round(Number(dollars) * 100));

/**
 * A director's "Create challenge" for a city: date, start time, tier, prize pool and the reason.
 * Every field may stay empty (the API's defaults: the next Saturday at 12:00, the city's tier and pool);
 * the API decides what needs a reason (a special event, another tier or pool) and its
 * `{code, message}` (with the fields of a VALIDATION_FAILED) is shown as sent.
 */
export function CreateChallengeForm({ city }: { city: CityResponseDto }) {
  const create = useCreateChallenge(city.id);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [localDate, setDate] = useState('');
  const [startTime, setTime] = useState('');
  const [tier, setTier] = useState<Tier | ''>('');
  const [pool, setPool] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        ...(localDate ? { localDate } : {}),
        ...(startTime ? { startTime } : {}),
        ...(tier ? { tier } : {}),
        ...(pool.trim() ? { prizePoolCents: toCents(pool) } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      { onSuccess: () => setReason('') },
    );
  };
  if (!open) {
    return (
      <div className="create-challenge">
        {create.data && <CreatedNotice id={create.data.id} date={create.data.localDate} />}
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Create challenge<span className="sr-only"> in {city.name}</span>
        </button>
      </div>
    );
  }
  return (
    <form className="form create-challenge" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>New challenge in {city.name}</h3>
      <p className="muted">Empty fields take the defaults: the next Saturday at 12:00 ({city.timeZone}), tier {city.tier}. Another time, tier or prize pool makes a special event and needs a reason.</p>
      <label htmlFor={`${id}-date`}>Date</label>
      <input id={`${id}-date`} name="localDate" type="date" value={localDate} onChange={(e) => setDate(e.target.value)} />
      <label htmlFor={`${id}-time`}>Start time (local)</label>
      <input id={`${id}-time`} name="startTime" type="time" value={startTime} onChange={(e) => setTime(e.target.value)} />
      <label htmlFor={`${id}-tier`}>Tier</label>
      <select id={`${id}-tier`} name="tier" value={tier} onChange={(e) => setTier(e.target.value as Tier | '')}>
        <option value="">The city's ({city.tier})</option>
        {TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-pool`}>Prize pool (US$)</label>
      <input id={`${id}-pool`} name="prizePool" inputMode="decimal" value={pool} onChange={(e) => setPool(e.target.value)} placeholder="the tier's" />
      <label htmlFor={`${id}-reason`}>Reason (audited)</label>
      <textarea id={`${id}-reason`} name="reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {create.isError && <ErrorView error={create.error} title="The challenge was not created" />}
      {create.data && <CreatedNotice id={create.data.id} date={create.data.localDate} />}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create challenge'}
        </button>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}

function CreatedNotice({ id, date }: { id: string; date: string }) {
  return (
    <p className="notice notice-ok" role="status">
      Challenge created for {date}. <Link to={paths.directorChallenge.href(id)}>Run it</Link>
    </p>
  );
}

/** A challenge's tier and prize pool, changed with a reason (PATCH /api/challenges/:id) before it starts. */
export function ChallengeTermsForm({ challenge }: { challenge: ChallengeDetailDto }) {
  const update = useUpdateChallenge(challenge.id);
  const id = useId();
  const [tier, setTier] = useState<Tier | ''>('');
  const [pool, setPool] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ ...(tier ? { tier } : {}), ...(pool.trim() ? { prizePoolCents: toCents(pool) } : {}), reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  return (
    <form className="form terms" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>Tier and prize pool</h2>
      <p className="muted">
        Now tier {challenge.tier ?? "—"}, ${(challenge.prizePoolCents / 100).toLocaleString('en-US')}.
      </p>
      <label htmlFor={`${id}-tier`}>Tier</label>
      <select id={`${id}-tier`} value={tier} onChange={(e) => setTier(e.target.value as Tier | '')}>
        <option value="">unchanged</option>
        {TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-pool`}>Prize pool (US$)</label>
      <input id={`${id}-pool`} inputMode="decimal" value={pool} onChange={(e) => setPool(e.target.value)} placeholder="unchanged" />
      <label htmlFor={`${id}-reason`}>Reason (audited)</label>
      <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {update.isError && <ErrorView error={update.error} title="The challenge was not changed" />}
      {update.isSuccess && (
        <p className="notice notice-ok" role="status">
          Saved.
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        Save
      </button>
    </form>
  );
}
