import { useTranslation } from 'react-i18next';
import { tOr } from '../../i18n/i18n';
import { useState, type FormEvent } from 'react';
import { LanguageSettings } from '../../i18n/language-switch';
import { useMe } from '../../auth/use-me';
import { useAuth } from '../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../components/status';
import { useRequestEmailChange, useResendVerification } from '../account-recovery/api';
import { type DeliverySettings, useCalendarFeed, useDeliverySettings, useDevices, useRemoveDevice, useRotateCalendarFeed, useSaveSettings, useSubscribeDevice } from './api';
import { pushSupported, subscribeThisBrowser } from './push';
import './settings.css';

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const [h, m] = v.split(':').map(Number);
  return h * 60 + m;
};

/** /me/settings/notifications: the address, what reaches me on which channel, quiet hours, the page's sound, my devices. */
export function NotificationSettingsPage() {
  const { token } = useAuth();
  const settings = useDeliverySettings();
  const { t } = useTranslation();
  if (!token) return <p>{t('notifSettings.signIn')}</p>;
  if (settings.isPending) return <Loading what={t('notifSettings.yours')} />;
  if (settings.isError) return <ErrorView error={settings.error} title={t('notifSettings.failed')} page />;
  return (
    <>
      <h1>{t('recovery.settings')}</h1>
      <LanguageSettings />
      <EmailSection verified={settings.data.emailVerified} />
      <KindsSection settings={settings.data} />
      <QuietSection settings={settings.data} />
      <DevicesSection vapidPublicKey={settings.data.vapidPublicKey} />
      <CalendarSection />
    </>
  );
}

function EmailSection({ verified }: { verified: boolean }) {
  const me = useMe();
  const resend = useResendVerification();
  const change = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ newEmail, currentPassword: password });
  };
  return (
    <section aria-labelledby="email-h" className="card settings-section">
      <h2 id="email-h">{t('notifSettings.email')}</h2>
      <p>
        {me.data?.email} — {verified ? <span className="tag">{t('notifSettings.confirmed')}</span> : <strong>{t('notifSettings.notConfirmed')}</strong>}
      </p>
      {!verified && (
        <button type="button" className="secondary" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()}>
          {resend.isSuccess ? t('notifSettings.linkSent') : t('notifSettings.sendAgain')}
        </button>
      )}
      {resend.isError && <ErrorView error={resend.error} title={t('recovery.notSent')} />}
      <form className="form" onSubmit={submit}>
        <label htmlFor="newEmail">{t('notifSettings.newAddress')}</label>
        <input id="newEmail" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <label htmlFor="currentPassword">{t('notifSettings.currentPassword')}</label>
        <input id="currentPassword" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {change.isSuccess && <p role="status">{t('notifSettings.changeSent', { email: change.variables.newEmail })}</p>}
        {change.isError && <ErrorView error={change.error} title={t('notifSettings.changeFailed')} />}
        <button type="submit" className="secondary" disabled={change.isPending}>
          {t('notifSettings.change')}
        </button>
      </form>
    </section>
  );
}

function KindsSection({ settings }: { settings: DeliverySettings }) {
  const save = useSaveSettings();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kinds-h" className="card settings-section">
      <h2 id="kinds-h">{t('notifSettings.what')}</h2>
      <div className="table-scroll">
        <table className="settings-kinds">
          <thead>
            <tr>
              <th scope="col">{t('notifSettings.notice')}</th>
              <th scope="col">{t('notifSettings.byEmail')}</th>
              <th scope="col">{t('notifSettings.byPush')}</th>
            </tr>
          </thead>
          <tbody>
            {settings.kinds.map((k) => (
              <tr key={k.kind}>
                <th scope="row">
                  {tOr(`notifSettings.kind.${k.kind}`, k.label)}
                  {k.urgent && <span className="muted"> {t('notifSettings.evenQuiet')}</span>}
                </th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={channel === 'email' ? t('notifSettings.viaEmail', { what: tOr(`notifSettings.kind.${k.kind}`, k.label) }) : t('notifSettings.viaPush', { what: tOr(`notifSettings.kind.${k.kind}`, k.label) })}
                      checked={k[channel]}
                      disabled={save.isPending}
                      onChange={(e) => save.mutate({ kinds: [{ kind: k.kind, [channel]: e.target.checked }] })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {save.isError && <ErrorView error={save.error} title={t('notifSettings.notSaved')} />}
    </section>
  );
}

function QuietSection({ settings }: { settings: DeliverySettings }) {
  const save = useSaveSettings();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [timeZone, setTimeZone] = useState(settings.timeZone ?? browserZone);
  const [start, setStart] = useState(hhmm(settings.quietStartMin));
  const [end, setEnd] = useState(hhmm(settings.quietEndMin));
  const [sound, setSound] = useState(settings.sound);
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ timeZone, quietStartMin: minutes(start), quietEndMin: minutes(end), sound });
  };
  return (
    <section aria-labelledby="quiet-h" className="card settings-section">
      <h2 id="quiet-h">{t('notifSettings.quietTitle')}</h2>
      <form className="form" onSubmit={submit}>
        <label htmlFor="tz">{t('notifSettings.zone')}</label>
        <input id="tz" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} list="tz-here" />
        <datalist id="tz-here">
          <option value={browserZone} />
        </datalist>
        <label htmlFor="quiet-start">{t('notifSettings.quietFrom')}</label>
        <input id="quiet-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        <label htmlFor="quiet-end">{t('notifSettings.until')}</label>
        <input id="quiet-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
        <p className="muted">{t('notifSettings.quietHelp')}</p>
        <label className="check">
          <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} /> {t('notifSettings.sound')}
        </label>
        {save.isSuccess && <p role="status">{t('cform.saved')}</p>}
        {save.isError && <ErrorView error={save.error} title={t('notifSettings.notSaved')} />}
        <button type="submit" disabled={save.isPending}>
          {t('cform.save')}
        </button>
      </form>
    </section>
  );
}

function DevicesSection({ vapidPublicKey }: { vapidPublicKey: string }) {
  const devices = useDevices();
  const subscribe = useSubscribeDevice();
  const remove = useRemoveDevice();
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslation();
  const enable = async () => {
    setProblem(null);
    try {
      const sub = await subscribeThisBrowser(vapidPublicKey);
      subscribe.mutate({ endpoint: sub.endpoint, keys: sub.keys, label: navigator.userAgent.slice(0, 100) });
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="devices-h" className="card settings-section">
      <h2 id="devices-h">{t('notifSettings.devices')}</h2>
      {!vapidPublicKey ? (
        <p className="muted">{t('notifSettings.noPush')}</p>
      ) : !pushSupported() ? (
        <p className="muted">{t('notifSettings.cannotPush')}</p>
      ) : (
        <button type="button" disabled={subscribe.isPending} onClick={() => void enable()}>
          {t('notifSettings.turnOn')}
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
      {subscribe.isError && <ErrorView error={subscribe.error} title={t('notifSettings.deviceFailed')} />}
      {devices.isPending ? (
        <Loading what={t('notifSettings.yourDevices')} />
      ) : devices.isError ? (
        <ErrorView error={devices.error} title={t('notifSettings.devicesFailed')} />
      ) : devices.data.length === 0 ? (
        <Empty>{t('notifSettings.noDevice')}</Empty>
      ) : (
        <ul className="list">
          {devices.data.map((d) => (
            <li key={d.id}>
              {d.label || d.service} <span className="muted">({d.service})</span>{' '}
              <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(d.id)}>
                {t('admin.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The private calendar feed: its URL is shown once, when made; a new one replaces it (the old URL stops working). */
function CalendarSection() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const active = feed.data?.active ?? false;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="calendar-h" className="card settings-section">
      <h2 id="calendar-h">{t('notifSettings.feed')}</h2>
      <p className="muted">{t('notifSettings.feedLead')}</p>
      {rotate.data ? (
        <p>
          <label htmlFor="calendar-url">{t('notifSettings.feedShown')}</label>
          <input id="calendar-url" className="calendar-url" readOnly value={rotate.data.url} onFocus={(e) => e.currentTarget.select()} />
        </p>
      ) : (
        active && <p>{t('notifSettings.feedHave')}</p>
      )}
      <button type="button" className={active ? 'secondary' : undefined} disabled={rotate.isPending || feed.isPending} onClick={() => rotate.mutate()}>
        {active || rotate.data ? t('notifSettings.feedNew') : t('notifSettings.feedMake')}
      </button>
      {rotate.isError && <ErrorView error={rotate.error} title={t('notifSettings.feedFailed')} />}
    </section>
  );
}
