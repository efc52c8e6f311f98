import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useHouseActs, useRefreshHouseTable, useSettlementBooked, useHouseTable, useLedger, type HouseSettlement, type HouseTable } from '../api/house-queries';
import { useMe } from '../../../auth/use-me';
import { Facts } from '../../../components/facts';
import { LiveTable, type LiveTableState } from '../../live-table/components/live-table';
import { ErrorView, Loading } from '../../../components/status';
import { useHouseTableLive } from '../live/use-house-live';
import { clockText, HouseNav, money, RULESET_NAMES, seatName, tableSummary, useAdultGate, workoutText } from '../components/house-common';
import { paths } from '../../../config/paths';
import { VoicePanel } from '../../voice/components/voice-panel';
import '../../../components/player-list.css';


/** A citizens' table writes tickets, a table inside (and Mook Camp Fitness) dumbbells (SPEC 8.4); a canteen bet writes tickets. */
const runOutWord = (t: HouseTable) => (t.ruleset === 'mook-camp-fitness' || ((t.ruleset === 'inmate' || t.ruleset === 'dcf-inmate-gym') && t.purpose !== 'stake') ? 'dumbbell' : 'ticket');

/**
 * A house table: before the deal its seats (invitation code, computer seats, leave); once dealt the one
 * live table (components/live-table.tsx) with each seat's clock, partners and the yard; after the game
 * its settlement (my ledger entries and workout for the game) and a rematch.
 */
export function HouseTablePage() {
  const { tableId = '' } = useParams();
  const [settling, setSettling] = useState(false);
  const table = useHouseTable(tableId, settling);
  const me = useMe();
  const acts = useHouseActs();
  const refresh = useRefreshHouseTable(tableId);
  useHouseTableLive(tableId, () => void refresh());
  const adult = useAdultGate(table.data?.purpose === 'stake' && !table.data.seatsTaken.some((s) => s.userId === me.data?.id));

  if (table.isPending) return <Loading what="the table" />;
  if (table.isError) return <ErrorView error={table.error} title="This table could not be loaded" page />;
  const t = table.data;
  const mine = t.seatsTaken.find((s) => s.userId === me.data?.id) ?? null;
  const host = t.hostId === me.data?.id;
  const team = (seat: number) => (t.partners ? (seat % 2 === 0 ? 'Team A' : 'Team B') : null);
  const actError = [acts.leave, acts.forfeit, acts.rematch, acts.join, acts.addComputer].find((m) => m.isError)?.error;

  const facts: [string, ReactNode][] = [
    ['Table', tableSummary(t)],
    ['Status', t.status === 'open' ? 'waiting for players' : t.status === 'finished' ? 'settled' : t.status],
  ];
  if (t.courtTable) facts.push(['Court table', 'yes: the Clock Jar does not pay']);
  if (mine && t.inviteCode) facts.push(['Invitation code', <code key="code">{t.inviteCode}</code>]);
  const heading = (
    <>
      <HouseNav />
      <p className="crumbs">
        <Link to={paths.house.href()}>← Lobby</Link>
      </p>
      <h1>
        {RULESET_NAMES[t.ruleset]} table
        {mine && <span className="subtle"> · you are seat {mine.seat + 1}</span>}
      </h1>
      <Facts items={facts} />
    </>
  );

  const failure = actError && <ErrorView error={actError} title="That did not work" />;

  if (!t.gameId) {
    const free = Array.from({ length: t.seats }, (_, i) => i).filter((i) => !t.seatsTaken.some((s) => s.seat === i));
    return (
      <>
        {heading}
        <section aria-labelledby="seats-h">
          <h2 id="seats-h">Seats</h2>
          <ol className="players">
            {Array.from({ length: t.seats }, (_, i) => {
              const s = t.seatsTaken.find((x) => x.seat === i);
              return (
                <li key={i} className={`player${s && s === mine ? ' me' : ''}`}>
                  <span className="player-name">
                    Seat {i + 1}: {s ? seatName(s) : 'open'}
                    {team(i) && <span className="tag">{team(i)}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
          {t.status === 'open' && <p className="muted">The game is dealt as soon as every seat is taken.</p>}
          {!mine && t.status === 'open' && adult.box}
          <div className="actions">
            {!mine && t.status === 'open' && (
              <button type="button" onClick={() => void adult.confirm().then((ok) => ok && acts.join.mutate(t.id))} disabled={acts.join.isPending || adult.busy || !adult.ready}>
                Take a seat
              </button>
            )}
            {host && t.status === 'open' && free.length > 0 && (
              <button type="button" className="secondary" onClick={() => acts.addComputer.mutate({ id: t.id, level: 'medium' })} disabled={acts.addComputer.isPending}>
                Give seat {free[0] + 1} to a computer
              </button>
            )}
            {mine && t.status === 'open' && (
              <button type="button" className="secondary" onClick={() => acts.leave.mutate(t.id)} disabled={acts.leave.isPending}>
                {host ? 'Close the table' : 'Leave the table'}
              </button>
            )}
          </div>
          {failure}
        </section>
      </>
    );
  }

  return (
    <LiveTable
      key={t.gameId}
      gameId={t.gameId}
      initial={null}
      tableId={t.id}
      boardLabel={`Board of the ${RULESET_NAMES[t.ruleset]} table`}
      runOutWord={runOutWord(t)}
      seats={t.seatsTaken.map((s) => ({
        seat: s.seat,
        userId: s.userId,
        name: seatName(s),
        badges: (
          <>
            {team(s.seat) && <span className="tag">{team(s.seat)}</span>}
            {s.kind === 'computer' && <span className="tag">computer</span>}
          </>
        ),
        facts: <span className="muted">{clockText(s.clockMs)}</span>,
      }))}
      onFinished={() => setSettling(true)}
      beside={(state) =>
        mine && (
          <VoicePanel
            gameId={t.gameId!}
            mySeat={mine.seat}
            others={t.seatsTaken.filter((s) => s.userId && s.userId !== me.data?.id && s.kind !== 'computer').map((s) => ({ seat: s.seat, userId: s.userId!, name: seatName(s) }))}
            partners={t.partners}
            purpose={t.purpose}
            playing={state.game?.status === 'playing'}
          />
        )
      }
      header={(state) => (
        <>
          {heading}
          {state.computerRunOuts > 0 && (
            <p className="muted" data-testid="jar">
              The Clock Jar: {state.computerRunOuts} computer run-out{state.computerRunOuts === 1 ? '' : 's'} this game{t.courtTable ? ' (a court table: it pays nobody)' : ''}.
            </p>
          )}
        </>
      )}
      actions={() => <Forfeit onForfeit={() => acts.forfeit.mutate(t.id)} busy={acts.forfeit.isPending} />}
      result={(state) => (
        <>
          <Settlement t={t} state={state} />
          {mine && t.status === 'finished' && (
            <div className="actions">
              <button type="button" onClick={() => acts.rematch.mutate(t.id)} disabled={acts.rematch.isPending}>
                Rematch
              </button>
              <Link to={paths.house.href()}>Back to the lobby</Link>
              {t.gameId && <Link to={paths.replay.href(t.gameId)}>Analysis</Link>}
            </div>
          )}
          {failure}
        </>
      )}
    />
  );
}

/** Every run-out of the finished game (SPEC 8.4), for its players and staff: seat, turn, person or computer, the penalty, the jar or an expunged ticket. */
function RunOuts({ t, s, name }: { t: HouseTable; s: HouseSettlement; name(seat: number | null): string }) {
  if (!s.runOuts.length) return <p data-testid="run-outs">No clock ran out in this game.</p>;
  return (
    <>
      <h4 id="run-outs-h">Run-outs</h4>
      <ol aria-labelledby="run-outs-h" data-testid="run-outs">
        {s.runOuts.map((r, i) => (
          <li key={i}>
            {name(r.seat)}, turn {(r.turn ?? 0) + 1}
            {r.attempt ? ` (again: ${r.attempt + 1})` : ''}: {r.kind === 'computer' ? 'the computer ran out, no penalty' : (r.penalty ?? 'run-out')}
            {r.fine > 0 && ` · fined ${money(r.fine, r.currency)}`}
            {r.jar && ` · in the Clock Jar${t.courtTable ? ' (a court table: it pays nobody)' : ''}`}
            {r.expunged.length > 0 && ` · expunged a ticket of ${r.expunged.map((e) => name(e.seat)).join(', ')}`}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Forfeit in two steps (it cannot be undone; at a stake table it pays as if skunked). */
function Forfeit({ onForfeit, busy }: { onForfeit(): void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        Forfeit…
      </button>
    );
  return (
    <span className="actions" role="group" aria-label="Forfeit the game?">
      <span>Forfeit the game? It cannot be undone.</span>
      <button type="button" className="danger" onClick={onForfeit} disabled={busy}>
        Yes, forfeit
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)} autoFocus>
        No, keep playing
      </button>
    </span>
  );
}

/** The game's settlement: the table's, as the server booked it (HouseTableDto.settlement, so a reload shows it too), and my own ledger entries for the game. */
function Settlement({ t, state }: { t: HouseTable; state: LiveTableState }) {
  if (t.status !== 'finished' || !t.settlement)
    return state.seat === null ? null : (
      <p role="status" className="muted">
        Settling the table…
      </p>
    );
  return <Settled t={t} s={t.settlement} me={state.seat} />;
}

function Settled({ t, s, me }: { t: HouseTable; s: HouseSettlement; me: number | null }) {
  const ledger = useLedger(t.currency ?? 'DD', null, 50);
  const booked = useSettlementBooked();
  // The settlement has just been booked: what the cache holds from before is stale.
  useEffect(() => {
    booked();
  }, [t.gameId]);
  const name = (seat: number | null) => {
    const x = seat === null ? undefined : t.seatsTaken.find((y) => y.seat === seat);
    return x ? (x.seat === me ? 'You' : `${seatName(x)} (seat ${x.seat + 1})`) : 'A player who left';
  };
  const entries = me !== null && t.currency ? (ledger.data?.items ?? []).filter((e) => e.gameId === s.gameId) : [];
  const net = entries.reduce((acc, e) => acc + e.amount, 0);
  const winners = s.winner === null ? 'Nobody' : t.partners ? `${t.seatsTaken.filter((x) => x.seat % 2 === s.winner! % 2).map((x) => name(x.seat)).join(' and ')}` : name(s.winner);
  return (
    <div data-testid="settlement">
      <h3>Settlement</h3>
      <p>
        <strong>{winners} won</strong>
        {s.forfeited.some(Boolean) && ` · forfeited: ${s.forfeited.flatMap((f, seat) => (f ? [name(seat)] : [])).join(', ')}`}
      </p>
      {t.purpose === 'stake' ? (
        <>
          {s.payments.length > 0 ? (
            <ul data-testid="payments">
              {s.payments.map((p, i) => (
                <li key={i}>
                  {name(p.from)} paid {name(p.to)} {money(p.amount, t.currency)}
                  {p.skunk && <span className="tag">double: skunked</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p>No payments: nobody won the table.</p>
          )}
          {me !== null && entries.length > 0 && (
            <>
              <p>
                <strong>
                  {net >= 0 ? 'You won' : 'You paid'} {money(Math.abs(net), t.currency)} at this game.
                </strong>
              </p>
              <ul aria-label="My ledger entries for this game">
                {entries
                  .slice()
                  .reverse()
                  .map((e) => (
                    <li key={e.id}>
                      {e.kind.replace(/_/g, ' ')}: {e.amount > 0 ? '+' : ''}
                      {money(e.amount, t.currency)}
                      {e.reason ? ` (${e.reason})` : ''}
                    </li>
                  ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <p>A {t.purpose} table: no money moves.</p>
      )}
      {s.fines.length > 0 && (
        <ul aria-label="Ticket fines">
          {s.fines.map((f, i) => (
            <li key={i}>
              Ticket fine: {name(f.seat)} {money(f.amount, f.currency)}
            </li>
          ))}
        </ul>
      )}
      {s.computerRunOuts > 0 && (
        <p data-testid="jar-paid">
          The Clock Jar held {s.computerRunOuts} computer run-out{s.computerRunOuts === 1 ? '' : 's'}:{' '}
          {s.jar.length
            ? s.jar.map((j) => `${name(j.seat)} ${j.kind === 'fines' ? `got ${money(j.amount ?? 0, t.currency)}` : "got a Dr.'s excuse"}`).join('; ')
            : t.courtTable
              ? 'a court table, so it paid nobody.'
              : 'it paid nobody.'}
        </p>
      )}
      {s.full && <RunOuts t={t} s={s} name={name} />}
      {s.workouts.length > 0 ? (
        <ul aria-label="Workouts owed">
          {s.workouts.map((w) => (
            <li key={w.userId}>
              Workout owed: {name(w.seat)} {workoutText(w.kind, w.amount)} ({w.dumbbells} dumbbell{w.dumbbells === 1 ? '' : 's'})
              {w.seat === me && (
                <>
                  {' '}
                  · <Link to={paths.workouts.href()}>My workouts</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        t.purpose === 'workout' && <p>No workout owed from this game.</p>
      )}
      {me !== null && (
        <p>
          <Link to={paths.wallet.href()}>My wallet</Link> · <Link to={paths.file.href()}>My file</Link>
        </p>
      )}
    </div>
  );
}
