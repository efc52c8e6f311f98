import { useCallback, useEffect, useState } from 'react';
import type { Ack } from '@dcs/common/live/live.contract';
import type { TeamMessage } from '@dcs/common/live/voice.contract';
import { useLiveSocket } from '../../../live/socket';

/** The team text channel at a partners table: `team:message` reaches the two partners only (the server decides the team from the seat). */
export function useTeamChat(gameId: string, enabled: boolean) {
  const { socket } = useLiveSocket();
  const [messages, setMessages] = useState<TeamMessage[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const onMessage = (m: TeamMessage) => {
      if (m.gameId !== gameId) return;
      setMessages((c) => (c.some((x) => x.id === m.id) ? c : [...c.slice(-99), m]));
    };
    socket.on('team:message', onMessage);
    return () => {
      socket.off('team:message', onMessage);
    };
  }, [socket, gameId, enabled]);
  const say = useCallback(
    (text: string) =>
      new Promise<Ack<{ message: TeamMessage }>>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, error: { code: 'NO_ANSWER', message: 'The table did not answer.' } }), 10_000);
        socket.emit('team:chat', { gameId, text, requestId: globalThis.crypto?.randomUUID?.() ?? `${Date.now()}` }, (res) => {
          clearTimeout(timer);
          if (res.ok) setMessages((c) => (c.some((x) => x.id === res.message.id) ? c : [...c, res.message]));
          resolve(res);
        });
      }),
    [socket, gameId],
  );
  return { messages, say };
}
