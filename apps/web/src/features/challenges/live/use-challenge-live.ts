import { i18n } from '../../../i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TableResultEvent } from '@dcs/common/live/live.contract';
import { keys } from '../../../api/keys';
import type { BracketDto } from '../../../api/types';
import { readAfterNow } from '../../../api/read-after-now';
import type { DrawState } from '../components/bracket';
import { useAnnounce } from '../../../components/announcer';
import { listen, useLiveSocket } from '../../../live/socket';

function patchResult(b: BracketDto | undefined, e: TableResultEvent): BracketDto | undefined {
  if (!b) return b;
  return {
    ...b,
    rounds: b.rounds.map((r) =>
      r.round !== e.round ? r : { ...r, tables: r.tables.map((t) => (t.id === e.tableId ? { ...t, status: 'finished', endedBy: e.endedBy, result: e.result } : t)) },
    ),
  };
}

/**
 * Keeps a challenge's bracket live: joins `challenge:<id>` (again after every reconnect, and then reads
 * the bracket and the challenge again, since missed pushes are not replayed), writes each table result
 * into the cached bracket, refetches on seatings and round ends, tracks 6-4/5-5 draws, and announces
 * each change. The challenge's status is always the API's latest answer, never a guess from the events:
 * it can go back as well as forward (a director's correction reopens a completed challenge).
 */
export function useChallengeLive(challengeId: string, nameOf: (userId: string) => string): { connected: boolean; draws: Record<string, DrawState> } {
  const { socket, connected } = useLiveSocket();
  const qc = useQueryClient();
  const announce = useAnnounce();
  const [draws, setDraws] = useState<Record<string, DrawState>>({});
  const nameRef = useRef(nameOf);
  nameRef.current = nameOf;

  useEffect(() => {
    const bracketKey = keys.challenges.bracket(challengeId);
    const challengeKey = keys.challenges.one(challengeId);
    const names = (ids: string[]) => ids.map((id) => nameRef.current(id)).join(i18n.t('bracket.and'));
    const stops: (() => void)[] = [];
    const readAgain = (queryKey: readonly unknown[]) => stops.push(readAfterNow(qc, queryKey));
    const refetch = () => readAgain(bracketKey);
    // The challenge's own facts (its status: running, completed) change when its first round is seated and its last finishes.
    const refetchChallenge = () => readAgain(challengeKey);
    const watch = () => {
      socket.emit('watchChallenge', { challengeId }, (ack) => {
        // After joining, both again: a push missed before the join is in these reads.
        if (!ack.ok) return;
        refetch();
        refetchChallenge();
      });
    };
    const mine = (e: { challengeId?: string }) => e.challengeId === undefined || e.challengeId === challengeId;
    const onResult = (e: TableResultEvent) => {
      if (!mine(e)) return;
      qc.setQueryData<BracketDto>(bracketKey, (b) => patchResult(b, e));
      // A corrected result may change more than its table (a final's correction rewrites the placements): read again.
      if (e.corrected) refetch();
      const adv = e.result.filter((r) => r.advanced).map((r) => r.userId);
      const where = e.corrected ? i18n.t('said.tableCorrected', { round: e.round, table: e.table + 1 }) : i18n.t('said.tableFinished', { round: e.round, table: e.table + 1 });
      announce(adv.length ? i18n.t('said.advance', { where, who: names(adv), count: adv.length }) : `${where}.`);
    };
    const handlers = {
      'table:result': onResult,
      'round:started': (e: { challengeId: string; round: number; tables: unknown[] }) => {
        if (!mine(e)) return;
        refetch();
        if (e.round === 1) refetchChallenge();
        announce(i18n.t('said.seated', { round: e.round, count: e.tables.length }));
      },
      'round:finished': (e: { challengeId: string; round: number; completed: boolean }) => {
        if (!mine(e)) return;
        refetch();
        if (e.completed) refetchChallenge();
        announce(e.completed ? i18n.t('said.complete') : i18n.t('said.roundOver', { round: e.round }));
      },
      'round:hard-stop': (e: { challengeId: string; round: number }) => {
        if (!mine(e)) return;
        refetch();
        announce(i18n.t('said.hardStop', { round: e.round }));
      },
      'table:voided': (e: { challengeId: string; round: number; table: number }) => {
        if (!mine(e)) return;
        refetch();
        announce(i18n.t('said.voided', { round: e.round, table: e.table + 1 }));
      },
      'player:disqualified': (e: { challengeId: string; userId: string; displayName: string }) => {
        if (!mine(e)) return;
        qc.setQueryData<BracketDto>(bracketKey, (b) => (b && !b.disqualified.includes(e.userId) ? { ...b, disqualified: [...b.disqualified, e.userId] } : b));
        refetch();
        announce(i18n.t('dchallenge.disqualified', { name: e.displayName }));
      },
    };
    const onOpen = (e: { challengeId: string; tableId: string | null; round: number; contenders: string[]; closesAt: string; taken: unknown[] }) => {
      if (!mine(e) || !e.tableId) return;
      const tableId = e.tableId;
      setDraws((d) => ({ ...d, [tableId]: { status: 'picking', round: e.round, contenders: e.contenders, closesAt: e.closesAt, taken: e.taken.length } }));
      announce(i18n.t('said.drawOpens', { who: names(e.contenders) }));
    };
    const onPicked = (e: { tableId: string; taken: unknown[] }) =>
      setDraws((d) => (d[e.tableId] ? { ...d, [e.tableId]: { ...d[e.tableId], taken: e.taken.length } } : d));
    const onReveal = (e: { challengeId: string; tableId: string; round: number; contenders: string[]; picks: { playerId: string; tile: string; auto: boolean }[]; winners: string[]; decided: boolean }) => {
      if (!mine(e)) return;
      setDraws((d) => ({ ...d, [e.tableId]: { status: 'revealed', round: e.round, contenders: e.contenders, picks: e.picks, winners: e.winners, decided: e.decided } }));
      announce(e.decided ? i18n.t('said.drawWon', { who: names(e.winners) }) : i18n.t('said.drawAgain'));
    };
    socket.on('connect', watch);
    if (socket.connected) watch();
    const off = [
      listen(socket, 'table:result', handlers['table:result']),
      listen(socket, 'round:started', handlers['round:started']),
      listen(socket, 'round:finished', handlers['round:finished']),
      listen(socket, 'round:hard-stop', handlers['round:hard-stop']),
      listen(socket, 'table:voided', handlers['table:voided']),
      listen(socket, 'player:disqualified', handlers['player:disqualified']),
      listen(socket, 'tiebreak:open', onOpen),
      listen(socket, 'tiebreak:picked', onPicked),
      listen(socket, 'tiebreak:reveal', onReveal),
    ];
    return () => {
      socket.off('connect', watch);
      off.forEach((f) => f());
      stops.forEach((f) => f());
    };
  }, [socket, challengeId, qc, announce]);

  return { connected, draws };
}
