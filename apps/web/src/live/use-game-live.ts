import { useEffect, useState } from 'react';
import type { GameViewPayload } from '@dcs/common/live/live.contract';
import { listen, useLiveSocket } from './socket';

/**
 * A game's current view, kept live: `join` answers the view (public for a spectator, own seat for a
 * seated player), `game:view` replaces it when its `seq` is newer (an older or equal one is a duplicate),
 * a gap or a reconnect joins again, and `game:clock` moves the turn deadline.
 */
export function useGameLive(gameId: string | null | undefined, initial: GameViewPayload | null): { view: GameViewPayload | null; error: { code: string; message: string } | null; connected: boolean } {
  const { socket, connected } = useLiveSocket();
  const [state, setState] = useState<{ seq: number; view: GameViewPayload | null }>({ seq: -1, view: initial });
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  useEffect(() => {
    if (!gameId) return;
    let seq = -1;
    const join = () =>
      socket.emit('join', { gameId }, (ack) => {
        if (!ack.ok) return setError(ack.error);
        setError(null);
        seq = ack.seq;
        setState({ seq: ack.seq, view: ack.view });
      });
    const onView = (e: { gameId: string; seq: number; view: GameViewPayload }) => {
      if (e.gameId !== gameId || e.seq <= seq) return;
      if (e.seq > seq + 1 && seq >= 0) return join();
      seq = e.seq;
      setState({ seq: e.seq, view: e.view });
    };
    const onClock = (e: { gameId: string; turnDeadline: string }) => {
      if (e.gameId !== gameId) return;
      setState((s) => (s.view ? { ...s, view: { ...s.view, turnDeadline: e.turnDeadline } } : s));
    };
    socket.on('connect', join);
    const off = [listen(socket, 'game:view', onView), listen(socket, 'game:clock', onClock)];
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      off.forEach((f) => f());
      if (socket.connected) socket.emit('leave', { gameId }, () => undefined);
    };
  }, [socket, gameId]);

  return { view: state.view ?? initial, error, connected };
}
