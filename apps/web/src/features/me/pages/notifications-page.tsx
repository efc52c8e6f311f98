import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBracket } from '../../challenges/api/challenge-queries';
import { useMarkRead, useNotifications } from '../api/me-queries';
import type { NotificationDto } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime, withLocalTimes } from '../../../utils/format';
import { SignInFirst } from '../components/sign-in-first';
import { paths } from '../../../config/paths';
import './notifications-page.css';

/** The table a notification is about: its `tableId` when the notification names it, else found in the challenge's bracket by round and table number. */
function TableLink({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation();
  const challengeId = typeof data.challengeId === 'string' ? data.challengeId : '';
  const direct = typeof data.tableId === 'string' ? data.tableId : null;
  const bracket = useBracket(direct ? '' : challengeId);
  const round = bracket.data?.rounds.find((r) => r.round === data.round);
  const tableId = direct ?? round?.tables.find((x) => x.index === data.table)?.id ?? null;
  if (!tableId) return challengeId ? <Link to={paths.challenge.href(challengeId)}>{t('notes.openChallenge')}</Link> : null;
  return <Link to={paths.table.href(tableId)}>{t('notes.goToTable')}</Link>;
}

/** A notification's `data` (any JSON in the document) as the object notifications carry. */
const dataOf = (n: NotificationDto): Record<string, unknown> => (n.data && typeof n.data === 'object' && !Array.isArray(n.data) ? n.data : {});

/** My notifications, newest first; unread ones marked, each can be marked read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const list = useNotifications();
  const read = useMarkRead();
  if (!token) return <SignInFirst what={t('notes.yours')} />;
  if (list.isPending) return <Loading what={t('notes.yours')} />;
  if (list.isError) return <ErrorView error={list.error} title={t('notes.failed')} />;
  return (
    <>
      <h1>{t('notes.title')}</h1>
      <p className="muted">{t('notes.unread', { n: list.data.unread })}</p>
      {list.data.items.length === 0 ? (
        <Empty>{t('notes.none')}</Empty>
      ) : (
        <ul className="list">
          {list.data.items.map((n: NotificationDto) => (
            <li key={n.id} className={`card${n.readAt ? '' : ' unread'}`}>
              <h2>
                {withLocalTimes(n.title)} {!n.readAt && <span className="tag">{t('notes.new')}</span>}
              </h2>
              <p>{withLocalTimes(n.body)}</p>
              <p className="muted">{formatDateTime(n.createdAt)}</p>
              <div className="actions">
                {n.kind === 'table.seated' && <TableLink data={dataOf(n)} />}
                {n.kind !== 'table.seated' && typeof dataOf(n).challengeId === 'string' && <Link to={paths.challenge.href(String(dataOf(n).challengeId))}>{t('notes.openChallenge')}</Link>}
                {!n.readAt && (
                  <button type="button" className="secondary" disabled={read.isPending} onClick={() => read.mutate(n.id)}>
                    {t('notes.markRead')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {read.isError && <ErrorView error={read.error} title={t('notes.markFailed')} />}
    </>
  );
}
