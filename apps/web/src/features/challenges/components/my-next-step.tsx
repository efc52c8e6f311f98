import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';
import { useMe } from '../../../auth/use-me';
import { Countdown } from '../../../components/countdown';
import { paths } from '../../../config/paths';
import { listen, useLiveSocket } from '../../../live/socket';
import { useMyNext } from '../../next/api/next-queries';
import './my-next-step.css';

/**
 * My place in a running challenge, at the top of its page: "Go to my table" the moment my round is
 * seated (from the seating's own live event, `round:started`, not a poll), "Round 3 starts in 1:40"
 * during the break while I am still in. Between events it follows GET /api/me/next.
 */
export function MyNextStep({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const { token } = useAuth();
  const me = useMe();
  const next = useMyNext();
  const { socket } = useLiveSocket();
  const qc = useQueryClient();
  const [seated, setSeated] = useState<{ tableId: string; round: number; table: number } | null>(null);
  const meId = me.data?.id ?? null;

  useEffect(() => {
    if (!token) return;
    const again = () => void qc.invalidateQueries({ queryKey: keys.mine.next(token) });
    const offs = [
      listen(socket, 'round:started', (e) => {
        if (e.challengeId !== challengeId) return;
        const mine = e.tables.find((x) => x.seats.some((s) => s.userId === meId));
        if (mine) setSeated({ tableId: mine.tableId, round: e.round, table: mine.table });
        again();
      }),
      listen(socket, 'round:finished', (e) => {
        if (e.challengeId === challengeId) again();
      }),
    ];
    return () => offs.forEach((f) => f());
  }, [socket, challengeId, meId, token, qc]);

  if (!token) return null;
  const item = next.data?.items.find((i) => i.challenge?.challengeId === challengeId && (i.kind === 'table' || i.kind === 'next-round'));
  // The live seating wins over an older answer of the API (a round before it); a later answer wins over it.
  const live = seated && (!item || (item.round ?? 0) <= seated.round) ? seated : null;
  const table = live ?? (item?.kind === 'table' && item.table ? { tableId: item.table.tableId, round: item.round ?? 1, table: item.table.table } : null);
  if (table) {
    return (
      <section className="card my-next-step ready" aria-labelledby="my-step-h">
        <h2 id="my-step-h">{t('next.tableReady')}</h2>
        <p className="muted">{t('next.roundTable', { round: table.round, table: table.table + 1 })}</p>
        <Link className="button-link" to={paths.table.href(table.tableId)}>
          {t('next.goToTable')}
        </Link>
      </section>
    );
  }
  if (item?.kind === 'next-round') {
    return (
      <section className="card my-next-step" aria-labelledby="my-step-h">
        <h2 id="my-step-h">{item.at ? <Countdown until={item.at} label={t('next.roundStartsIn', { round: item.round })} /> : t('next.roundAfter', { round: item.round, previous: (item.round ?? 2) - 1 })}</h2>
        <p className="muted">{t('next.stillIn')}</p>
      </section>
    );
  }
  return null;
}
