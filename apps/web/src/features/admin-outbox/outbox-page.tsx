import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../components/status';
import '../notifications-settings/settings.css';

/** /admin/outbox: the e-mail kept instead of sent while no SMTP server is configured (the demo), newest first. */
export function OutboxPage() {
  const { token } = useAuth();
  const [after, setAfter] = useState<string[]>([]);
  const cursor = after[after.length - 1];
  const page = useQuery({
    queryKey: ['outbox', token, cursor],
    queryFn: () => unwrap(api.GET('/api/admin/outbox', { params: { query: { limit: 20, ...(cursor ? { after: cursor } : {}) } } })),
    enabled: token !== null,
  });
  const [open, setOpen] = useState<string | null>(null);
  if (!token) return <p>Sign in as an admin to read the outbox.</p>;
  if (page.isPending) return <Loading what="the outbox" />;
  if (page.isError) return <ErrorView error={page.error} title="The outbox could not be loaded" page />;
  return (
    <>
      <h1>Outbox</h1>
      <p className="muted">
        {page.data.mode === 'outbox'
          ? 'No SMTP server is configured (SMTP_URL): e-mail is kept here instead of sent.'
          : 'E-mail is sent through SMTP_URL; this is what was kept before it was configured.'}
      </p>
      {page.data.items.length === 0 ? (
        <Empty>No message kept.</Empty>
      ) : (
        <ul className="list">
          {page.data.items.map((m) => (
            <li key={m.id} className="card">
              <h2>{m.subject}</h2>
              <p className="muted">
                To {m.to} · {new Date(m.createdAt).toLocaleString()}
              </p>
              <button type="button" className="secondary" aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? null : m.id)}>
                {open === m.id ? 'Hide' : 'Read'}
              </button>
              {open === m.id && <pre className="mail-text">{m.text}</pre>}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {after.length > 0 && (
          <button type="button" className="secondary" onClick={() => setAfter(after.slice(0, -1))}>
            Newer
          </button>
        )}
        {page.data.next && (
          <button type="button" className="secondary" onClick={() => setAfter([...after, page.data.next as string])}>
            Older
          </button>
        )}
      </div>
    </>
  );
}
