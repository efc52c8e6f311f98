import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { ErrorView } from '../../components/status';
import { waited } from './labels';

/**
 * The live health of the challenge for its director: each table still playing with its players
 * connected (a live socket on any API instance), the time since its last move (idle from one minute),
 * and the seats whose player is not connected. Polled every 10 seconds.
 */
export function ChallengeHealth({ challengeId }: { challengeId: string }) {
  const health = useQuery({
    queryKey: ['director-calls', 'health', challengeId],
    queryFn: () => unwrap(api.GET('/api/challenges/{id}/live-health', { params: { path: { id: challengeId } } })),
    refetchInterval: 10_000,
  });
  const { t } = useTranslation();
  if (health.isError) return <ErrorView error={health.error} title={t('health.failed')} />;
  const h = health.data;
  if (!h || h.tables.length === 0) return null;
  return (
    <div className="challenge-health" data-testid="challenge-health">
      <p>
        <span className={`tag ${h.idleTables ? 'tag-bad' : 'tag-ok'}`}>{t('health.idle', { n: h.idleTables })}</span>
        <span className={`tag ${h.disconnectedSeats ? 'tag-bad' : 'tag-ok'}`}>{t('health.disconnected', { n: h.disconnectedSeats })}</span>
      </p>
      <table className="health-table">
        <caption className="sr-only">{t('health.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('wallet.table')}</th>
            <th scope="col">{t('health.connected')}</th>
            <th scope="col">{t('health.lastMove')}</th>
            <th scope="col">{t('health.disconnectedCol')}</th>
          </tr>
        </thead>
        <tbody>
          {h.tables.map((x) => (
            <tr key={x.tableId} className={x.idle ? 'health-idle' : undefined}>
              <th scope="row">{x.index + 1}</th>
              <td>{t('health.of', { n: x.connectedPlayers, of: x.seats.length })}</td>
              <td>{x.gameId ? `${t('health.ago', { time: waited(x.idleSeconds) })}${x.idle ? ` ${t('health.idleMark')}` : ''}` : '—'}</td>
              <td>{x.seats.filter((s) => !s.connected).map((s) => s.displayName).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
