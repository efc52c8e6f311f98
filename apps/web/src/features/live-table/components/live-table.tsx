import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { GameViewPayload } from '@dcs/common/live/live.contract';
import { tOr } from '../../../i18n/i18n';
import type { PlayerView } from '@dcs/engine/views';
import { useMe } from '../../../auth/use-me';
import { useGameLive } from '../live/use-game-live';
import { useTableLive } from '../live/use-table-live';
import { useAnnounce } from '../../../components/announcer';
import { Board } from '../../../components/board';
import { Countdown } from '../../../components/countdown';
import { useTurnAttention } from '../../attention/attention';
import { endName, Hand, type LegalMove } from './hand';
import { ErrorDetails, ErrorView, errorWords } from '../../../components/status';
import { LiveSessionEnded } from './live-session-ended';
import { TableChat } from './table-chat';
import { useMutes } from '../../voice/api/voice-queries';
import { TiebreakDraw } from './tiebreak-draw';
import '../../../components/player-list.css';
import './live-table.css';

/** How a hand or game ended, in the page's language (messages `handEnd.*`). */
const handEnd = (how: string) => tOr(`handEnd.${how}`, how);

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
  /** after the players: more about the seats (a challenge table's places if the game ended now) */
  players?(state: LiveTableState): ReactNode;
  /** the seat's controls beyond knock/draw/reshuffle (forfeit …) */
  actions?(state: LiveTableState): ReactNode;
  /** called on every version of a finished game (the page re-reads its table) */
  onFinished?(): void;
  /** a draw announced by the server (challenge tables); every `tiebreak:reveal` is passed on */
  onReveal?(): void;
  /** what a clock run-out is called at this table ("ticket", "dumbbell") */
  runOutWord?: string;
  /** beside the table chat: a house table's voice panel and team channel */
  beside?(state: LiveTableState): ReactNode;
}

/**
 * The live table, one component for every game (challenge tables and house tables): for spectators
 * the public board, scores and the turn clock; for a seated player also their hand with the server's
 * legal plays, knock/draw/reshuffle (K/D/R), clock run-outs, table chat and the table's 6-4/5-5 draw.
 * Moves go through the `/live` socket with acknowledgements. The page gives the seats' names and
 * facts, the heading and what its result adds.
 */
export function LiveTable({ gameId, initial, tableId, seats, boardLabel, header, status, result, players, actions, onFinished, onReveal, runOutWord: runOutWordGiven, beside }: LiveTableProps) {
  const { t } = useTranslation();
  const runOutWord = runOutWordGiven ?? t('table.ticket');
  const me = useMe();
  const live = useGameLive(gameId, initial);
  const game = live.view;
  const extra = useTableLive(game?.gameId, tableId, live.tiebreak);
  const announce = useAnnounce();
  // A player's mutes follow them to every table: a muted person's table text is not shown.
  const muted = new Set((useMutes().data ?? []).map((m) => m.userId));
  const [sending, setSending] = useState(false);
  const [moveError, setMoveError] = useState<{ code: string; message: string } | null>(null);

  const view = (game?.view ?? null) as PlayerView | null;
  const seat = game?.seat ?? null;
  const nameOfSeat = (s: number | null) => (s === null ? t('table.nobody') : s === seat ? t('table.you') : (seats.find((x) => x.seat === s)?.name ?? t('table.seatN', { n: s + 1 })));
  const nameOfUser = (id: string) => (id === me.data?.id ? t('table.you') : (seats.find((x) => x.userId === id)?.name ?? t('table.aPlayer')));
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

  // Keyboard: K knocks (P too: "paso", the Spanish button's key), D draws, R reshuffles (when the server lists them), anywhere on the page but a text field.
  const sendRef = useRef(send);
  sendRef.current = send;
  const canRef = useRef(can);
  canRef.current = can;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable))) return;
      const k = e.key.toLowerCase();
      const type = k === 'k' || k === 'p' ? 'knock' : k === 'd' ? 'draw' : k === 'r' ? 'reshuffle' : null;
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
      announce(
        entry.type === 'play'
          ? entry.end
            ? t('table.saidPlayedOn', { who, tile: entry.tile, end: endName(entry.end as 'W') })
            : t('table.saidPlayed', { who, tile: entry.tile })
          : entry.type === 'knock'
            ? t('table.saidKnocked', { who })
            : entry.type === 'draw'
              ? t('table.saidDrew', { who })
              : t('table.saidOther', { who, what: entry.type }),
      );
    }
    lastLog.current = logKey;
    const turnKey = view.finished ? 'over' : view.handEndedBy ? `hand-${view.handIndex}` : `${view.handIndex}:${view.turn}`;
    if (turnKey !== lastTurn.current) {
      if (view.finished) announce(`${t('table.saidGameOver')} ${view.winner !== null ? t('table.saidWon', { who: nameOfSeat(view.winner) }) : ''}`);
      else if (view.handEndedBy) announce(t('table.saidHandOver', { how: handEnd(view.handEndedBy) }));
      else if (view.turn !== null) announce(view.turn === seat ? t('table.saidYourTurn') : t('table.saidToPlay', { who: nameOfSeat(view.turn) }));
      lastTurn.current = turnKey;
    }
    if (view.finished) onFinished?.();
  }, [view?.version, view?.handIndex, view?.finished]);
  useEffect(() => {
    const c = extra.lastClock;
    if (!c) return;
    const who = nameOfSeat(c.seat);
    if (c.penalty === 'computer') announce(t('table.saidJar', { who }));
    else announce(c.ticketsToForfeit ? t('table.saidRunOutOf', { who, word: runOutWord, n: c.tickets, of: c.ticketsToForfeit }) : t('table.saidRunOut', { who, word: runOutWord, n: c.tickets }));
  }, [extra.lastClock]);
  // My clock: 10 and 5 seconds left.
  useEffect(() => {
    if (!myTurn || !game?.turnDeadline) return;
    const left = Date.parse(game.turnDeadline) - Date.now();
    const timers = [10, 5].filter((s) => left > s * 1000).map((s) => setTimeout(() => announce(t('table.saidSecondsLeft', { s })), left - s * 1000));
    return () => timers.forEach(clearTimeout);
  }, [myTurn, game?.turnDeadline, announce]);
  useEffect(() => {
    if (extra.reveals.length) onReveal?.();
    const r = extra.reveals[extra.reveals.length - 1];
    if (r) announce(r.outcome.kind === 'winner' ? (r.outcome.playerId === me.data?.id ? t('table.saidDrawWinYou') : t('table.saidDrawWin', { who: nameOfUser(r.outcome.playerId) })) : t('table.saidDrawRepeat'));
  }, [extra.reveals.length]);
  useEffect(() => {
    if (extra.draw) announce(me.data && extra.draw.contenders.includes(me.data.id) ? t('table.saidDrawOpenPick') : t('table.saidDrawOpen'));
  }, [extra.draw?.tiebreakId, extra.draw?.round]);

  const drawsThisHand = (s: number) => (view?.log ?? []).filter((e) => (e as { seat: number; type: string }).seat === s && (e as { type: string }).type === 'draw').length;

  return (
    <>
      {header(state)}
      <div className="table-status">
        {status?.(state)}
        <span className={`live-dot${live.connected ? ' on' : ''}`}>{live.connected ? t('table.live') : t('table.reconnecting')}</span>
        {game && game.status === 'playing' && <Countdown until={game.turnDeadline} label={myTurn ? t('table.yourClock') : t('table.turnClock')} />}
      </div>
      {game?.fairness?.contributions && <FairDealLine fairness={game.fairness} seedHash={game.seedHash} />}
      <LiveSessionEnded />
      {live.error && <ErrorView error={live.error} title={t('table.liveFailed')} />}
      {live.missed.length > 0 && (
        <p className="muted" data-testid="missed">
          {t('table.missed', { count: live.missed.length })}
        </p>
      )}

      <section aria-labelledby="players-h">
        <h2 id="players-h" className="sr-only">
          {t('table.players')}
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
                  {s.seat === seat && <span className="tag tag-me">{t('table.youTag')}</span>}
                  {onTurn && <span className="tag">{t('table.toPlay')}</span>}
                </span>
                <span className="player-facts">
                  <span className="score" aria-label={t('table.score', { score: view?.scores[s.seat] ?? s.score ?? 0 })}>
                    {view?.scores[s.seat] ?? s.score ?? 0}
                  </span>
                  {view && <span className="muted">{t('table.tiles', { count: view.tileCounts[s.seat] })}</span>}
                  {view && draws > 0 && <span className="muted">{t('table.drew', { n: draws })}</span>}
                  {view && view.ruleset === 'dcs-tournament' && <span className={`house ${view.onBoard[s.seat] ? 'yellow' : 'grey'}`}>{view.onBoard[s.seat] ? t('table.yellow') : t('table.grey')}</span>}
                  {tk > 0 && (
                    <span className="tag tag-bad" data-testid="tickets">
                      {t('table.runOuts', { count: tk, word: runOutWord })}
                    </span>
                  )}
                  {(view?.forfeited[s.seat] || s.forfeited) && <span className="tag tag-bad">{t('table.forfeit')}</span>}
                  {s.facts}
                </span>
              </li>
            );
          })}
        </ol>
        {players?.(state)}
      </section>

      <section aria-labelledby="board-h">
        <h2 id="board-h">{t('table.board')}</h2>
        {view ? <Board board={view.board} openEnds={view.openEnds} sum={view.sum} label={boardLabel} /> : <p className="empty">{t('table.noGame')}</p>}
        {view && (
          <p className="muted" data-testid="yard">
            {t('table.yard', { count: view.yardCount })}
            {view.yardDrawable && view.yardCount > 0 ? t('table.toDrawFrom') : ''}
            {t('table.handN', { n: view.handIndex !== null ? view.handIndex + 1 : '—' })}
            {view.partners ? t('table.partners') : ''}
          </p>
        )}
      </section>

      {view && view.handEndedBy && !view.finished && (
        <section className="notice" aria-labelledby="hand-result-h" data-testid="hand-result">
          <h2 id="hand-result-h">{t('table.handOver', { n: view.handIndex !== null ? view.handIndex + 1 : '' })}</h2>
          <p>
            {t('table.endedBy', { how: handEnd(view.handEndedBy) })}
            {view.handWinner !== null ? t('table.wonHand', { who: nameOfSeat(view.handWinner) }) : ''}
            {t('table.pointsList', { list: view.handPoints.map((p, i) => `${nameOfSeat(i)} ${p}`).join(', ') })}
          </p>
        </section>
      )}

      {view && view.finished && (
        <section className="notice" aria-labelledby="game-result-h" data-testid="game-result">
          <h2 id="game-result-h">{t('table.gameOver')}</h2>
          <p>
            {view.winner !== null ? t('table.won', { who: nameOfSeat(view.winner) }) : t('table.noWinner')}
            {view.endedBy ? ` (${handEnd(view.endedBy)})` : ''}
            {t('table.finalScores', { list: view.scores.map((p, i) => `${nameOfSeat(i)} ${p}`).join(', ') })}
          </p>
          {result?.(state)}
        </section>
      )}

      {seat !== null && view && view.hand && !view.finished && (
        <section aria-labelledby="hand-h" className="my-hand" data-version={view.version}>
          <h2 id="hand-h">{t('table.myHand')}</h2>
          <p role="status" className={myTurn ? 'your-turn' : 'muted'}>
            {myTurn ? (legal.some((m) => m.type === 'play') ? t('table.yourTurnPlay') : t('table.yourTurnNone')) : view.handEndedBy ? t('table.nextHand') : t('table.saidToPlay', { who: nameOfSeat(view.turn) })}
          </p>
          <Hand tiles={view.hand} legal={legal} openEnds={view.openEnds} enabled={myTurn && !sending} onPlay={(tile, end) => void send('play', tile, end)} />
          <div className="actions">
            <button type="button" disabled={!can('knock') || sending} onClick={() => void send('knock')} aria-keyshortcuts={t('table.knockKey')}>
              {t('table.knock')} <kbd>{t('table.knockKey')}</kbd>
            </button>
            {view.yardDrawable && (view.yardCount > 0 || can('draw')) && (
              <button type="button" disabled={!can('draw') || sending} onClick={() => void send('draw')} aria-keyshortcuts="D">
                {t('table.draw')} <kbd>D</kbd>
              </button>
            )}
            {can('reshuffle') && (
              <button type="button" disabled={sending} onClick={() => void send('reshuffle')} aria-keyshortcuts="R">
                {t('table.reshuffle')} <kbd>R</kbd>
              </button>
            )}
            {actions?.(state)}
          </div>
          {moveError && (
            <div className="notice notice-error" role="alert">
              <p className="notice-title">{t('table.moveRefused')}</p>
              <p>{errorWords(moveError, t)}</p>
              <ErrorDetails error={moveError} />
            </div>
          )}
          <details className="keys">
            <summary>{t('table.keyboard')}</summary>
            <ul>
              <li>
                <Trans i18nKey="table.keysTiles" components={[<kbd />, <kbd />, <kbd />, <kbd />, <kbd />]} />
              </li>
              <li>
                <Trans i18nKey="table.keysPlay" components={[<kbd />, <kbd />, <kbd />, <kbd />, <kbd />, <kbd />, <kbd />]} />
              </li>
              <li>
                <Trans i18nKey="table.keysKnock" components={[<kbd />, <kbd />, <kbd />]} />
              </li>
              <li>{t('table.keysAnnounced')}</li>
            </ul>
          </details>
        </section>
      )}

      <TiebreakDraw draw={extra.draw} reveals={extra.reveals} me={me.data?.id ?? null} names={nameOfUser} onPick={extra.pick} />

      {game && (seat !== null || extra.chat.length > 0) && <TableChat messages={extra.chat.filter((m) => !muted.has(m.userId))} onSend={extra.say} canSend={seat !== null && game.status === 'playing'} />}
      {beside?.(state)}
      <p className="sr-only" aria-live="polite">
        {seat === null && view && !view.finished && view.turn !== null ? t('table.spectatorTurn', { who: nameOfSeat(view.turn), sum: view.sum }) : ''}
      </p>
    </>
  );
}

/** Deals no one can steer: the commitment and the players' contributions, as they come in (docs/rules.md, Deals 4a). */
function FairDealLine({ fairness, seedHash }: { fairness: NonNullable<GameViewPayload['fairness']>; seedHash: string }) {
  const all = fairness.contributions ?? [];
  const sent = all.filter((c) => typeof c === 'string' && c.length > 0).length;
  const people = all.filter((c) => c !== '').length;
  const { t } = useTranslation();
  return (
    <div className="muted" data-testid="fair-deal">
      <p>{fairness.dealClosesAt ? t('fairDeal.dealing', { sent, people }) : t('fairDeal.dealt', { count: sent })}</p>
      {/* the hash is for whoever checks the deal, not for reading during play (issue 43) */}
      <details className="error-details">
        <summary>{t('fairDeal.details')}</summary>
        <p>{t('fairDeal.commitmentExplained')}</p>
        <p>
          {t('fairDeal.commitment')} <code className="small-text">{seedHash}</code>
        </p>
      </details>
    </div>
  );
}
