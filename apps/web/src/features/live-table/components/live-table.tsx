import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { GameViewPayload } from '@dcs/common/live/live.contract';
import type { PlayerView } from '@dcs/engine/views';
import { useMe } from '../../../auth/use-me';
import { useGameLive } from '../live/use-game-live';
import { useTableLive } from '../live/use-table-live';
import { useAnnounce } from '../../../components/announcer';
import { Board } from '../../../components/board';
import { Countdown } from '../../../components/countdown';
import { useTurnAttention } from '../../attention/attention';
import { END_NAMES, Hand, type LegalMove } from './hand';
import { ErrorView } from '../../../components/status';
import { LiveSessionEnded } from './live-session-ended';
import { TableChat } from './table-chat';
import { TiebreakDraw } from './tiebreak-draw';
import '../../../components/player-list.css';
import './live-table.css';

const HAND_END: Record<string, string> = { domino: 'domino (a hand emptied)', lock: 'lock (nobody could play)', 'hard-stop': 'the hard stop', forfeit: 'forfeit', void: 'void' };

/** One seat as the table's page knows it (the live view knows only seat numbers). */
export interface LiveTableSeat {
  seat: number;
  userId: string | null;
  name: string;
  /** after the name: a seed, a computer's level, a team … */
  badges?: ReactNode;
  /** among the seat's facts: a place, a clock … */
  facts?: ReactNode;
  /** the score when there is no live view (the table's result) */
  score?: number;
  /** forfeited by the table's result (the live view's forfeits are shown anyway) */
  forfeited?: boolean;
}

/** What the page's own parts (heading, result) may draw from. */
export interface LiveTableState {
  seat: number | null;
  view: PlayerView | null;
  game: GameViewPayload | null;
  connected: boolean;
  myTurn: boolean;
  /** a house table's computer run-outs in this game (the Clock Jar) */
  computerRunOuts: number;
  nameOfSeat(seat: number | null): string;
}

export interface LiveTableProps {
  gameId: string | null | undefined;
  /** the game's view as the page's REST read had it (null: wait for the socket's `join`) */
  initial: GameViewPayload | null;
  /** the table the 6-4/5-5 draw belongs to (challenge tables) */
  tableId: string;
  seats: LiveTableSeat[];
  boardLabel: string;
  /** the heading and the status row (the component adds the turn clock and the live dot after it) */
  header(state: LiveTableState): ReactNode;
  /** more of the status row (a hard stop …) */
  status?(state: LiveTableState): ReactNode;
  /** more of the game-result notice (a place, a settlement …) */
  result?(state: LiveTableState): ReactNode;
  /** the seat's controls beyond knock/draw/reshuffle (forfeit …) */
  actions?(state: LiveTableState): ReactNode;
  /** called on every version of a finished game (the page re-reads its table) */
  onFinished?(): void;
  /** a draw announced by the server (challenge tables); every `tiebreak:reveal` is passed on */
  onReveal?(): void;
  /** what a clock run-out is called at this table ("ticket", "dumbbell") */
  runOutWord?: string;
}

/**
 * The live table, one component for every game (challenge tables and house tables): for spectators
 * the public board, scores and the turn clock; for a seated player also their hand with the server's
 * legal plays, knock/draw/reshuffle (K/D/R), clock run-outs, table chat and the table's 6-4/5-5 draw.
 * Moves go through the `/live` socket with acknowledgements. The page gives the seats' names and
 * facts, the heading and what its result adds.
 */
export function LiveTable({ gameId, initial, tableId, seats, boardLabel, header, status, result, actions, onFinished, onReveal, runOutWord = 'ticket' }: LiveTableProps) {
  const me = useMe();
  const live = useGameLive(gameId, initial);
  const game = live.view;
  const extra = useTableLive(game?.gameId, tableId, live.tiebreak);
  const announce = useAnnounce();
  const [sending, setSending] = useState(false);
  const [moveError, setMoveError] = useState<{ code: string; message: string } | null>(null);

  const view = (game?.view ?? null) as PlayerView | null;
  const seat = game?.seat ?? null;
  const nameOfSeat = (s: number | null) => (s === null ? 'Nobody' : s === seat ? 'You' : (seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`));
  const nameOfUser = (id: string) => (id === me.data?.id ? 'You' : (seats.find((x) => x.userId === id)?.name ?? 'a player'));
  const legal = (view?.legalMoves ?? []) as LegalMove[];
  const myTurn = seat !== null && view !== null && !view.finished && view.turn === seat;
  useTurnAttention(myTurn);
  const can = (type: string) => legal.some((m) => m.type === type);
  const state: LiveTableState = { seat, view, game, connected: live.connected, myTurn, computerRunOuts: extra.computerRunOuts, nameOfSeat };

  const send = async (type: 'play' | 'knock' | 'draw' | 'reshuffle', tile?: string, end?: 'W' | 'E' | 'N' | 'S') => {
    if (!game || !view || sending) return;
    setSending(true);
    const res = await extra.act({ gameId: game.gameId, type, tile, end, version: view.version });
    setSending(false);
    if (res.ok) {
      setMoveError(null);
      live.accept(res.seq, res.view);
    } else setMoveError(res.error);
  };

  // Keyboard: K knocks, D draws, R reshuffles (when the server lists them), anywhere on the page but a text field.
  const sendRef = useRef(send);
  sendRef.current = send;
  const canRef = useRef(can);
  canRef.current = can;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))) return;
      const k = e.key.toLowerCase();
      const type = k === 'k' ? 'knock' : k === 'd' ? 'draw' : k === 'r' ? 'reshuffle' : null;
      if (type && canRef.current(type)) {
        e.preventDefault();
        void sendRef.current(type);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Announcements: what was played, whose turn, a clock run-out, the end of a hand and of the game.
  const lastLog = useRef<string>('');
  const lastTurn = useRef<string>('');
  useEffect(() => {
    if (!view) return;
    const entry = view.log[view.log.length - 1] as { seat: number; type: string; tile?: string; end?: string } | undefined;
    const logKey = `${view.handIndex}:${view.log.length}`;
    if (entry && lastLog.current && logKey !== lastLog.current) {
      const who = nameOfSeat(entry.seat);
      announce(entry.type === 'play' ? `${who} played ${entry.tile}${entry.end ? ` on the ${END_NAMES[entry.end as 'W']} end` : ''}.` : entry.type === 'knock' ? `${who} knocked.` : entry.type === 'draw' ? `${who} drew a tile.` : `${who}: ${entry.type}.`);
    }
    lastLog.current = logKey;
    const turnKey = view.finished ? 'over' : view.handEndedBy ? `hand-${view.handIndex}` : `${view.handIndex}:${view.turn}`;
    if (turnKey !== lastTurn.current) {
      if (view.finished) announce(`Game over. ${view.winner !== null ? `${nameOfSeat(view.winner)} won.` : ''}`);
      else if (view.handEndedBy) announce(`Hand over by ${HAND_END[view.handEndedBy] ?? view.handEndedBy}.`);
      else if (view.turn !== null) announce(view.turn === seat ? 'Your turn.' : `${nameOfSeat(view.turn)} to play.`);
      lastTurn.current = turnKey;
    }
    if (view.finished) onFinished?.();
  }, [view?.version, view?.handIndex, view?.finished]);
  useEffect(() => {
    const c = extra.lastClock;
    if (!c) return;
    const who = nameOfSeat(c.seat);
    if (c.penalty === 'computer') announce(`${who} ran out of time: into the Clock Jar.`);
    else announce(`${who} ran out of time: ${runOutWord} ${c.tickets}${c.ticketsToForfeit ? ` of ${c.ticketsToForfeit}` : ''}.`);
  }, [extra.lastClock]);
  // My clock: 10 and 5 seconds left.
  useEffect(() => {
    if (!myTurn || !game?.turnDeadline) return;
    const left = Date.parse(game.turnDeadline) - Date.now();
    const timers = [10, 5].filter((s) => left > s * 1000).map((s) => setTimeout(() => announce(`${s} seconds left.`), left - s * 1000));
    return () => timers.forEach(clearTimeout);
  }, [myTurn, game?.turnDeadline, announce]);
  useEffect(() => {
    if (extra.reveals.length) onReveal?.();
    const r = extra.reveals[extra.reveals.length - 1];
    if (r) announce(r.outcome.kind === 'winner' ? `Draw revealed: ${nameOfUser(r.outcome.playerId)} ${r.outcome.playerId === me.data?.id ? 'win' : 'wins'} the draw.` : 'Draw revealed: no single holder; the draw repeats.');
  }, [extra.reveals.length]);
  useEffect(() => {
    if (extra.draw) announce(`The 6-4/5-5 draw is open${me.data && extra.draw.contenders.includes(me.data.id) ? ': pick your tiles' : ''}.`);
  }, [extra.draw?.tiebreakId, extra.draw?.round]);

  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const drawsThisHand = (s: number) => (view?.log ?? []).filter((e) => (e as { seat: number; type: string }).seat === s && (e as { type: string }).type === 'draw').length;

  return (
    <>
      {header(state)}
      <div className="table-status">
        {status?.(state)}
        <span className={`live-dot${live.connected ? ' on' : ''}`}>{live.connected ? 'Live' : 'Reconnecting…'}</span>
        {game && game.status === 'playing' && <Countdown until={game.turnDeadline} label={myTurn ? 'Your clock' : 'Turn clock'} />}
      </div>
      {game?.fairness?.contributions && <FairDealLine fairness={game.fairness} seedHash={game.seedHash} />}
      <LiveSessionEnded />
      {live.error && <ErrorView error={live.error} title="Live updates are unavailable" />}
      {live.missed.length > 0 && (
        <p className="muted" data-testid="missed">
          Back online: {live.missed.length} move{live.missed.length === 1 ? '' : 's'} happened while you were away.
        </p>
      )}

      <section aria-labelledby="players-h">
        <h2 id="players-h" className="sr-only">
          Players
        </h2>
        <ol className="players">
          {seats.map((s) => {
            const onTurn = view?.turn === s.seat && !view.finished && !view.handEndedBy;
            // Both are the seat's running total: the join's (after a reload) and the latest run-out event.
            const tk = Math.max(extra.tickets[s.seat] ?? 0, live.joinedTickets[s.seat] ?? 0);
            const draws = drawsThisHand(s.seat);
            return (
              <li key={s.seat} className={`player${onTurn ? ' on-turn' : ''}${s.seat === seat ? ' me' : ''}`} aria-current={onTurn ? 'true' : undefined} data-seat={s.seat}>
                <span className="player-name">
                  {s.name} {s.badges}
                  {s.seat === seat && <span className="tag tag-me">you</span>}
                  {onTurn && <span className="tag">to play</span>}
                </span>
                <span className="player-facts">
                  <span className="score" aria-label={`score ${view?.scores[s.seat] ?? s.score ?? 0}`}>
                    {view?.scores[s.seat] ?? s.score ?? 0}
                  </span>
                  {view && <span className="muted">{plural(view.tileCounts[s.seat], 'tile')}</span>}
                  {view && draws > 0 && <span className="muted">drew {draws}</span>}
                  {view && view.ruleset === 'dcs-tournament' && <span className={`house ${view.onBoard[s.seat] ? 'yellow' : 'grey'}`}>{view.onBoard[s.seat] ? 'Yellow' : 'Grey'}</span>}
                  {tk > 0 && (
                    <span className="tag tag-bad" data-testid="tickets">
                      {plural(tk, runOutWord)}
                    </span>
                  )}
                  {(view?.forfeited[s.seat] || s.forfeited) && <span className="tag tag-bad">forfeit</span>}
                  {s.facts}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="board-h">
        <h2 id="board-h">Board</h2>
        {view ? <Board board={view.board} openEnds={view.openEnds} sum={view.sum} label={boardLabel} /> : <p className="empty">No game at this table yet.</p>}
        {view && (
          <p className="muted" data-testid="yard">
            Yard: {view.yardCount} tiles{view.yardDrawable && view.yardCount > 0 ? ' to draw from' : ''} · hand {view.handIndex !== null ? view.handIndex + 1 : '—'}
            {view.partners ? ' · partners: seats 1 and 3 against 2 and 4' : ''}
          </p>
        )}
      </section>

      {view && view.handEndedBy && !view.finished && (
        <section className="notice" aria-labelledby="hand-result-h" data-testid="hand-result">
          <h2 id="hand-result-h">Hand {view.handIndex !== null ? view.handIndex + 1 : ''} over</h2>
          <p>
            Ended by {HAND_END[view.handEndedBy] ?? view.handEndedBy}
            {view.handWinner !== null ? `; ${nameOfSeat(view.handWinner)} won the hand` : ''}. Points:{' '}
            {view.handPoints.map((p, i) => `${nameOfSeat(i)} ${p}`).join(', ')}.
          </p>
        </section>
      )}

      {view && view.finished && (
        <section className="notice" aria-labelledby="game-result-h" data-testid="game-result">
          <h2 id="game-result-h">Game over</h2>
          <p>
            {view.winner !== null ? `${nameOfSeat(view.winner)} won` : 'No winner'}
            {view.endedBy ? ` (${HAND_END[view.endedBy] ?? view.endedBy})` : ''}. Final scores: {view.scores.map((p, i) => `${nameOfSeat(i)} ${p}`).join(', ')}.
          </p>
          {result?.(state)}
        </section>
      )}

      {seat !== null && view && view.hand && !view.finished && (
        <section aria-labelledby="hand-h" className="my-hand" data-version={view.version}>
          <h2 id="hand-h">My hand</h2>
          <p role="status" className={myTurn ? 'your-turn' : 'muted'}>
            {myTurn ? (legal.some((m) => m.type === 'play') ? 'Your turn: choose a highlighted tile.' : 'Your turn: no tile fits.') : view.handEndedBy ? 'The next hand is being dealt.' : `${nameOfSeat(view.turn)} to play.`}
          </p>
          <Hand tiles={view.hand} legal={legal} openEnds={view.openEnds} enabled={myTurn && !sending} onPlay={(tile, end) => void send('play', tile, end)} />
          <div className="actions">
            <button type="button" disabled={!can('knock') || sending} onClick={() => void send('knock')} aria-keyshortcuts="K">
              Knock <kbd>K</kbd>
            </button>
            {view.yardDrawable && (view.yardCount > 0 || can('draw')) && (
              <button type="button" disabled={!can('draw') || sending} onClick={() => void send('draw')} aria-keyshortcuts="D">
                Draw <kbd>D</kbd>
              </button>
            )}
            {can('reshuffle') && (
              <button type="button" disabled={sending} onClick={() => void send('reshuffle')} aria-keyshortcuts="R">
                Reshuffle <kbd>R</kbd>
              </button>
            )}
            {actions?.(state)}
          </div>
          {moveError && (
            <div className="notice notice-error" role="alert">
              <p className="notice-title">Move not accepted</p>
              <p>{moveError.message}</p>
              <p className="muted">Code: {moveError.code}</p>
            </div>
          )}
          <details className="keys">
            <summary>Keyboard</summary>
            <ul>
              <li>
                <kbd>Tab</kbd> to your tiles, <kbd>←</kbd>/<kbd>→</kbd> (<kbd>Home</kbd>/<kbd>End</kbd>) to move between them.
              </li>
              <li>
                <kbd>Enter</kbd> or <kbd>Space</kbd> plays the focused tile; when it fits more than one end, <kbd>W</kbd>/<kbd>E</kbd>/<kbd>N</kbd>/<kbd>S</kbd> (or the arrows and
                Enter) choose the end, <kbd>Esc</kbd> cancels.
              </li>
              <li>
                <kbd>K</kbd> knocks when you cannot play; <kbd>D</kbd> draws and <kbd>R</kbd> reshuffles where the rules allow.
              </li>
              <li>Turns, plays and your last 10 and 5 seconds are announced to screen readers.</li>
            </ul>
          </details>
        </section>
      )}

      <TiebreakDraw draw={extra.draw} reveals={extra.reveals} me={me.data?.id ?? null} names={nameOfUser} onPick={extra.pick} />

      {game && (seat !== null || extra.chat.length > 0) && <TableChat messages={extra.chat} onSend={extra.say} canSend={seat !== null && game.status === 'playing'} />}
      <p className="sr-only" aria-live="polite">
        {seat === null && view && !view.finished && view.turn !== null ? `${nameOfSeat(view.turn)} to play; total ${view.sum}.` : ''}
      </p>
    </>
  );
}

/** Deals no one can steer: the commitment and the players' contributions, as they come in (docs/rules.md, Deals 4a). */
function FairDealLine({ fairness, seedHash }: { fairness: NonNullable<GameViewPayload['fairness']>; seedHash: string }) {
  const all = fairness.contributions ?? [];
  const sent = all.filter((c) => typeof c === 'string' && c.length > 0).length;
  const people = all.filter((c) => c !== '').length;
  return (
    <p className="muted" data-testid="fair-deal">
      {fairness.dealClosesAt ? `Dealing: ${sent} of ${people} players' contributions in` : `Dealt from the server's seed and ${sent} player contribution${sent === 1 ? '' : 's'}`} · commitment{' '}
      <code title={seedHash}>{seedHash.slice(0, 10)}…</code>
    </p>
  );
}
