import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n, tOr } from '../../../i18n/i18n';
import { useHouseActs, useRefreshHouseTable, useSettlementBooked, useHouseTable, useLedger, type HouseSettlement, type HouseTable } from '../api/house-queries';
import { useMe } from '../../../auth/use-me';
import { Facts } from '../../../components/facts';
import { LiveTable, type LiveTableState } from '../../live-table/components/live-table';
import { ErrorView, Loading } from '../../../components/status';
import { useHouseTableLive } from '../live/use-house-live';
import { clockText, HouseNav, ledgerReason, money, RULESET_NAMES, seatName, tableSummary, useAdultGate, workoutText } from '../components/house-common';
import { paths } from '../../../config/paths';
import { VoicePanel } from '../../voice/components/voice-panel';
import '../../../components/player-list.css';
import { useQuery } from '@tanstack/react-query';
import { analysisQuery } from '../../analysis/api/analysis-queries';
import { useAuth } from '../../../auth/auth-context';


/** A citizens' table writes tickets, a table inside (and Mook Camp Fitness) dumbbells (SPEC 8.4); a canteen bet writes tickets. */
const runOutWord = (tb: HouseTable) =>
  tb.ruleset === 'mook-camp-fitness' || ((tb.ruleset === 'inmate' || tb.ruleset === 'dcf-inmate-gym') && tb.purpose !== 'stake') ? i18n.t('houseTable.dumbbell') : i18n.t('table.ticket');

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
  const { t } = useTranslation();
  // "Analysis" only once an analysis exists (house games are not analysed yet): otherwise the game-over leads to its
  // replay (issue 43: the link opened "This game is not analysed"). Asked once, not polled while pending.
  const { token } = useAuth();
  const finishedGame = table.data?.status === 'finished' ? (table.data.gameId ?? '') : '';
  const analysis = useQuery({ ...analysisQuery(finishedGame, token), enabled: !!finishedGame, refetchInterval: false });
  const analysed = analysis.data?.status === 'ready';
  const adult = useAdultGate(table.data?.purpose === 'stake' && !table.data.seatsTaken.some((s) => s.userId === me.data?.id));

  if (table.isPending) return <Loading what={t('houseTable.theTable')} />;
  if (table.isError) return <ErrorView error={table.error} title={t('houseTable.failed')} page />;
  const tb = table.data;
  const mine = tb.seatsTaken.find((s) => s.userId === me.data?.id) ?? null;
  const host = tb.hostId === me.data?.id;
  const team = (seat: number) => (tb.partners ? (seat % 2 === 0 ? t('houseTable.teamA') : t('houseTable.teamB')) : null);
  const actError = [acts.leave, acts.forfeit, acts.rematch, acts.join, acts.addComputer].find((m) => m.isError)?.error;

  const facts: [string, ReactNode][] = [
    [t('wallet.table'), tableSummary(tb)],
    [t('houseTable.status'), tOr(`houseTable.statusOf.${tb.status}`, tb.status)],
  ];
  if (tb.playToPay) facts.push([t('houseTable.playToPay'), <q key="pay">{tb.playToPay}</q>]);
  if (tb.courtTable) facts.push([t('houseTable.courtTable'), t('houseTable.courtTableYes')]);
  if (mine && tb.inviteCode) facts.push([t('houseTable.inviteCode'), <code key="code">{tb.inviteCode}</code>]);
  const heading = (
    <>
      <HouseNav />
      <p className="crumbs">
        <Link to={paths.house.href()}>{t('houseTable.toLobby')}</Link> · <Link to={`${paths.howToPlay.href()}#house`}>{t('howTo.link')}</Link>
      </p>
      <h1>
        {t('houseTable.title', { ruleset: RULESET_NAMES[tb.ruleset] })}
        {mine && <span className="subtle"> · {t('houseTable.youAreSeat', { seat: mine.seat + 1 })}</span>}
      </h1>
      <Facts items={facts} />
    </>
  );

  const failure = actError && <ErrorView error={actError} title={t('houseTable.didNotWork')} />;

  if (!tb.gameId) {
    const free = Array.from({ length: tb.seats }, (_, i) => i).filter((i) => !tb.seatsTaken.some((s) => s.seat === i));
    return (
      <>
        {heading}
        <section aria-labelledby="seats-h">
          <h2 id="seats-h">{t('lobby.seatsLabel')}</h2>
          <ol className="players">
            {Array.from({ length: tb.seats }, (_, i) => {
              const s = tb.seatsTaken.find((x) => x.seat === i);
              return (
                <li key={i} className={`player${s && s === mine ? ' me' : ''}`}>
                  <span className="player-name">
                    {t('houseTable.seatIs', { seat: i + 1, who: s ? seatName(s) : t('houseTable.open') })}
                    {team(i) && <span className="tag">{team(i)}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
          {tb.status === 'open' && <p className="muted">{t('houseTable.dealtWhenFull')}</p>}
          {!mine && tb.status === 'open' && adult.box}
          <div className="actions">
            {!mine && tb.status === 'open' && (
              <button type="button" onClick={() => void adult.confirm().then((ok) => ok && acts.join.mutate(tb.id))} disabled={acts.join.isPending || adult.busy || !adult.ready}>
                {t('houseTable.takeSeat')}
              </button>
            )}
            {host && tb.status === 'open' && free.length > 0 && (
              <button type="button" className="secondary" onClick={() => acts.addComputer.mutate({ id: tb.id, level: 'medium' })} disabled={acts.addComputer.isPending}>
                {t('houseTable.giveSeat', { seat: free[0] + 1 })}
              </button>
            )}
            {mine && tb.status === 'open' && (
              <button type="button" className="secondary" onClick={() => acts.leave.mutate(tb.id)} disabled={acts.leave.isPending}>
                {host ? t('houseTable.close') : t('houseTable.leave')}
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
      key={tb.gameId}
      gameId={tb.gameId}
      initial={null}
      tableId={tb.id}
      boardLabel={t('houseTable.boardOf', { ruleset: RULESET_NAMES[tb.ruleset] })}
      runOutWord={runOutWord(tb)}
      seats={tb.seatsTaken.map((s) => ({
        seat: s.seat,
        userId: s.userId,
        name: seatName(s),
        badges: (
          <>
            {team(s.seat) && <span className="tag">{team(s.seat)}</span>}
            {s.kind === 'computer' && <span className="tag">{t('houseTable.computer')}</span>}
          </>
        ),
        facts: <span className="muted">{clockText(s.clockMs)}</span>,
      }))}
      onFinished={() => setSettling(true)}
      beside={(state) =>
        mine && (
          <VoicePanel
            gameId={tb.gameId!}
            mySeat={mine.seat}
            others={tb.seatsTaken.filter((s) => s.userId && s.userId !== me.data?.id && s.kind !== 'computer').map((s) => ({ seat: s.seat, userId: s.userId!, name: seatName(s) }))}
            partners={tb.partners}
            purpose={tb.purpose}
            playing={state.game?.status === 'playing'}
          />
        )
      }
      back={{ to: paths.house.href(), label: t('houseTable.toLobby') }}
      title={() => (
        <>
          {t('houseTable.title', { ruleset: RULESET_NAMES[tb.ruleset] })}
          {mine && <span className="subtle"> · {t('houseTable.youAreSeat', { seat: mine.seat + 1 })}</span>}
        </>
      )}
      header={(state) => (
        <>
          <HouseNav />
          <Facts items={facts} />
          {state.computerRunOuts > 0 && (
            <p className="muted" data-testid="jar">
              {t('houseTable.jarNow', { count: state.computerRunOuts })}
              {tb.courtTable ? ` ${t('houseTable.courtPaysNobody')}` : ''}.
            </p>
          )}
        </>
      )}
      actions={() => <Forfeit onForfeit={() => acts.forfeit.mutate(tb.id)} busy={acts.forfeit.isPending} />}
      result={(state) => (
        <>
          <Settlement t={tb} state={state} />
          {mine && tb.status === 'finished' && (
            <div className="actions">
              <button type="button" onClick={() => acts.rematch.mutate(tb.id)} disabled={acts.rematch.isPending}>
                {t('houseTable.rematch')}
              </button>
              <Link to={paths.house.href()}>{t('houseTable.backToLobby')}</Link>
              {tb.gameId && <Link to={paths.replay.href(tb.gameId)}>{analysed ? t('replay.analysis') : t('replay.title')}</Link>}
            </div>
          )}
          {failure}
        </>
      )}
    />
  );
}

/** Every run-out of the finished game (SPEC 8.4), for its players and staff: seat, turn, person or computer, the penalty, the jar or an expunged ticket. */
function RunOuts({ t: tb, s, name }: { t: HouseTable; s: HouseSettlement; name(seat: number | null): string }) {
  const { t } = useTranslation();
  if (!s.runOuts.length) return <p data-testid="run-outs">{t('houseTable.noRunOut')}</p>;
  return (
    <>
      <h4 id="run-outs-h">{t('houseTable.runOuts')}</h4>
      <ol aria-labelledby="run-outs-h" data-testid="run-outs">
        {s.runOuts.map((r, i) => (
          <li key={i}>
            {t('houseTable.runOutTurn', { who: name(r.seat), turn: (r.turn ?? 0) + 1 })}
            {r.attempt ? ` ${t('houseTable.again', { n: r.attempt + 1 })}` : ''}: {r.kind === 'computer' ? t('houseTable.computerRanOut') : (r.penalty ?? t('houseTable.runOut'))}
            {r.fine > 0 && ` · ${t('houseTable.fined', { amount: money(r.fine, r.currency) })}`}
            {r.jar && ` · ${t('houseTable.inJar')}${tb.courtTable ? ` ${t('houseTable.courtPaysNobody')}` : ''}`}
            {r.expunged.length > 0 && ` · ${t('houseTable.expunged', { who: r.expunged.map((e) => name(e.seat)).join(', ') })}`}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Forfeit in two steps (it cannot be undone; at a stake table it pays as if skunked). */
function Forfeit({ onForfeit, busy }: { onForfeit(): void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const { t } = useTranslation();
  if (!asking)
    return (
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        {t('houseTable.forfeit')}
      </button>
    );
  return (
    <span className="actions" role="group" aria-label={t('houseTable.forfeitAsk')}>
      <span>{t('houseTable.forfeitSure')}</span>
      <button type="button" className="danger" onClick={onForfeit} disabled={busy}>
        {t('houseTable.forfeitYes')}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)} autoFocus>
        {t('houseTable.forfeitNo')}
      </button>
    </span>
  );
}

/** The game's settlement: the table's, as the server booked it (HouseTableDto.settlement, so a reload shows it too), and my own ledger entries for the game. */
function Settlement({ t: tb, state }: { t: HouseTable; state: LiveTableState }) {
  const { t } = useTranslation();
  if (tb.status !== 'finished' || !tb.settlement)
    return state.seat === null ? null : (
      <p role="status" className="muted">
        {t('houseTable.settling')}
      </p>
    );
  return <Settled t={tb} s={tb.settlement} me={state.seat} />;
}

function Settled({ t: tb, s, me }: { t: HouseTable; s: HouseSettlement; me: number | null }) {
  const ledger = useLedger(tb.currency ?? 'DD', null, 50);
  const booked = useSettlementBooked();
  const { t } = useTranslation();
  // The settlement has just been booked: what the cache holds from before is stale.
  useEffect(() => {
    booked();
  }, [tb.gameId]);
  const name = (seat: number | null) => {
    const x = seat === null ? undefined : tb.seatsTaken.find((y) => y.seat === seat);
    return x ? (x.seat === me ? t('houseTable.you') : t('houseTable.nameSeat', { name: seatName(x), seat: x.seat + 1 })) : t('houseTable.leftPlayer');
  };
  const entries = me !== null && tb.currency ? (ledger.data?.items ?? []).filter((e) => e.gameId === s.gameId) : [];
  const net = entries.reduce((acc, e) => acc + e.amount, 0);
  const winners =
    s.winner === null ? t('houseTable.nobody') : tb.partners ? tb.seatsTaken.filter((x) => x.seat % 2 === s.winner! % 2).map((x) => name(x.seat)).join(t('bracket.and')) : name(s.winner);
  return (
    <div data-testid="settlement">
      <h3>{t('houseTable.settlement')}</h3>
      <p>
        <strong>{t('houseTable.won', { who: winners })}</strong>
        {s.forfeited.some(Boolean) && ` · ${t('houseTable.forfeited', { who: s.forfeited.flatMap((f, seat) => (f ? [name(seat)] : [])).join(', ') })}`}
      </p>
      {tb.playToPay && (
        <p data-testid="play-to-pay-result">
          {t('houseTable.playToPayResult', { note: tb.playToPay, winners })}
        </p>
      )}
      {tb.purpose === 'stake' ? (
        <>
          {s.payments.length > 0 ? (
            <ul data-testid="payments">
              {s.payments.map((p, i) => (
                <li key={i}>
                  {t('houseTable.paid', { from: name(p.from), to: name(p.to), amount: money(p.amount, tb.currency) })}
                  {p.skunk && <span className="tag">{t('houseTable.skunked')}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('houseTable.noPayments')}</p>
          )}
          {me !== null && entries.length > 0 && (
            <>
              <p>
                <strong>
                  {net >= 0 ? t('houseTable.youWon', { amount: money(Math.abs(net), tb.currency) }) : t('houseTable.youPaid', { amount: money(Math.abs(net), tb.currency) })}
                </strong>
              </p>
              <ul aria-label={t('houseTable.myEntries')}>
                {entries
                  .slice()
                  .reverse()
                  .map((e) => (
                    <li key={e.id}>
                      {tOr(`wallet.kind.${e.kind}`, e.kind.replace(/_/g, ' '))}: {e.amount > 0 ? '+' : ''}
                      {money(e.amount, tb.currency)}
                      {e.reason ? ` (${ledgerReason(e.reason)})` : ''}
                    </li>
                  ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <p>{t('houseTable.noMoney', { purpose: tOr(`house.purpose.${tb.purpose}`, tb.purpose) })}</p>
      )}
      {s.fines.length > 0 && (
        <ul aria-label={t('houseTable.fines')}>
          {s.fines.map((f, i) => (
            <li key={i}>
              {t('houseTable.fine', { who: name(f.seat), amount: money(f.amount, f.currency) })}
            </li>
          ))}
        </ul>
      )}
      {s.computerRunOuts > 0 && (
        <p data-testid="jar-paid">
          {t('houseTable.jarHeld', { count: s.computerRunOuts })}{' '}
          {s.jar.length
            ? s.jar.map((j) => (j.kind === 'fines' ? t('houseTable.jarGot', { who: name(j.seat), amount: money(j.amount ?? 0, tb.currency) }) : t('houseTable.jarExcuse', { who: name(j.seat) }))).join('; ')
            : tb.courtTable
              ? t('houseTable.jarCourt')
              : t('houseTable.jarNobody')}
        </p>
      )}
      {s.full && <RunOuts t={tb} s={s} name={name} />}
      {s.workouts.length > 0 ? (
        <ul aria-label={t('houseTable.workoutsOwed')}>
          {s.workouts.map((w) => (
            <li key={w.userId}>
              {t('houseTable.workoutOwed', { who: name(w.seat), workout: workoutText(w.kind, w.amount), dumbbells: t('workouts.dumbbells', { count: w.dumbbells }) })}
              {w.seat === me && (
                <>
                  {' '}
                  · <Link to={paths.workouts.href()}>{t('workouts.title')}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        tb.purpose === 'workout' && <p>{t('houseTable.noWorkout')}</p>
      )}
      {me !== null && (
        <p>
          <Link to={paths.wallet.href()}>{t('wallet.title')}</Link> · <Link to={paths.file.href()}>{t('file.title')}</Link>
        </p>
      )}
    </div>
  );
}
