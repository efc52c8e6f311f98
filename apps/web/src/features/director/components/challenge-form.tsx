import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../utils/format';
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
  const { t } = useTranslation();
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
          {t('cform.create')}
          <span className="sr-only"> {t('cform.inCity', { city: city.name })}</span>
        </button>
      </div>
    );
  }
  return (
    <form className="form create-challenge" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h3 id={`${id}-h`}>{t('cform.newIn', { city: city.name })}</h3>
      <p className="muted">{t('cform.defaults', { zone: city.timeZone, tier: city.tier })}</p>
      <div className="fields">
        <div>
          <label htmlFor={`${id}-date`}>{t('cform.date')}</label>
          <input id={`${id}-date`} name="localDate" type="date" value={localDate} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-time`}>{t('cform.time')}</label>
          <input id={`${id}-time`} name="startTime" type="time" value={startTime} onChange={(e) => setTime(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-tier`}>{t('cform.tier')}</label>
          <select id={`${id}-tier`} name="tier" value={tier} onChange={(e) => setTier(e.target.value as Tier | '')}>
            <option value="">{t('cform.citysTier', { tier: city.tier })}</option>
            {TIERS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-pool`}>{t('cform.pool')}</label>
          <input id={`${id}-pool`} name="prizePool" inputMode="decimal" value={pool} onChange={(e) => setPool(e.target.value)} placeholder={t('cform.tiersPool')} />
        </div>
        <div className="wide">
          <label htmlFor={`${id}-reason`}>{t('cform.reason')}</label>
          <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      {create.isError && <ErrorView error={create.error} title={t('cform.notCreated')} />}
      {create.data && <CreatedNotice id={create.data.id} date={create.data.localDate} />}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t('auth.creating') : t('cform.create')}
        </button>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          {t('cform.close')}
        </button>
      </div>
    </form>
  );
}

function CreatedNotice({ id, date }: { id: string; date: string }) {
  const { t } = useTranslation();
  return (
    <p className="notice notice-ok" role="status">
      {t('cform.created', { date })} <Link to={paths.directorChallenge.href(id)}>{t('cform.runIt')}</Link>
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
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ ...(tier ? { tier } : {}), ...(pool.trim() ? { prizePoolCents: toCents(pool) } : {}), reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  return (
    <form className="form terms" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('cform.terms')}</h2>
      <p className="muted">{t('cform.now', { tier: challenge.tier ?? '—', pool: formatMoney(challenge.prizePoolCents) })}</p>
      <label htmlFor={`${id}-tier`}>{t('cform.tier')}</label>
      <select id={`${id}-tier`} value={tier} onChange={(e) => setTier(e.target.value as Tier | '')}>
        <option value="">{t('cform.unchanged')}</option>
        {TIERS.map((x) => (
          <option key={x} value={x}>
            {x}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-pool`}>{t('cform.pool')}</label>
      <input id={`${id}-pool`} inputMode="decimal" value={pool} onChange={(e) => setPool(e.target.value)} placeholder={t('cform.unchanged')} />
      <label htmlFor={`${id}-reason`}>{t('cform.reason')}</label>
      <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {update.isError && <ErrorView error={update.error} title={t('cform.notChanged')} />}
      {update.isSuccess && (
        <p className="notice notice-ok" role="status">
          {t('cform.saved')}
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        {t('cform.save')}
      </button>
    </form>
  );
}
