import { Trans, useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { DirectorCallsPanel } from '../../director-calls/director-calls-panel';
import { Link, useParams } from 'react-router';
import { useBracket, useChallenge } from '../../challenges/api/challenge-queries';
import { useDirectorAct } from '../api/director-queries';
import type { BracketTableDto } from '../../../api/types';
import { AuditLog } from '../components/audit-log';
import { RegistrationsList } from '../components/registrations-list';
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
  const { t } = useTranslation();
  return (
    <RoleGate roles={['director']} what={t('director.theConsole')}>
      <DirectorChallenge challengeId={challengeId} />
    </RoleGate>
  );
}

function DirectorChallenge({ challengeId }: { challengeId: string }) {
  const challenge = useChallenge(challengeId);
  const directed = useDirectedCities();
  const { t } = useTranslation();
  if (challenge.data && directed && !directed.all && !directed.ids.has(challenge.data.cityId)) {
    return (
      <div className="notice notice-error" role="alert">
        <h1 className="notice-title">{t('dchallenge.notYours')}</h1>
        <p>
          <Trans i18nKey="dchallenge.notYoursText" values={{ city: challenge.data.cityName }} components={[<Link to={paths.challenge.href(challengeId)} />]} />
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
    for (const r of bracket.data?.rounds ?? []) for (const x of r.tables) for (const s of x.seats) m.set(s.userId, s.displayName);
    return m;
  }, [bracket.data]);
  const { t } = useTranslation();
  const live = useChallengeLive(challengeId, (id) => names.get(id) ?? t('bracket.aPlayer'));

  if (challenge.isPending) return <Loading what={t('dchallenge.theChallenge')} />;
  if (challenge.isError) return <ErrorView error={challenge.error} title={t('dchallenge.failed')} page />;
  const c = challenge.data;
  const closed = CLOSED.has(c.status);
  const b = bracket.data;
  const dq = new Set(b?.disqualified ?? []);
  const current = b?.rounds.filter((r) => r.status === 'running').at(-1) ?? null;
  const playing = current?.tables.filter((x) => x.status !== 'finished') ?? [];
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
        <Link to={paths.director.href()}>← {t('director.console')}</Link>
      </p>
      <h1>
        {t('dchallenge.title', { city: c.cityName })} <span className="subtle">{c.localDate}</span>
      </h1>
      <Facts
        items={[
          [t('houseTable.status'), label(c.status)],
          [t('dchallenge.starts'), formatDateTime(c.startsAt, c.timeZone)],
          [t('dchallenge.checkedIn'), c.counts.checkedIn],
          [t('dchallenge.publicPage'), <Link to={paths.challenge.href(c.id)}>{t('dchallenge.bracket')}</Link>],
        ]}
      />
      {c.cancelReason && <p className="notice">{t('dchallenge.cancelled', { reason: c.cancelReason })}</p>}
      {doneNotice}
      {!closed && (
        <p>
          <button type="button" className="danger" onClick={() => setAct({ kind: 'cancel' })}>
            {t('dchallenge.cancel')}
          </button>
        </p>
      )}

      <DirectorCallsPanel challengeId={challengeId} />

      <RegistrationsList challengeId={challengeId} timeZone={c.timeZone} open={!closed} onDisqualify={({ userId, name }) => setAct({ kind: 'disqualify', userId, name })} />

      <section aria-labelledby="overview-h" className="overview">
        <div className="section-head">
          <h2 id="overview-h">{t('dchallenge.overview')}</h2>
          <span className={`live-dot${live.connected ? ' on' : ''}`} role="status">
            {live.connected ? t('calls.live') : t('calls.connecting')}
          </span>
        </div>
        {bracket.isPending && <Loading what={t('dchallenge.theBracket')} />}
        {bracket.isError && <ErrorView error={bracket.error} title={t('dchallenge.bracketFailed')} />}
        {b && !current && <Empty>{b.rounds.length === 0 ? t('dchallenge.noRoundYet') : t('dchallenge.noRoundRunning')}</Empty>}
        {current && (
          <Facts
            items={[
              [t('dchallenge.round'), current.round],
              [t('dchallenge.stillPlaying'), <span data-testid="tables-playing">{t('health.of', { n: playing.length, of: current.tables.length })}</span>],
              [t('dchallenge.hardStop'), <Countdown until={current.hardStopAt} label={t('dchallenge.in')} />],
              [t('dchallenge.drawsOpen'), drawsOpen.length],
            ]}
          />
        )}
        {playing.length > 0 && <p className="muted">{t('dchallenge.stillPlayingList', { tables: playing.map((x) => t('dchallenge.tableN', { n: x.index + 1 })).join(', ') })}</p>}
        {drawsOpen.length > 0 && (
          <ul>
            {drawsOpen.map(([tableId, d]) => (
              <li key={tableId}>
                {t('dchallenge.drawBetween', { who: d.contenders.map((id) => names.get(id) ?? t('bracket.aPlayer')).join(t('bracket.and')) })}{' '}
                <Countdown until={d.closesAt} label={t('bracket.closesIn')} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="tables-h">
        <h2 id="tables-h">{t('dchallenge.tables')}</h2>
        {b && b.rounds.length > 0 && (
          <Bracket
            bracket={b}
            draws={live.draws}
            seatActions={(table, seat) =>
              !closed &&
              !dq.has(seat.userId) &&
              table.status !== 'finished' && (
                <button type="button" className="small danger-outline" onClick={() => setAct({ kind: 'disqualify', userId: seat.userId, name: seat.name })}>
                  {t('dchallenge.disqualify')}
                  <span className="sr-only"> {seat.name}</span>
                </button>
              )
            }
            tableActions={(table, round) =>
              !closed && (
                <>
                  {table.status === 'playing' && (
                    <button type="button" className="small secondary" onClick={() => setAct({ kind: 'void', table, round: round.round })}>
                      {t('dchallenge.voidGame')}
                      <span className="sr-only"> {t('dchallenge.atTable', { round: round.round, table: table.index + 1 })}</span>
                    </button>
                  )}
                  {table.status === 'finished' && !nextSeated(round.round) && (
                    <button type="button" className="small secondary" onClick={() => openCorrect(table, round.round)}>
                      {t('dchallenge.correctResult')}
                      <span className="sr-only"> {t('dchallenge.ofTable', { round: round.round, table: table.index + 1 })}</span>
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
        <h2 id="audit-h">{t('dchallenge.auditOf')}</h2>
        <AuditLog fixed={{ entityType: 'challenge', entityId: challengeId }} />
      </section>

      {act?.kind === 'cancel' && (
        <ReasonDialog
          title={t('dchallenge.cancel')}
          description={t('dchallenge.cancelText')}
          confirm={t('dchallenge.cancel')}
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.cancel.mutateAsync(reason);
            setDone(t('dchallenge.cancelDone'));
          }}
        />
      )}
      {act?.kind === 'disqualify' && (
        <ReasonDialog
          title={t('dchallenge.disqualifyName', { name: act.name })}
          description={t('dchallenge.disqualifyText', { name: act.name })}
          confirm={t('dchallenge.disqualify')}
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.disqualify.mutateAsync({ userId: act.userId, reason });
            setDone(t('dchallenge.disqualified', { name: act.name }));
          }}
        />
      )}
      {act?.kind === 'void' && (
        <ReasonDialog
          title={t('dchallenge.voidTitle', { round: act.round, table: act.table.index + 1 })}
          description={t('dchallenge.voidText')}
          confirm={t('dchallenge.voidConfirm')}
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.voidTable.mutateAsync({ tableId: act.table.id, reason });
            setDone(t('dchallenge.voided', { round: act.round, table: act.table.index + 1 }));
          }}
        />
      )}
      {act?.kind === 'correct' && (
        <ReasonDialog
          title={t('dchallenge.correctTitle', { round: act.round, table: act.table.index + 1 })}
          description={t('dchallenge.correctText')}
          confirm={t('dchallenge.correctConfirm')}
          onClose={() => setAct(null)}
          onSubmit={async (reason) => {
            await acts.correct.mutateAsync({ tableId: act.table.id, order, reason });
            setDone(t('dchallenge.corrected', { round: act.round, table: act.table.index + 1 }));
          }}
        >
          <ol className="order" aria-label={t('dchallenge.order')}>
            {order.map((id, i) => (
              <li key={id}>
                <span>{names.get(id) ?? id}</span>
                <button type="button" className="small secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                  {t('dchallenge.up')}
                  <span className="sr-only"> {names.get(id)}</span>
                </button>
                <button type="button" className="small secondary" disabled={i === order.length - 1} onClick={() => move(i, 1)}>
                  {t('dchallenge.down')}
                  <span className="sr-only"> {names.get(id)}</span>
                </button>
              </li>
            ))}
          </ol>
        </ReasonDialog>
      )}
    </>
  );
}
