import { i18n } from '../../../i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TableResultEvent } from '@dcs/common/live/live.contract';
import { keys } from '../../../api/keys';
import type { BracketDto, ChallengeDetailDto } from '../../../api/types';
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
 * Keeps a challenge's bracket live: joins `challenge:<id>` (again after every reconnect, and then
 * refetches, since missed pushes are not replayed), writes each table result into the cached
 * bracket, refetches on seatings and round ends, tracks 6-4/5-5 draws, and announces each change.
 */
/** The order a challenge's status moves in: `behind(a, b)` when a comes before b (an older answer). */
const STATUS_ORDER = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running', 'completed'];
const behind = (a: string | undefined, b: string) => a !== undefined && STATUS_ORDER.includes(a) && STATUS_ORDER.indexOf(a) < STATUS_ORDER.indexOf(b);

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
    /**
     * A read that starts after now (a push's change is in it). A page's first read still in flight is let
     * finish and drawn, then read again: refetching at once would cancel it and start over, delaying the
     * first drawing — and an invalidation does not restart a first read at all, so a change pushed while it
     * runs (a seating as the page opens) would be lost. A later read in flight (the query has data) is
     * cancelled and started again by the invalidation itself: its answer may be from before the change.
     */
    const readAfterNow = (queryKey: readonly unknown[]) => {
      const again = () => void qc.invalidateQueries({ queryKey, exact: true });
      const cache = qc.getQueryCache();
      const query = cache.find({ queryKey, exact: true });
      if (query?.state.fetchStatus !== 'fetching' || query.state.data !== undefined) return again();
      const stop = cache.subscribe((ev) => {
        if (ev.query !== query || query.state.fetchStatus === 'fetching') return;
        stop();
        again();
      });
      stops.push(stop);
    };
    const refetch = () => readAfterNow(bracketKey);
    // The challenge's own facts (its status: running, completed) change when its first round is seated and its last finishes.
    const refetchChallenge = (status: 'running' | 'completed') =>
      void (async () => {
        // A read in flight is from before the change (its answer, or its cancellation's revert, would put the old
        // status back): stopped first. The event itself says what changed: drawn at once (no "check-in open" left
        // on screen after the seating), then read again.
        await qc.cancelQueries({ queryKey: challengeKey, exact: true });
        const told = (c: ChallengeDetailDto | undefined) => (c && behind(c.status, status) ? { ...c, status } : c);
        qc.setQueryData<ChallengeDetailDto>(challengeKey, told);
        await qc.invalidateQueries({ queryKey: challengeKey, exact: true });
        // A status only moves forward: an answer from before the change (a read that raced the event, a kept copy)
        // never takes the page back; it is read again a little later, and the event's status stays meanwhile.
        for (let i = 1; i <= 3 && behind(qc.getQueryData<ChallengeDetailDto>(challengeKey)?.status, status); i++) {
          qc.setQueryData<ChallengeDetailDto>(challengeKey, told);
          await new Promise((r) => setTimeout(r, 1000 * i));
          await qc.invalidateQueries({ queryKey: challengeKey, exact: true });
        }
        qc.setQueryData<ChallengeDetailDto>(challengeKey, told);
      })();
    // After joining, the bracket again: a push missed before the join is in that read.
    const refetchAfterJoin = refetch;
    const watch = () => {
      socket.emit('watchChallenge', { challengeId }, (ack) => {
        if (ack.ok) refetchAfterJoin();
      });
    };
    const mine = (e: { challengeId?: string }) => e.challengeId === undefined || e.challengeId === challengeId;
    const onResult = (e: TableResultEvent) => {
      if (!mine(e)) return;
      qc.setQueryData<BracketDto>(bracketKey, (b) => patchResult(b, e));
      const adv = e.result.filter((r) => r.advanced).map((r) => r.userId);
      const where = e.corrected ? i18n.t('said.tableCorrected', { round: e.round, table: e.table + 1 }) : i18n.t('said.tableFinished', { round: e.round, table: e.table + 1 });
      announce(adv.length ? i18n.t('said.advance', { where, who: names(adv), count: adv.length }) : `${where}.`);
    };
    const handlers = {
      'table:result': onResult,
      'round:started': (e: { challengeId: string; round: number; tables: unknown[] }) => {
        if (!mine(e)) return;
        refetch();
        if (e.round === 1) refetchChallenge('running');
        announce(i18n.t('said.seated', { round: e.round, count: e.tables.length }));
      },
      'round:finished': (e: { challengeId: string; round: number; completed: boolean }) => {
        if (!mine(e)) return;
        refetch();
        if (e.completed) refetchChallenge('completed');
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
