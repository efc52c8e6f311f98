import { useTranslation } from 'react-i18next';
import { formatDatedTime } from '../../utils/format';
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
  const { t } = useTranslation();
  if (!token) return <p>{t('outbox.signIn')}</p>;
  if (page.isPending) return <Loading what={t('outbox.theOutbox')} />;
  if (page.isError) return <ErrorView error={page.error} title={t('outbox.failed')} page />;
  return (
    <>
      <h1>{t('outbox.title')}</h1>
      <p className="muted">{page.data.mode === 'outbox' ? t('outbox.kept') : t('outbox.sent')}</p>
      {page.data.items.length === 0 ? (
        <Empty>{t('outbox.none')}</Empty>
      ) : (
        <ul className="list">
          {page.data.items.map((m) => (
            <li key={m.id} className="card">
              <h2>{m.subject}</h2>
              <p className="muted">
                {t('outbox.to', { to: m.to })} · {formatDatedTime(m.createdAt)}
              </p>
              <button type="button" className="secondary" aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? null : m.id)}>
                {open === m.id ? t('outbox.hide') : t('outbox.read')}
              </button>
              {open === m.id && <pre className="mail-text">{m.text}</pre>}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {after.length > 0 && (
          <button type="button" className="secondary" onClick={() => setAfter(after.slice(0, -1))}>
            {t('audit.newer')}
          </button>
        )}
        {page.data.next && (
          <button type="button" className="secondary" onClick={() => setAfter([...after, page.data.next as string])}>
            {t('audit.older')}
          </button>
        )}
      </div>
    </>
  );
}
