import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keys } from '../../../api/keys';
import { readAfterNow } from '../../../api/read-after-now';
import { useAuth } from '../../../auth/auth-context';
import { Countdown } from '../../../components/countdown';
import { paths } from '../../../config/paths';
import { listen, useLiveSocket } from '../../../live/socket';
import { useMyNext } from '../../next/api/next-queries';
import './my-next-step.css';

/**
 * My place in a running challenge, at the top of its page: "Go to my table" the moment my round is
 * seated, "Round 3 starts in 1:40" during the break while I am still in. Drawn from GET /api/me/next
 * alone (never a copy of it, which would keep an old table on screen): the seating's own live event
 * (`round:started`, not a poll) and each round's end read it again at once.
 */
export function MyNextStep({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const { token } = useAuth();
  const next = useMyNext();
  const { socket } = useLiveSocket();
  const qc = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const stops: (() => void)[] = [];
    const again = (e: { challengeId: string }) => {
      if (e.challengeId === challengeId) stops.push(readAfterNow(qc, keys.mine.next(token)));
    };
    const offs = [listen(socket, 'round:started', again), listen(socket, 'round:finished', again)];
    return () => [...offs, ...stops].forEach((f) => f());
  }, [socket, challengeId, token, qc]);

  if (!token) return null;
  const item = next.data?.items.find((i) => i.challenge?.challengeId === challengeId && (i.kind === 'table' || i.kind === 'next-round'));
  if (item?.kind === 'table' && item.table) {
    return (
      <section className="card my-next-step ready" aria-labelledby="my-step-h">
        <h2 id="my-step-h">{t('next.tableReady')}</h2>
        <p className="muted">{t('next.roundTable', { round: item.round ?? 1, table: item.table.table + 1 })}</p>
        <Link className="button-link" to={paths.table.href(item.table.tableId)}>
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
