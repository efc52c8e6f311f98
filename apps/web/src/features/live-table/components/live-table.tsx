import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameViewPayload } from '@dcs/common/live/live.contract';
import type { PlayerView } from '@dcs/engine/views';
import { useMe } from '../../../auth/use-me';
import { useGameLive } from '../live/use-game-live';
import { useTableLive } from '../live/use-table-live';
import { Board } from '../../../components/board';
import { useTurnAttention } from '../../attention/attention';
import type { LegalMove } from './hand';
import { ErrorView } from '../../../components/status';
import { LiveSessionEnded } from './live-session-ended';
import { TableChat } from './table-chat';
import { useMutes } from '../../voice/api/voice-queries';
import { TiebreakDraw } from './tiebreak-draw';
import { seatPlaces, TableSeat, type LiveTableSeat } from './table-seat';
import { HandSummary } from './hand-summary';
import { FairDealLine, KeyboardHelp, TablePanel, TableSettings, useFullScreen } from './table-panel';
import { useTablePrefs, useTurnFeedback } from './table-feedback';
import { useClockLow } from './clock-ring';
import { handEnd, useTableAnnouncements } from './use-table-announcements';
import { MyHandArea } from './my-hand-area';
import '../../../components/player-list.css';
import './live-table.css';

/** How long the end of a hand is shown before the next deal (the server holds the first clock of the new hand ~4 s: hand-end-grace.ts). */
export const HAND_SUMMARY_MS = 4_000;

export type { LiveTableSeat } from './table-seat';

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
  /** the page's title (the table's h1), in the table's bar */
  title(state: LiveTableState): ReactNode;
  /** where the bar's back link leads (the bracket, the lobby) */
  back: { to: string; label: string };
  /** the table's details (facts, navigation, call the director …): first in the details panel */
  header(state: LiveTableState): ReactNode;
  /** more of the bar (a status, the hard stop …): always in view */
  status?(state: LiveTableState): ReactNode;
  /** more of the game-result notice (a place, a settlement …) */
  result?(state: LiveTableState): ReactNode;
  /** in the details panel: more about the seats (a challenge table's places if the game ended now) */
  players?(state: LiveTableState): ReactNode;
  /** the seat's controls beyond knock/draw/reshuffle (forfeit …) */
  actions?(state: LiveTableState): ReactNode;
  /** called on every version of a finished game (the page re-reads its table) */
  onFinished?(): void;
  /** a draw announced by the server (challenge tables); every `tiebreak:reveal` is passed on */
  onReveal?(): void;
  /** what a clock run-out is called at this table ("ticket", "dumbbell") */
  runOutWord?: string;
  /** in the details panel: a house table's voice panel and team channel */
  beside?(state: LiveTableState): ReactNode;
}

/** Wide enough for the details beside the table (else they are a drawer). */
const WIDE = '(min-width: 1000px)';
const useWide = () => {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const m = window.matchMedia(WIDE);
    const on = () => setWide(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return wide;
};

/**
 * The live table, one component for every game (challenge tables and house tables). While the game is
 * played it fills the screen (100dvh, whatever the site's header): the bar (back, title, hard stop, the
 * details button), the board in the middle with the seats around it (name, score, tiles, Grey/Yellow,
 * run-outs, whose turn and their clock) and my hand at the bottom with the server's legal plays and
 * knock/draw/reshuffle (K/D/R), my clock as a ring. Details, chat, voice, fairness, settings and the
 * keyboard help are beside it on a wide screen and in a drawer on a phone. Between hands the ended hand's
 * summary (every seat's tiles revealed) is held while the server holds the clocks. Moves go through the
 * `/live` socket with acknowledgements. A finished game is a page again, with its result.
 */
export function LiveTable(props: LiveTableProps) {
  const { gameId, initial, tableId, seats, boardLabel, title, back, header, status, result, players, actions, beside } = props;
  const { t } = useTranslation();
  const runOutWord = props.runOutWord ?? t('table.ticket');
  const me = useMe();
  const live = useGameLive(gameId, initial);
  const game = live.view;
  const extra = useTableLive(game?.gameId, tableId, live.tiebreak);
  // A player's mutes follow them to every table: a muted person's table text is not shown.
  const muted = new Set((useMutes().data ?? []).map((m) => m.userId));
  const [sending, setSending] = useState(false);
  const [moveError, setMoveError] = useState<{ code: string; message: string } | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const wide = useWide();
  const [prefs, changePrefs] = useTablePrefs();

  const view = (game?.view ?? null) as PlayerView | null;
  const seat = game?.seat ?? null;
  const nameOfSeat = (s: number | null) => (s === null ? t('table.nobody') : s === seat ? t('table.you') : (seats.find((x) => x.seat === s)?.name ?? t('table.seatN', { n: s + 1 })));
  const nameOfUser = (id: string) => (id === me.data?.id ? t('table.you') : (seats.find((x) => x.userId === id)?.name ?? t('table.aPlayer')));
  const legal = (view?.legalMoves ?? []) as LegalMove[];
  const myTurn = seat !== null && view !== null && !view.finished && view.turn === seat;
  const playing = !!view && !view.finished && game?.status === 'playing';
  useTurnAttention(myTurn);
  const clockLow = useClockLow(myTurn ? game?.turnDeadline : null);
  useTurnFeedback(myTurn, clockLow, prefs);
  useFullScreen(screen, playing);
  const can = (type: string) => legal.some((m) => m.type === type);
  const state: LiveTableState = { seat, view, game, connected: live.connected, myTurn, computerRunOuts: extra.computerRunOuts, nameOfSeat };
  useTableAnnouncements({ view, seat, myTurn, turnDeadline: game?.turnDeadline, extra, runOutWord, me: me.data?.id ?? null, nameOfSeat, nameOfUser, onFinished: props.onFinished, onReveal: props.onReveal });

  // The end of a hand: the summary of the hand that ended while this page watched (or just before it opened), held HAND_SUMMARY_MS.
  const [summaryOf, setSummaryOf] = useState<number | null>(null);
  const seenHand = useRef<number | null>(null);
  useEffect(() => {
    if (!view || view.handIndex === null) return;
    const was = seenHand.current;
    seenHand.current = view.handIndex;
    const ended = view.lastHand;
    if (!ended || view.finished || ended.index === view.handIndex) return;
    const fresh = was === null ? view.log.length === 0 : was < view.handIndex;
    if (!fresh) return;
    setSummaryOf(ended.index);
    const timer = setTimeout(() => setSummaryOf((s) => (s === ended.index ? null : s)), HAND_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [view?.handIndex]);
  // Once the new hand's first move is made, the board is the new hand's again.
  const summary = view?.lastHand && summaryOf === view.lastHand.index && view.log.length === 0 ? view.lastHand : null;

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

  const drawsThisHand = (s: number) => (view?.log ?? []).filter((e) => (e as { seat: number; type: string }).seat === s && (e as { type: string }).type === 'draw').length;
  const players4 = view?.players ?? seats.length;
  const places = seatPlaces(players4, seat ?? 0);
  const lastEntry = [...(view?.log ?? [])].reverse().find((e) => (e as { type: string }).type === 'play') as { seat: number; tile: string } | undefined;
  const runOutsOf = (s: number) => Math.max(extra.tickets[s] ?? 0, live.joinedTickets[s] ?? 0);
  // One more run-out forfeits: the tournament's 5th ticket in the game; a house table's 5th dumbbell in one turn.
  const c = extra.lastClock;
  const mine = seat !== null && c && c.seat === seat && c.ticketsToForfeit > 0 && c.tickets === c.ticketsToForfeit - 1 && !view?.forfeited[seat];
  const lastWarning = !!mine && playing && (c.penalty === 'dumbbell' ? view?.version === c.seq : true);
  const tournamentWarning = seat !== null && playing && view?.ruleset === 'dcs-tournament' && extra.ticketsToForfeit > 0 && runOutsOf(seat) === extra.ticketsToForfeit - 1;

  const panel = (
    <TablePanel open={panelOpen} drawer={playing && !wide} onClose={() => setPanelOpen(false)} opener={opener}>
      {header(state)}
      {view && (
        <p className="muted" data-testid="yard">
          {t('table.yard', { count: view.yardCount })}
          {view.yardDrawable && view.yardCount > 0 ? t('table.toDrawFrom') : ''}
          {t('table.handN', { n: view.handIndex !== null ? view.handIndex + 1 : '—' })}
          {view.partners ? t('table.partners') : ''}
        </p>
      )}
      {game?.fairness?.contributions && <FairDealLine fairness={game.fairness} seedHash={game.seedHash} />}
      {players?.(state)}
      {game && (seat !== null || extra.chat.length > 0) && <TableChat messages={extra.chat.filter((m) => !muted.has(m.userId))} onSend={extra.say} canSend={seat !== null && game.status === 'playing'} />}
      {beside?.(state)}
      {seat !== null && <TableSettings prefs={prefs} change={changePrefs} />}
      {seat !== null && <KeyboardHelp />}
    </TablePanel>
  );

  return (
    <div ref={screen} className={`ts${playing ? ' ts-full' : ' ts-page'}${seat === null ? ' ts-spectator' : ''}`} data-testid="live-table">
      <div className="ts-main">
        <div className="ts-bar">
          <Link to={back.to} className="ts-back" aria-label={back.label.replace(/^←\s*/, '')}>
            <span aria-hidden="true">←</span>
            <span className="ts-back-text">{back.label.replace(/^←\s*/, '')}</span>
          </Link>
          <h1 className="ts-title">{title(state)}</h1>
          <div className="ts-status">
            {status?.(state)}
            <span className={`live-dot${live.connected ? ' on' : ''}`}>{live.connected ? t('table.live') : t('table.reconnecting')}</span>
          </div>
          {playing && !wide && (
            <button type="button" ref={opener} className="secondary ts-menu" aria-expanded={panelOpen} aria-controls="table-panel" onClick={() => setPanelOpen((o) => !o)}>
              {t('table.detailsButton')}
              {extra.chat.length > 0 && <span className="ts-menu-count">{extra.chat.length}</span>}
            </button>
          )}
        </div>
        <LiveSessionEnded />
        {live.error &&
          (playing ? (
            <p className="notice notice-error ts-note" role="alert">
              <strong>{t('table.liveFailed')}</strong> {live.error.message}
            </p>
          ) : (
            <ErrorView error={live.error} title={t('table.liveFailed')} />
          ))}
        {live.missed.length > 0 && (
          <p className="muted ts-note" data-testid="missed">
            {t('table.missed', { count: live.missed.length })}
          </p>
        )}
        {(lastWarning || tournamentWarning) && (
          <p className="notice notice-error ts-warning" role="alert" data-testid="last-run-out">
            {c?.penalty === 'dumbbell' ? t('table.lastRunOutTurn', { word: runOutWord }) : t('table.lastRunOut', { word: runOutWord })}
          </p>
        )}

        <div className="ts-felt" data-players={players4}>
          <section aria-labelledby="players-h" className="ts-seats">
            <h2 id="players-h" className="sr-only">
              {t('table.players')}
            </h2>
            <ol className="players">
              {seats.map((s) => {
                const onTurn = view?.turn === s.seat && !view.finished && !view.handEndedBy;
                return (
                  <TableSeat
                    key={s.seat}
                    seat={s}
                    place={places.get(s.seat) ?? 'top'}
                    view={view}
                    me={s.seat === seat}
                    onTurn={onTurn}
                    runOuts={runOutsOf(s.seat)}
                    runOutWord={runOutWord}
                    draws={drawsThisHand(s.seat)}
                    deadline={onTurn && playing && !summary ? (game?.turnDeadline ?? null) : null}
                  />
                );
              })}
            </ol>
          </section>
          <section aria-labelledby="board-h" className="ts-board">
            <h2 id="board-h" className="sr-only">
              {t('table.board')}
            </h2>
            {view ? (
              <Board board={view.board} openEnds={view.openEnds} sum={view.sum} label={boardLabel} last={lastEntry?.tile ?? null} from={lastEntry ? (places.get(lastEntry.seat) ?? null) : null} fill />
            ) : (
              <p className="empty">{t('table.noGame')}</p>
            )}
            {summary && <HandSummary hand={summary} tournament={view?.ruleset === 'dcs-tournament'} nameOfSeat={nameOfSeat} />}
          </section>
        </div>

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
        {view && view.finished && view.lastHand && <HandSummary hand={view.lastHand} tournament={view.ruleset === 'dcs-tournament'} nameOfSeat={nameOfSeat} final />}

        {seat !== null && view && view.hand && !view.finished && (
          <MyHandArea
            view={view}
            legal={legal}
            myTurn={myTurn}
            sending={sending}
            moveError={moveError}
            nameOfSeat={nameOfSeat}
            can={can}
            send={(type, tile, end) => void send(type, tile, end)}
            actions={actions?.(state)}
          />
        )}

        <TiebreakDraw draw={extra.draw} reveals={extra.reveals} me={me.data?.id ?? null} names={nameOfUser} onPick={extra.pick} />
        <p className="sr-only" aria-live="polite">
          {seat === null && view && !view.finished && view.turn !== null ? t('table.spectatorTurn', { who: nameOfSeat(view.turn), sum: view.sum }) : ''}
        </p>
      </div>
      {panel}
    </div>
  );
}
