import { i18n } from '../../../i18n/i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ActionPayload,
  ActedGame,
  Ack,
  ChatMessage,
  GameClockEvent,
  HouseRunOutEvent,
  JoinedGame,
  TiebreakOpenEvent,
  TiebreakRevealEvent,
} from '@dcs/common/live/live.contract';
import type { TiebreakPublicView } from '@dcs/engine/tiebreak';
import { useLiveSocket } from '../../../live/socket';

export interface ErrorBody {
  code: string;
  message: string;
}

/** A clock run-out as the page announces it: a tournament ticket (`game:clock`) or a house table's (`penalty`). */
export type ClockRunOut = Omit<GameClockEvent, 'turnDeadline'> & { turnDeadline: string | null; penalty?: HouseRunOutEvent['penalty'] };

/** The table's open 6-4/5-5 draw as the page shows it: who picks, which positions are taken, until when. */
export interface DrawState {
  tiebreakId: string;
  contenders: string[];
  handSize: number;
  positions: number;
  taken: { playerId: string; position: number }[];
  closesAt: string;
  round: number;
}

export interface TableLive {
  /** tickets (clock run-outs) per seat in this game, from `game:clock` (a house table's tickets or dumbbells from `house:run-out`) */
  tickets: Record<number, number>;
  ticketsToForfeit: number;
  lastClock: ClockRunOut | null;
  /** a house table's computer run-outs in this game (the Clock Jar) */
  computerRunOuts: number;
  chat: ChatMessage[];
  draw: DrawState | null;
  reveals: TiebreakRevealEvent[];
  act(payload: Omit<ActionPayload, 'requestId'>): Promise<Ack<ActedGame>>;
  say(text: string): Promise<Ack<{ message: ChatMessage }>>;
  pick(position: number): Promise<Ack<unknown>>;
}

const newRequestId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** Wraps an emit with acknowledgement so that a lost connection answers a readable error instead of hanging. */
function withAck<T>(send: (ack: (res: Ack<T>) => void) => void, ms = 10_000): Promise<Ack<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: { code: 'NO_ANSWER', message: i18n.t('said.noAnswer') } }), ms);
    send((res) => {
      clearTimeout(timer);
      resolve(res);
    });
  });
}

/**
 * A seated player's live table beyond the view: clock tickets, table chat, the table's 6-4/5-5 draw
 * (`tiebreak:open` / `picked` / `reveal`), and the moves, chat lines and picks sent with acknowledgements.
 */
export function useTableLive(gameId: string | null | undefined, tableId: string | null | undefined, joinedDraw: JoinedGame['tiebreak'] | null): TableLive {
  const { socket } = useLiveSocket();
  const [tickets, setTickets] = useState<Record<number, number>>({});
  const [ticketsToForfeit, setTicketsToForfeit] = useState(5);
  const [lastClock, setLastClock] = useState<ClockRunOut | null>(null);
  const [computerRunOuts, setComputerRunOuts] = useState(0);
  const seenRunOuts = useRef(new Set<string>());
  const houseCounts = useRef(new Map<number, number>());
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [draw, setDraw] = useState<DrawState | null>(null);
  const [reveals, setReveals] = useState<TiebreakRevealEvent[]>([]);

  useEffect(() => {
    if (joinedDraw && !joinedDraw.decided && joinedDraw.status === 'picking') {
      setDraw({ tiebreakId: joinedDraw.id, contenders: joinedDraw.contenders, handSize: joinedDraw.handSize, positions: 28, taken: joinedDraw.taken, closesAt: joinedDraw.closesAt, round: joinedDraw.round });
    }
  }, [joinedDraw]);

  useEffect(() => {
    if (!gameId) return;
    const onClock = (e: GameClockEvent) => {
      if (e.gameId !== gameId) return;
      setTickets((t) => ({ ...t, [e.seat]: e.tickets }));
      setTicketsToForfeit(e.ticketsToForfeit);
      setLastClock(e);
    };
    const onChat = (m: ChatMessage) => {
      if (m.gameId !== gameId) return;
      setChat((c) => (c.some((x) => x.id === m.id) ? c : [...c.slice(-99), m]));
    };
    const onOpen = (e: TiebreakOpenEvent) => {
      if (e.gameId !== gameId && (!tableId || e.tableId !== tableId)) return;
      setDraw({ tiebreakId: e.tiebreakId, contenders: e.contenders, handSize: e.handSize, positions: e.positions, taken: e.taken, closesAt: e.closesAt, round: e.round });
    };
    const onPicked = (e: { tiebreakId: string; taken: { playerId: string; position: number }[] }) => {
      setDraw((d) => (d && d.tiebreakId === e.tiebreakId ? { ...d, taken: e.taken } : d));
    };
    const onReveal = (e: TiebreakRevealEvent) => {
      if (!tableId || e.tableId !== tableId) return;
      setReveals((r) => [...r, e]);
      setDraw((d) => (d && d.tiebreakId === e.tiebreakId ? null : d));
    };
    const onHouseRunOut = (e: HouseRunOutEvent) => {
      const key = `${e.seq}:${e.seat}:${e.attempt}`;
      // A spectator's copy names no penalty (SPEC 8.4): the clock's restart reaches it through use-game-live.
      if (e.gameId !== gameId || e.penalty === null || seenRunOuts.current.has(key)) return;
      seenRunOuts.current.add(key);
      if (e.penalty === 'computer') {
        setComputerRunOuts((n) => n + 1);
        setLastClock({ gameId: e.gameId, seq: e.seq, seat: e.seat, attempt: e.attempt, tickets: 0, ticketsToForfeit: 0, turnDeadline: e.turnDeadline, penalty: e.penalty });
        return;
      }
      const n = (houseCounts.current.get(e.seat) ?? 0) + 1;
      houseCounts.current.set(e.seat, n);
      setTickets((t) => ({ ...t, [e.seat]: n }));
      // Five dumbbells in one turn forfeit the game: the count that matters is this turn's (attempt + 1).
      setLastClock({ gameId: e.gameId, seq: e.seq, seat: e.seat, attempt: e.attempt, tickets: e.penalty === 'dumbbell' ? e.attempt + 1 : n, ticketsToForfeit: e.penalty === 'dumbbell' ? 5 : 0, turnDeadline: e.turnDeadline, penalty: e.penalty });
    };
    socket.on('house:run-out', onHouseRunOut);
    socket.on('game:clock', onClock);
    socket.on('chat:message', onChat);
    socket.on('tiebreak:open', onOpen);
    socket.on('tiebreak:picked', onPicked);
    socket.on('tiebreak:reveal', onReveal);
    return () => {
      socket.off('house:run-out', onHouseRunOut);
      socket.off('game:clock', onClock);
      socket.off('chat:message', onChat);
      socket.off('tiebreak:open', onOpen);
      socket.off('tiebreak:picked', onPicked);
      socket.off('tiebreak:reveal', onReveal);
    };
  }, [socket, gameId, tableId]);

  const act = useCallback((p: Omit<ActionPayload, 'requestId'>) => withAck<ActedGame>((ack) => socket.emit('action', { ...p, requestId: newRequestId() }, ack)), [socket]);
  const say = useCallback(
    (text: string) => withAck<{ message: ChatMessage }>((ack) => socket.emit('chat', { gameId: gameId ?? '', text, requestId: newRequestId() }, ack)),
    [socket, gameId],
  );
  const pick = useCallback(
    async (position: number) => {
      const id = draw?.tiebreakId ?? '';
      const res = await withAck<{ tiebreak: TiebreakPublicView }>((ack) => socket.emit('tiebreak:pick', { tiebreakId: id, position }, ack));
      if (res.ok) setDraw((d) => (d && d.tiebreakId === id ? { ...d, taken: [...res.tiebreak.taken] } : d));
      return res;
    },
    [socket, draw?.tiebreakId],
  );

  return { tickets, ticketsToForfeit, lastClock, computerRunOuts, chat, draw, reveals, act, say, pick };
}
