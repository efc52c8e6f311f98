import { memo, useMemo, type ReactNode } from 'react';
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

const STATUS: Record<string, string> = { pending: 'not seated yet', waiting: 'waiting', playing: 'playing', running: 'playing', finished: 'finished', tiebreak: '6-4/5-5 draw', check_in_closed: 'check-in closed', registration_open: 'registration open', check_in_open: 'check-in open' };
export const label = (s: string) => STATUS[s] ?? s.replace(/_/g, ' ');

function rows(table: BracketTableDto): { userId: string; name: string; seed: number; r: SeatResult | undefined }[] {
  const byUser = new Map((table.result ?? []).map((r) => [r.userId, r]));
  const list = table.seats.map((s) => ({ userId: s.userId, name: s.displayName, seed: s.seed, r: byUser.get(s.userId) }));
  return table.result ? list.sort((a, b) => (a.r?.place ?? 9) - (b.r?.place ?? 9)) : list;
}

function Draw({ draw, names }: { draw: DrawState; names: Map<string, string> }) {
  const who = (id: string) => names.get(id) ?? 'a player';
  if (draw.status === 'picking') {
    return (
      <p className="draw draw-open">
        6-4/5-5 draw between {draw.contenders.map(who).join(' and ')}: picking{draw.taken ? ` (${draw.taken} taken)` : ''}. <Countdown until={draw.closesAt} label="closes in" />
      </p>
    );
  }
  return (
    <div className="draw draw-revealed">
      <p>
        6-4/5-5 draw, round {draw.round}: {draw.decided ? `${(draw.winners ?? []).map(who).join(', ')} wins` : 'no decision, drawing again'}
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
  const mine = !!me && table.seats.some((s) => s.userId === me);
  const lit = !!highlight && table.seats.some((s) => s.userId === highlight);
  const headingId = `${tableDomId(table.id)}-h`;
  return (
    <li className={`table-card${mine ? ' mine' : ''}${lit ? ' lit' : ''}${table.result ? ' done' : ''}`} id={tableDomId(table.id)} tabIndex={-1} aria-labelledby={headingId}>
      <div className="table-head">
        <h4 id={headingId}>
          Table {table.index + 1}
          {table.seats.length === 3 && <span className="tag">3 players</span>}
          {mine && <span className="tag tag-me">you</span>}
        </h4>
        <span className={`status status-${table.status}`}>{label(table.status)}</span>
      </div>
      <ol className="seats">
        {rows(table).map(({ userId, name, seed, r }) => (
          <li key={userId} className={`${r?.advanced ? 'advanced' : ''}${userId === me ? ' me' : ''}${userId === highlight ? ' hit' : ''}`}>
            <span className="seat-name">
              {name} <span className="seed">#{seed}</span>
              {disqualified.has(userId) && <span className="tag tag-bad">disqualified</span>}
            </span>
            {seatActions?.(table, { userId, name })}
            {r && (
              <span className="seat-result">
                <span className="score">{r.score}</span>
                {r.forfeited && <span className="tag tag-bad">forfeit</span>}
                {r.advanced && (
                  <span className="tag tag-ok" title="advanced">
                    ✓ advances
                  </span>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      {table.endedBy && <p className="ended">Ended by {table.endedBy.replace(/_/g, ' ')}</p>}
      {draw ? <Draw draw={draw} names={names} /> : table.tiebreaks.length > 0 && <p className="draw">Decided with a 6-4/5-5 draw</p>}
      {tableActions && <div className="table-actions">{tableActions(table, round)}</div>}
      {round.status !== 'pending' && (
        // A plain link, followed in the app by the bracket's one click handler (useAppLinks).
        <a className="watch" href={paths.table.href(table.id)} data-app-link="">
          Watch table {table.index + 1}
          <span className="sr-only"> of round {round.round}</span>
        </a>
      )}
    </li>
  );
});

const NO_DRAWS: Record<string, DrawState> = {};

/** The bracket: one column per round, each a list of tables (4 seats, or 3), byes, results and draws. */
export const Bracket = memo(function Bracket({ bracket, me, highlight, draws = NO_DRAWS, seatActions, tableActions }: BracketProps) {
  const disqualified = useMemo(() => new Set(bracket.disqualified ?? []), [bracket.disqualified]);
  const names = useMemo(
    () => new Map(bracket.rounds.flatMap((r) => [...r.tables.flatMap((t) => t.seats.map((s) => [s.userId, s.displayName] as const)), ...r.byes.map((b) => [b.userId, b.displayName] as const)])),
    [bracket.rounds],
  );
  const onClick = useAppLinks();
  if (bracket.rounds.length === 0) return <p className="empty">The bracket is drawn when the challenge starts.</p>;
  return (
    // The click handler only takes over the links' own clicks (Enter on a link is a click too).
    <div className="bracket" tabIndex={0} role="group" aria-label="Bracket rounds" onClick={onClick}>
      {bracket.rounds.map((round) => (
        <section key={round.round} className="round" aria-labelledby={`round-${round.round}`}>
          <div className="round-head">
            <h3 id={`round-${round.round}`}>Round {round.round}</h3>
            <span className={`status status-${round.status}`}>{label(round.status)}</span>
            {round.status === 'running' && <Countdown until={round.hardStopAt} label="hard stop in" />}
          </div>
          <p className="muted">
            {round.tables.length} table{round.tables.length === 1 ? '' : 's'}
            {round.byes.length > 0 && `, ${round.byes.length} bye${round.byes.length === 1 ? '' : 's'}`}
          </p>
          {round.byes.length > 0 && (
            <p className="byes">
              Byes:{' '}
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
