import { useMemo, useState } from 'react';
import { DirectorCallsPanel } from '../../director-calls/director-calls-panel';
import { Link, useParams } from 'react-router';
import { useBracket, useChallenge } from '../../challenges/api/challenge-queries';
import { useDirectorAct } from '../api/director-queries';
import type { BracketTableDto } from '../../../api/types';
import { AuditLog } from '../components/audit-log';
import { Bracket, label } from '../../challenges/components/bracket';
import { ChallengeTermsForm } from '../components/challenge-form';
import { Countdown } from '../../../components/countdown';
import { Facts, useOutcome } from '../../../components/facts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { useChallengeLive } from '../../challenges/live/use-challenge-live';
import { formatDateTime } from '../../../utils/format';
import { useDirectedCities } from '../api/directed-cities';
import { paths } from '../../../config/paths';
import './director-challenge-page.css';

type Act =
  | { kind: 'cancel' }
  | { kind: 'disqualify'; userId: string; name: string }
  | { kind: 'void'; table: BracketTableDto; round: number }
  | { kind: 'correct'; table: BracketTableDto; round: number };

const CLOSED = new Set(['completed', 'cancelled']);

/** One challenge as its director runs it: the live round overview, the bracket with controls, and its audit log. */
export function DirectorChallengePage() {
  const { challengeId = '' } = useParams();
  return (
    <RoleGate roles={['director']} what="the director console">
      <DirectorChallenge challengeId={challengeId} />
    </RoleGate>
  );
}

function DirectorChallenge({ challengeId }: { challengeId: string }) {
  const challenge = useChallenge(challengeId);
  const directed = useDirectedCities();
  if (challenge.data && directed && !directed.all && !directed.ids.has(challenge.data.cityId)) {
    return (
      <div className="notice notice-error" role="alert">
        <h1 className="notice-title">Not one of your cities</h1>
        <p>
          You direct only the cities an admin has assigned to you; {challenge.data.cityName} is not one of them. The{' '}
          <Link to={paths.challenge.href(challengeId)}>public bracket</Link> is open to everyone.
        </p>
      </div>
    );
  }
  return <DirectedChallenge challengeId={challengeId} />;
}

function DirectedChallenge({ challengeId }: { challengeId: string }) {
  const challenge = useChallenge(challengeId);
  const bracket = useBracket(challengeId);
  const acts = useDirectorAct(challengeId);
  const [act, setAct] = useState<Act | null>(null);
  const [order, setOrder] = useState<string[]>([]);
  const [doneNotice, setDone] = useOutcome();
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of bracket.data?.rounds ?? []) for (const t of r.tables) for (const s of t.seats) m.set(s.userId, s.displayName);
    return m;
  }, [bracket.data]);
  const live = useChallengeLive(challengeId, (id) => names.get(id) ?? 'a player');

  if (challenge.isPending) return <Loading what="the challenge" />;
  if (challenge.isError) return <ErrorView error={challenge.error} title="This challenge could not be loaded" page />;
  const c = challenge.data;
  const closed = CLOSED.has(c.status);
  const b = bracket.data;
  const dq = new Set(b?.disqualified ?? []);
  const current = b?.rounds.filter((r) => r.status === 'running').at(-1) ?? null;
  const playing = current?.tables.filter((t) => t.status !== 'finished') ?? [];
  const drawsOpen = Object.entries(live.draws).filter(([, d]) => d.status === 'picking');
  const nextSeated = (round: number) => (b?.rounds.some((r) => r.round === round + 1) ?? false);

  const openCorrect = (table: BracketTableDto, round: number) => {
    const placed = table.result ? [...table.result].sort((x, y) => x.place - y.place).map((r) => r.userId) : table.seats.map((s) => s.userId);
    setOrder(placed);
    setAct({ kind: 'correct', table, round });
  };
  const move = (i: number, by: -1 | 1) =>
    setOrder((o) => {
      const n = o.slice();
      [n[i], n[i + by]] = [n[i + by], n[i]];
      return n;
    });

  return (
    <>
      <p className="crumbs">
        <Link to={paths.director.href()}>← Director console</Link>
      </p>
      <h1>
        Run the {c.cityName} challenge <span className="subtle">{c.localDate}</span>
      </h1>
      <Facts
        items={[
          ['Status', label(c.status)],
          ['Starts', formatDateTime(c.startsAt, c.timeZone)],
          ['Checked in', c.counts.checkedIn],
          ['Public page', <Link to={paths.challenge.href(c.id)}>Bracket</Link>],
        ]}
      />
      {c.cancelReason && <p className="notice">Cancelled: {c.cancelReason}</p>}
      {doneNotice}
      {!closed && (
        <p>
          <button type="button" className="danger" onClick={() => setAct({ kind: 'cancel' })}>
            Cancel the challenge
          </button>
        </p>
      )}

      <DirectorCallsPanel challengeId={challengeId} />

      <section aria-labelledby="overview-h" className="overview">
        <div className="section-head">
          <h2 id="overview-h">Live round overview</h2>
          <span className={`live-dot${live.connected ? ' on' : ''}`} role="status">
            {live.connected ? 'Live' : 'Connecting…'}
          </span>
        </div>
        {bracket.isPending && <Loading what="the bracket" />}
        {bracket.isError && <ErrorView error={bracket.error} title="The bracket could not be loaded" />}
        {b && !current && <Empty>{b.rounds.length === 0 ? 'No round is seated yet.' : 'No round is running.'}</Empty>}
        {current && (
          <Facts
            items={[
              ['Round', current.round],
              ['Tables still playing', <span data-testid="tables-playing">{playing.length} of {current.tables.length}</span>],
              ['Hard stop', <Countdown until={current.hardStopAt} label="in" />],
              ['Draws open', drawsOpen.length],
            ]}
          />
        )}
        {playing.length > 0 && (
          <p className="muted">Still playing: {playing.map((t) => `table ${t.index + 1}`).join(', ')}.</p>
        )}
        {drawsOpen.length > 0 && (
          <ul>
            {drawsOpen.map(([tableId, d]) => (
              <li key={tableId}>
                6-4/5-5 draw between {d.contenders.map((id) => names.get(id) ?? 'a player').join(' and ')} <Countdown until={d.closesAt} label="closes in" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="tables-h">
        <h2 id="tables-h">Tables</h2>
        {b && b.rounds.length > 0 && (
          <Bracket
            bracket={b}
            draws={live.draws}
            seatActions={(table, seat) =>
              !closed &&
              !dq.has(seat.userId) &&
              table.status !== 'finished' && (
                <button type="button" className="small danger-outline" onClick={() => setAct({ kind: 'disqualify', userId: seat.userId, name: seat.name })}>
                  Disqualify<span className="sr-only"> {seat.name}</span>
                </button>
              )
            }
            tableActions={(table, round) =>
              !closed && (
                <>
                  {table.status === 'playing' && (
                    <button type="button" className="small secondary" onClick={() => setAct({ kind: 'void', table, round: round.round })}>
                      Void game<span className="sr-only"> at round {round.round} table {table.index + 1}</span>
                    </button>
                  )}
                  {table.status === 'finished' && !nextSeated(round.round) && (
                    <button type="button" className="small secondary" onClick={() => openCorrect(table, round.round)}>
                      Correct result<span className="sr-only"> of round {round.round} table {table.index + 1}</span>
                    </button>
                  )}
                </>
              )
            }
          />
        )}
      </section>

      {!closed && b && b.rounds.length === 0 && <ChallengeTermsForm challenge={c} />}

      <section aria-labelledby="audit-h">
        <h2 id="audit-h">Audit log of this challenge</h2>
        <AuditLog fixed={{ entityType: 'challenge', entityId: challengeId }} />
      </section>

      {act?.kind === 'cancel' && (
        <ReasonDialog
          title="Cancel the challenge"
          description="Every game still running ends; everyone registered is told. This cannot be undone."
          confirm="Cancel the challenge"
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.cancel.mutateAsync(reason);
            setDone('The challenge is cancelled.');
          }}
        />
      )}
      {act?.kind === 'disqualify' && (
        <ReasonDialog
          title={`Disqualify ${act.name}`}
          description={`${act.name} forfeits their table now and earns no points or prize from this challenge.`}
          confirm="Disqualify"
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.disqualify.mutateAsync({ userId: act.userId, reason });
            setDone(`${act.name} is disqualified.`);
          }}
        />
      )}
      {act?.kind === 'void' && (
        <ReasonDialog
          title={`Void the game at round ${act.round}, table ${act.table.index + 1}`}
          description="The game ends without a result and a new one is dealt to the same players."
          confirm="Void the game"
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.voidTable.mutateAsync({ tableId: act.table.id, reason });
            setDone(`Round ${act.round}, table ${act.table.index + 1}: the game is voided and dealt again.`);
          }}
        />
      )}
      {act?.kind === 'correct' && (
        <ReasonDialog
          title={`Correct round ${act.round}, table ${act.table.index + 1}`}
          description="Put the players in their finishing order; the top two advance."
          confirm="Save the corrected result"
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.correct.mutateAsync({ tableId: act.table.id, order, reason });
            setDone(`Round ${act.round}, table ${act.table.index + 1}: result corrected.`);
          }}
        >
          <ol className="order" aria-label="Finishing order">
            {order.map((id, i) => (
              <li key={id}>
                <span>{names.get(id) ?? id}</span>
                <button type="button" className="small secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                  Up<span className="sr-only"> {names.get(id)}</span>
                </button>
                <button type="button" className="small secondary" disabled={i === order.length - 1} onClick={() => move(i, 1)}>
                  Down<span className="sr-only"> {names.get(id)}</span>
                </button>
              </li>
            ))}
          </ol>
        </ReasonDialog>
      )}
    </>
  );
}
