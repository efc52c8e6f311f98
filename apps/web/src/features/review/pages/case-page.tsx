import { Trans, useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useBoardDecisions, useCase, type Finding } from '../api/review-queries';
import type { CaseDetailDto } from '../../../api/types';
import { CaseAssignment, CaseEvidence, CaseNotes } from '../components/case-work';
import { Facts, useOutcome } from '../../../components/facts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { paths } from '../../../config/paths';
import './case-page.css';

const FINDINGS: readonly Finding[] = ['no_violation', 'minor', 'major', 'confirmed_cheating'];
/** A finding or a rung as the board writes it ("minor → minor 1"), in the page's language. */
export const code = (c: string) => tOr(`review.code.${c}`, c.replace(/_/g, ' '));
const json = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length ? Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${typeof x === 'number' ? Number(x.toFixed(3)) : String(x)}`).join(', ') : '—');

/** One case: subjects, signals with thresholds, games (with replays), reports, notes, decisions; deciding a player. */
export function CasePage() {
  const { caseId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <RoleGate roles={['reviewer']} what={t('review.board')}>
      <CaseView caseId={caseId} />
    </RoleGate>
  );
}

function CaseView({ caseId }: { caseId: string }) {
  const c = useCase(caseId);
  const { decideCase } = useBoardDecisions();
  const [deciding, setDeciding] = useState<{ id: string; name: string } | null>(null);
  const [finding, setFinding] = useState<Finding>('minor');
  const [outcomeNotice, setOutcome] = useOutcome();
  const { t } = useTranslation();
  if (c.isPending) return <Loading what={t('review.theCaseLoading')} />;
  if (c.isError) {
    // SPEC 7: a reviewer not independent of the case (its subject, its reporter, a player of its games) is refused it.
    const refused = c.error instanceof ApiError && c.error.code === 'NOT_INDEPENDENT';
    return (
      <>
        <ErrorView error={c.error} title={refused ? t('review.notYours') : t('review.caseFailed')} page />
        <p>
          <Link to={paths.cases.href()}>{t('review.backToCases')}</Link>
          {refused && (
            <>
              {' '}
              · <Trans i18nKey="review.yourPenalty" components={[<Link to={paths.myRecord.href()} />]} />
            </>
          )}
        </p>
      </>
    );
  }
  const k: CaseDetailDto = c.data;
  const name = (id: string | null) => k.subjects.find((s) => s.id === id)?.displayName ?? id ?? '—';
  return (
    <>
      <p className="crumbs">
        <Link to={paths.cases.href()}>{t('replay.cases')}</Link>
      </p>
      <h1>{t('review.caseTitle', { summary: k.summary })}</h1>
      <Facts
        items={[
          [t('houseTable.status'), tOr(`integrity.caseStatus.${k.status}`, k.status)],
          [t('review.source'), tOr(`review.sourceOf.${k.source}`, k.source)],
          [t('review.openedLabel'), day(k.createdAt)],
          [t('review.video'), k.videoReview ? t('review.required') : t('review.no')],
        ]}
      />
      {outcomeNotice}
      <CaseAssignment k={k} />

      <section aria-labelledby="subjects-h">
        <h2 id="subjects-h">{t('review.playersTitle')}</h2>
        <ul className="case-list">
          {k.subjects.map((s) => {
            const decided = k.decisions.filter((d) => d.userId === s.id);
            return (
              <li key={s.id} className="card">
                <p className="case-head">
                  <strong>{s.displayName}</strong> <span className="muted">· {t('review.account', { status: tOr(`review.accountStatus.${s.status}`, s.status) })}</span>
                </p>
                {decided.map((d) => (
                  <p key={d.id}>
                    {t('review.decidedLine', { finding: code(d.finding), step: code(d.step), status: tOr(`integrity.penaltyStatus.${d.status}`, d.status.replace(/_/g, ' ')) })}
                    {d.appeal ? ` · ${t('review.appealIs', { status: tOr(`integrity.appealStatus.${d.appeal.status}`, d.appeal.status) })}` : ''}. {d.reason}
                  </p>
                ))}
                {decided.length === 0 && (
                  <button type="button" onClick={() => setDeciding({ id: s.id, name: s.displayName })}>
                    {t('review.decideBtn')}
                    <span className="sr-only"> {t('review.on', { name: s.displayName })}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="signals-h">
        <h2 id="signals-h">{t('review.signalsTitle')}</h2>
        {k.signals.length === 0 ? (
          <Empty>{t('review.noSignal')}</Empty>
        ) : (
          <div className="table-scroll" tabIndex={0} role="group" aria-label={t('review.signalsTable')}>
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{t('review.kind')}</th>
                  <th scope="col">{t('review.value')}</th>
                  <th scope="col">{t('review.threshold')}</th>
                  <th scope="col">{t('review.baseline')}</th>
                  <th scope="col">{t('review.games')}</th>
                </tr>
              </thead>
              <tbody>
                {k.signals.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{tOr(`review.signalOf.${s.kind}`, s.kind)}</th>
                    <td className={s.value >= s.threshold ? 'over' : undefined}>{Number(s.value.toFixed(3))}</td>
                    <td>{Number(s.threshold.toFixed(3))}</td>
                    <td>{json(s.baseline)}</td>
                    <td>{s.gameIds.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="games-h">
        <h2 id="games-h">{t('review.games')}</h2>
        {k.games.length === 0 ? (
          <Empty>{t('review.noGame')}</Empty>
        ) : (
          <ul className="case-list">
            {k.games.map((g) => (
              <li key={g.id}>
                {g.city ? `${g.city} ${g.challengeDate ?? ''}` : t('review.game')}
                {g.round ? `, ${t('review.round', { round: g.round })}` : ''} · {tOr(`status.${g.status}`, g.status)}
                {g.highStakes && <span className="tag">{t('review.highStakes')}</span>}{' '}
                {g.status === 'finished' ? <Link to={paths.replay.href(g.id)}>{t('replay.title')}</Link> : <span className="muted">{t('review.replayLater')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {k.reports.length > 0 && (
        <section aria-labelledby="reports-h">
          <h2 id="reports-h">{t('review.reportsTitle')}</h2>
          <ul>
            {k.reports.map((r) => (
              <li key={r.id}>
                {tOr(`review.category.${r.category}`, r.category)} (×{r.count}): {r.description}
              </li>
            ))}
          </ul>
        </section>
      )}

      <CaseEvidence k={k} />
      <CaseNotes k={k} />

      {k.linkedAccounts.length > 0 && (
        <section aria-labelledby="linked-h">
          <h2 id="linked-h">{t('review.linked')}</h2>
          <ul>
            {k.linkedAccounts.map((l) => (
              <li key={`${l.userId}-${l.linkedUserId}`}>
                {t('review.linkedLine', { a: name(l.userId), b: l.displayName, via: l.via.join(t('bracket.and')), count: l.sharedSessions })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {deciding && (
        <ReasonDialog
          title={t('review.decideOn', { name: deciding.name })}
          description={t('review.ladder')}
          confirm={t('review.recordDecision')}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const d = await decideCase.mutateAsync({ caseId, userId: deciding.id, finding, reason });
            setOutcome(`${deciding.name}: ${code(finding)} → ${code(d.step)}.`);
          }}
        >
          <fieldset>
            <legend>{t('review.finding')}</legend>
            {FINDINGS.map((f) => (
              <label key={f} className="check">
                <input type="radio" name="finding" value={f} checked={finding === f} onChange={() => setFinding(f)} /> {t(`review.findingText.${f}`)}
              </label>
            ))}
          </fieldset>
        </ReasonDialog>
      )}
    </>
  );
}
