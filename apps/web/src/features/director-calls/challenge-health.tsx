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
  if (health.isError) return <ErrorView error={health.error} title="The live health could not be loaded" />;
  const h = health.data;
  if (!h || h.tables.length === 0) return null;
  return (
    <div className="challenge-health" data-testid="challenge-health">
      <p>
        <span className={`tag ${h.idleTables ? 'tag-bad' : 'tag-ok'}`}>{h.idleTables} idle for a minute</span>
        <span className={`tag ${h.disconnectedSeats ? 'tag-bad' : 'tag-ok'}`}>{h.disconnectedSeats} seats disconnected</span>
      </p>
      <table className="health-table">
        <caption className="sr-only">Tables still playing</caption>
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Connected</th>
            <th scope="col">Last move</th>
            <th scope="col">Disconnected</th>
          </tr>
        </thead>
        <tbody>
          {h.tables.map((t) => (
            <tr key={t.tableId} className={t.idle ? 'health-idle' : undefined}>
              <th scope="row">{t.index + 1}</th>
              <td>
                {t.connectedPlayers} of {t.seats.length}
              </td>
              <td>{t.gameId ? `${waited(t.idleSeconds)} ago${t.idle ? ' (idle)' : ''}` : '—'}</td>
              <td>{t.seats.filter((s) => !s.connected).map((s) => s.displayName).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
