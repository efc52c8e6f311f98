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
  if (!token) return <p>Sign in to choose how reminders and notices reach you.</p>;
  if (settings.isPending) return <Loading what="your notification settings" />;
  if (settings.isError) return <ErrorView error={settings.error} title="Your notification settings could not be loaded" page />;
  return (
    <>
      <h1>Notification settings</h1>
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ newEmail, currentPassword: password });
  };
  return (
    <section aria-labelledby="email-h" className="card settings-section">
      <h2 id="email-h">E-mail address</h2>
      <p>
        {me.data?.email} — {verified ? <span className="tag">confirmed</span> : <strong>not confirmed: no e-mail reaches you until you open the link we sent</strong>}
      </p>
      {!verified && (
        <button type="button" className="secondary" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()}>
          {resend.isSuccess ? 'Link sent' : 'Send the link again'}
        </button>
      )}
      {resend.isError && <ErrorView error={resend.error} title="The link could not be sent" />}
      <form className="form" onSubmit={submit}>
        <label htmlFor="newEmail">New address</label>
        <input id="newEmail" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <label htmlFor="currentPassword">Current password</label>
        <input id="currentPassword" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {change.isSuccess && <p role="status">{change.data.message}</p>}
        {change.isError && <ErrorView error={change.error} title="The address could not be changed" />}
        <button type="submit" className="secondary" disabled={change.isPending}>
          Change my address
        </button>
      </form>
    </section>
  );
}

function KindsSection({ settings }: { settings: DeliverySettings }) {
  const save = useSaveSettings();
  return (
    <section aria-labelledby="kinds-h" className="card settings-section">
      <h2 id="kinds-h">What reaches me</h2>
      <div className="table-scroll">
        <table className="settings-kinds">
          <thead>
            <tr>
              <th scope="col">Notice</th>
              <th scope="col">E-mail</th>
              <th scope="col">Push</th>
            </tr>
          </thead>
          <tbody>
            {settings.kinds.map((k) => (
              <tr key={k.kind}>
                <th scope="row">
                  {k.label}
                  {k.urgent && <span className="muted"> (even in quiet hours)</span>}
                </th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${k.label} by ${channel === 'email' ? 'e-mail' : 'push'}`}
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
      {save.isError && <ErrorView error={save.error} title="Not saved" />}
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ timeZone, quietStartMin: minutes(start), quietEndMin: minutes(end), sound });
  };
  return (
    <section aria-labelledby="quiet-h" className="card settings-section">
      <h2 id="quiet-h">Time zone, quiet hours and sound</h2>
      <form className="form" onSubmit={submit}>
        <label htmlFor="tz">My time zone (every time in an e-mail is written in it)</label>
        <input id="tz" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} list="tz-here" />
        <datalist id="tz-here">
          <option value={browserZone} />
        </datalist>
        <label htmlFor="quiet-start">Quiet hours from</label>
        <input id="quiet-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        <label htmlFor="quiet-end">until</label>
        <input id="quiet-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
        <p className="muted">Nothing but “your table is seated” and your draw is sent in quiet hours; the rest waits until they end. The same time twice: no quiet hours.</p>
        <label className="check">
          <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} /> A short sound when it is my turn, my draw or my table while the tab is in the background
        </label>
        {save.isSuccess && <p role="status">Saved.</p>}
        {save.isError && <ErrorView error={save.error} title="Not saved" />}
        <button type="submit" disabled={save.isPending}>
          Save
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
      <h2 id="devices-h">Devices with push notifications</h2>
      {!vapidPublicKey ? (
        <p className="muted">Push notifications are not configured on this platform.</p>
      ) : !pushSupported() ? (
        <p className="muted">This browser cannot receive push notifications.</p>
      ) : (
        <button type="button" disabled={subscribe.isPending} onClick={() => void enable()}>
          Turn on push notifications on this device
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
      {subscribe.isError && <ErrorView error={subscribe.error} title="This device could not be added" />}
      {devices.isPending ? (
        <Loading what="your devices" />
      ) : devices.isError ? (
        <ErrorView error={devices.error} title="Your devices could not be loaded" />
      ) : devices.data.length === 0 ? (
        <Empty>No device yet.</Empty>
      ) : (
        <ul className="list">
          {devices.data.map((d) => (
            <li key={d.id}>
              {d.label || d.service} <span className="muted">({d.service})</span>{' '}
              <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(d.id)}>
                Remove
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
  return (
    <section aria-labelledby="calendar-h" className="card settings-section">
      <h2 id="calendar-h">My calendar feed</h2>
      <p className="muted">Your registrations in your calendar app (Google Calendar, Apple Calendar, Outlook): subscribe to this private address. Anyone who has it sees your challenges; make a new one if it leaked.</p>
      {rotate.data ? (
        <p>
          <label htmlFor="calendar-url">Your feed address (shown this once; copy it now):</label>
          <input id="calendar-url" className="calendar-url" readOnly value={rotate.data.url} onFocus={(e) => e.currentTarget.select()} />
        </p>
      ) : (
        active && <p>You have a feed address. It is not shown again; make a new one if you lost it.</p>
      )}
      <button type="button" className={active ? 'secondary' : undefined} disabled={rotate.isPending || feed.isPending} onClick={() => rotate.mutate()}>
        {active || rotate.data ? 'Make a new address (the old one stops working)' : 'Make my feed address'}
      </button>
      {rotate.isError && <ErrorView error={rotate.error} title="The feed address could not be made" />}
    </section>
  );
}
