import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameFairnessEvent, GameViewPayload, HouseRunOutEvent, JoinedGame, MissedEvent } from '@dcs/common/live/live.contract';
import { useLiveSocket } from '../../../live/socket';

export interface GameLive {
  view: GameViewPayload | null;
  /** the version the view shows (-1 before the first join) */
  seq: number;
  error: { code: string; message: string } | null;
  connected: boolean;
  /** what a rejoin (`since`) reported as missed, in order */
  missed: MissedEvent[];
  /** the table's 6-4/5-5 draw when the join found one open */
  tiebreak: JoinedGame['tiebreak'] | null;
  /** each seat's clock tickets as of the last join (a reload or reconnect restores them; `game:clock` counts on from there) */
  joinedTickets: number[];
  /** takes a newer view (a move's acknowledgement) */
  accept(seq: number, view: GameViewPayload): void;
}

/**
 * A game's current view, kept live: `join` answers the view (public for a spectator, own seat for a
 * seated player), `game:view` replaces it when its `seq` is newer (an older or equal one is a duplicate),
 * a gap or a reconnect joins again with `since` (the answer lists what was missed), and `game:clock`
 * moves the turn deadline. A seated player keeps to their own seat's views (the public copy of the
 * same version, sent to the game's room, would hide their hand).
 */
export function useGameLive(gameId: string | null | undefined, initial: GameViewPayload | null): GameLive {
  const { socket, connected } = useLiveSocket();
  const [state, setState] = useState<{ seq: number; view: GameViewPayload | null }>({ seq: -1, view: initial });
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [missed, setMissed] = useState<MissedEvent[]>([]);
  const [tiebreak, setTiebreak] = useState<JoinedGame['tiebreak'] | null>(null);
  const [joinedTickets, setJoinedTickets] = useState<number[]>([]);
  const seqRef = useRef(-1);
  // A seated player gets each version twice: the public view (game room) and their own (user room); only their own counts.
  const seatedRef = useRef(false);

  const accept = useCallback((seq: number, view: GameViewPayload) => {
    if (seq <= seqRef.current) return;
    if (view.seat !== null) seatedRef.current = true;
    seqRef.current = seq;
    setState({ seq, view });
  }, []);

  useEffect(() => {
    if (!gameId) return;
    seqRef.current = -1;
    seatedRef.current = false;
    const join = () =>
      socket.emit('join', seqRef.current >= 0 ? { gameId, since: seqRef.current } : { gameId }, (ack) => {
        if (!ack.ok) return setError(ack.error);
        setError(null);
        if (ack.missed?.length) setMissed(ack.missed);
        setTiebreak(ack.tiebreak ?? null);
        setJoinedTickets(ack.view.tickets ?? []);
        seqRef.current = ack.seq;
        if (ack.view.seat !== null) seatedRef.current = true;
        setState({ seq: ack.seq, view: ack.view });
      });
    const onView = (e: { gameId: string; seq: number; view: GameViewPayload }) => {
      if (e.gameId !== gameId || e.seq <= seqRef.current || (seatedRef.current && e.view.seat === null)) return;
      if (e.seq > seqRef.current + 1 && seqRef.current >= 0) return join();
      seqRef.current = e.seq;
      setState({ seq: e.seq, view: e.view });
    };
    const onClock = (e: { gameId: string; turnDeadline: string }) => {
      if (e.gameId !== gameId) return;
      setState((s) => (s.view ? { ...s, view: { ...s.view, turnDeadline: e.turnDeadline } } : s));
    };
    // Deals no one can steer: the contributions as they come in (the dealt view follows as seq 0).
    const onFairness = (e: GameFairnessEvent) => {
      if (e.gameId !== gameId) return;
      setState((s) => (s.view && s.view.fairness?.dealClosesAt ? { ...s, view: { ...s.view, fairness: { contributions: e.contributions, dealClosesAt: e.dealClosesAt } } } : s));
    };
    // A house table's run-out restarts the clock of the seat on turn (or ends the game: null).
    const onHouseRunOut = (e: HouseRunOutEvent) => e.turnDeadline && onClock({ gameId: e.gameId, turnDeadline: e.turnDeadline });
    socket.on('connect', join);
    socket.on('game:view', onView);
    socket.on('game:clock', onClock);
    socket.on('game:fairness', onFairness);
    socket.on('house:run-out', onHouseRunOut);
    if (socket.connected) join();
    return () => {
      socket.off('house:run-out', onHouseRunOut);
      socket.off('connect', join);
      socket.off('game:view', onView);
      socket.off('game:clock', onClock);
      socket.off('game:fairness', onFairness);
      if (socket.connected) socket.emit('leave', { gameId }, () => undefined);
    };
  }, [socket, gameId]);

  // A seated person's page contributes to the deal by itself while the window is open (once per game and page).
  const view = state.view ?? initial;
  const sentRef = useRef<string | null>(null);
  const seat = view?.seat ?? null;
  const waiting = !!view?.fairness?.dealClosesAt && seat !== null && view.fairness.contributions?.[seat] === null;
  useEffect(() => {
    if (!gameId || !waiting || !connected || sentRef.current === gameId) return;
    sentRef.current = gameId;
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const contribution = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    socket.emit('contribute', { gameId, contribution, seat: seat! }, (ack) => {
      if (!ack.ok) return;
      setState((s) => (s.view && s.view.fairness?.dealClosesAt ? { ...s, view: { ...s.view, fairness: { contributions: ack.contributions, dealClosesAt: ack.dealClosesAt } } } : s));
    });
  }, [socket, gameId, waiting, connected, seat]);

  return { view: state.view ?? initial, seq: state.seq, error, connected, missed, tiebreak, joinedTickets, accept };
}
