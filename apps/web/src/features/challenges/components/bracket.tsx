import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useAppLinks } from '../../../components/app-links';
import type { SeatResult } from '@dcs/common/live/live.contract';
import type { BracketRoundDto, BracketTableDto, BracketDto } from '../../../api/types';
import { Countdown } from '../../../components/countdown';
import { paths } from '../../../config/paths';
import './bracket.css';

/** What the page has seen of a table's 6-4/5-5 draw over the socket (the bracket itself only lists draw ids). */
export interface DrawState {
  status: 'picking' | 'revealed';
  round: number;
  contenders: string[];
  closesAt?: string;
  taken?: number;
  /** after the reveal: each contender's picks, who won, whether another round follows */
  picks?: { playerId: string; tile: string; auto: boolean }[];
  winners?: string[];
  decided?: boolean;
}

export interface BracketProps {
  bracket: BracketDto;
  /** the signed-in player: their tables are marked ("my path") */
  me?: string | null;
  /** a player to highlight (the "jump to a player" search) */
  highlight?: string | null;
  /** draws seen live, by table id */
  draws?: Record<string, DrawState>;
  /** the director console's controls for a seat (disqualify) and a table (void, correct) */
  seatActions?: (table: BracketTableDto, seat: { userId: string; name: string }) => ReactNode;
  tableActions?: (table: BracketTableDto, round: BracketRoundDto) => ReactNode;
}

export const tableDomId = (tableId: string) => `table-${tableId}`;

/** A challenge's, round's or table's status in the page's language (messages `status.*`). */
export const label = (s: string) => tOr(`status.${s}`, s.replace(/_/g, ' '));

function rows(table: BracketTableDto): { userId: string; name: string; seed: number; r: SeatResult | undefined; now: number | undefined }[] {
  const byUser = new Map((table.result ?? []).map((r) => [r.userId, r]));
  const list = table.seats.map((s) => ({ userId: s.userId, name: s.displayName, seed: s.seed, r: byUser.get(s.userId), now: table.result ? undefined : table.scores?.[s.seat] }));
  return table.result ? list.sort((a, b) => (a.r?.place ?? 9) - (b.r?.place ?? 9)) : list;
}

function Draw({ draw, names }: { draw: DrawState; names: Map<string, string> }) {
  const { t } = useTranslation();
  const who = (id: string) => names.get(id) ?? t('bracket.aPlayer');
  if (draw.status === 'picking') {
    return (
      <p className="draw draw-open">
        {t('bracket.drawPicking', { who: draw.contenders.map(who).join(t('bracket.and')) })}
        {draw.taken ? t('bracket.drawTaken', { taken: draw.taken }) : ''}. <Countdown until={draw.closesAt} label={t('bracket.closesIn')} />
      </p>
    );
  }
  return (
    <div className="draw draw-revealed">
      <p>
        {t('bracket.drawRound', { round: draw.round })} {draw.decided ? t('bracket.drawWins', { who: (draw.winners ?? []).map(who).join(', ') }) : t('bracket.drawAgain')}
      </p>
      <ul>
        {draw.contenders.map((c) => (
          <li key={c}>
            {who(c)}: {(draw.picks ?? []).filter((p) => p.playerId === c).map((p) => p.tile + (p.auto ? '*' : '')).join(' ') || '—'}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface TableCardProps extends Pick<BracketProps, 'me' | 'highlight' | 'seatActions' | 'tableActions'> {
  table: BracketTableDto;
  round: BracketRoundDto;
  draw?: DrawState;
  names: Map<string, string>;
  disqualified: Set<string>;
}

/** Memoised: a result patched into one table, or the page's own state (search text, zoom, live dot), re-renders no other card. */
const TableCard = memo(function TableCard({ table, round, me, highlight, draw, names, disqualified, seatActions, tableActions }: TableCardProps) {
  const { t } = useTranslation();
  const mine = !!me && table.seats.some((s) => s.userId === me);
  const lit = !!highlight && table.seats.some((s) => s.userId === highlight);
  const headingId = `${tableDomId(table.id)}-h`;
  return (
    <li className={`table-card${mine ? ' mine' : ''}${lit ? ' lit' : ''}${table.result ? ' done' : ''}`} id={tableDomId(table.id)} tabIndex={-1} aria-labelledby={headingId}>
      <div className="table-head">
        <h4 id={headingId}>
          {t('bracket.table', { n: table.index + 1 })}
          {table.seats.length === 3 && <span className="tag">{t('bracket.threePlayers')}</span>}
          {mine && <span className="tag tag-me">{t('bracket.you')}</span>}
        </h4>
        <span className={`status status-${table.status}`}>{label(table.status)}</span>
      </div>
      <ol className="seats">
        {rows(table).map(({ userId, name, seed, r, now }) => (
          <li key={userId} className={`${r?.advanced ? 'advanced' : ''}${userId === me ? ' me' : ''}${userId === highlight ? ' hit' : ''}`}>
            <span className="seat-name">
              {name} <span className="seed">#{seed}</span>
              {disqualified.has(userId) && <span className="tag tag-bad">{t('bracket.disqualified')}</span>}
            </span>
            {seatActions?.(table, { userId, name })}
            {now !== undefined && (
              <span className="seat-result" title={t('bracket.scoreNow')}>
                <span className="score live-score">{now}</span>
              </span>
            )}
            {r && (
              <span className="seat-result">
                <span className="score">{r.score}</span>
                {r.forfeited && <span className="tag tag-bad">{t('bracket.forfeit')}</span>}
                {r.advanced && (
                  <span className="tag tag-ok" title={t('bracket.advanced')}>
                    {t('bracket.advances')}
                  </span>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      {table.endedBy && <p className="ended">{t('bracket.endedBy', { how: tOr(`endedBy.${table.endedBy}`, table.endedBy.replace(/_/g, ' ')) })}</p>}
      {draw ? <Draw draw={draw} names={names} /> : table.tiebreaks.length > 0 && <p className="draw">{t('bracket.decidedByDraw')}</p>}
      {tableActions && <div className="table-actions">{tableActions(table, round)}</div>}
      {round.status !== 'pending' && (
        // A plain link, followed in the app by the bracket's one click handler (useAppLinks).
        <a className="watch" href={paths.table.href(table.id)} data-app-link="">
          {t('bracket.watch', { n: table.index + 1 })}
          <span className="sr-only">{t('bracket.ofRound', { round: round.round })}</span>
        </a>
      )}
    </li>
  );
});

const NO_DRAWS: Record<string, DrawState> = {};

/**
 * The round a visitor wants to see first: the one being played; between rounds the next one (not
 * seated yet, with its countdown); once everything is played, the last. Null before the draw.
 */
function currentRound(rounds: readonly Pick<BracketRoundDto, 'round' | 'status'>[]): number | null {
  const running = rounds.find((r) => r.status === 'running');
  if (running) return running.round;
  const next = rounds.find((r) => r.status === 'pending');
  return next?.round ?? rounds.at(-1)?.round ?? null;
}

/** The bracket: one column per round, each a list of tables (4 seats, or 3), byes, results and draws. */
export const Bracket = memo(function Bracket({ bracket, me, highlight, draws = NO_DRAWS, seatActions, tableActions }: BracketProps) {
  const disqualified = useMemo(() => new Set(bracket.disqualified ?? []), [bracket.disqualified]);
  const names = useMemo(
    () => new Map(bracket.rounds.flatMap((r) => [...r.tables.flatMap((t) => t.seats.map((s) => [s.userId, s.displayName] as const)), ...r.byes.map((b) => [b.userId, b.displayName] as const)])),
    [bracket.rounds],
  );
  const onClick = useAppLinks();
  const { t } = useTranslation();
  // On a phone the rounds scroll sideways: open on the current round, not on round 1 (and follow it when the next one starts).
  const strip = useRef<HTMLDivElement>(null);
  const current = currentRound(bracket.rounds);
  useEffect(() => {
    const el = strip.current;
    const section = current === null ? null : el?.querySelector<HTMLElement>(`#round-${current}`)?.closest('section');
    if (el && section && el.scrollWidth > el.clientWidth) el.scrollLeft = section.offsetLeft - el.offsetLeft;
  }, [current]);
  if (bracket.rounds.length === 0) return <p className="empty">{t('bracket.notDrawn')}</p>;
  return (
    // The click handler only takes over the links' own clicks (Enter on a link is a click too).
    <div className="bracket" ref={strip} tabIndex={0} role="group" aria-label={t('bracket.rounds')} onClick={onClick}>
      {bracket.rounds.map((round) => (
        <section key={round.round} className={`round${round.round === current ? ' current' : ''}`} aria-current={round.round === current ? 'step' : undefined} aria-labelledby={`round-${round.round}`}>
          <div className="round-head">
            <h3 id={`round-${round.round}`}>{t('bracket.round', { round: round.round })}</h3>
            <span className={`status status-${round.status}`}>{label(round.status)}</span>
            {round.status === 'running' && <Countdown until={round.hardStopAt} label={t('bracket.hardStopIn')} />}
            {round.status === 'pending' && round.startsAt && <Countdown until={round.startsAt} label={t('bracket.startsIn')} />}
          </div>
          <p className="muted">
            {t('bracket.tables', { count: round.tables.length })}
            {round.byes.length > 0 && t('bracket.byes', { count: round.byes.length })}
          </p>
          {round.byes.length > 0 && (
            <p className="byes">
              {t('bracket.byesList')}{' '}
              {round.byes.map((b, i) => (
                <span key={b.userId}>
                  <span className={b.userId === me ? 'me' : b.userId === highlight ? 'hit' : undefined}>{b.displayName}</span>
                  {i < round.byes.length - 1 ? ', ' : ''}
                </span>
              ))}
            </p>
          )}
          <ol className="tables">
            {round.tables.map((t) => (
              <TableCard key={t.id} table={t} round={round} me={me} highlight={highlight} draw={draws[t.id]} names={names} disqualified={disqualified} seatActions={seatActions} tableActions={tableActions} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
});
