import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppeals, useBoardDecisions, type AppealOutcome, type AppealsQuery, type ReducedTo } from '../api/review-queries';
import type { AppealListItemDto } from '../../../api/types';
import { useOutcome } from '../../../components/facts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { day } from '../components/review-format';
import { paths } from '../../../config/paths';
import './appeals-page.css';

const isOverdue = (a: AppealListItemDto) => a.status === 'pending' && (a.overdueAt !== null || Date.parse(a.dueAt) < Date.now());

/** Appeals by due date, overdue ones marked; an independent reviewer decides (the API refuses anyone else: NOT_INDEPENDENT). */
export function AppealsPage() {
  const [q, setQ] = useState<AppealsQuery>({ status: 'pending' });
  const appeals = useAppeals(q);
  const { decideAppeal } = useBoardDecisions();
  const [deciding, setDeciding] = useState<AppealListItemDto | null>(null);
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [reducedTo, setReducedTo] = useState<ReducedTo>('minor_1');
  const [doneNotice, setDone] = useOutcome();
  const rows = appeals.data ?? [];
  const { t } = useTranslation();
  return (
    <RoleGate roles={['reviewer']} what={t('review.board')}>
      <h1>{t('review.appealsTitle')}</h1>
      <p className="lead">
        <Link to={paths.cases.href()}>{t('review.casesLink')}</Link> · {t('review.dueNote')}
      </p>
      <form className="filters" aria-label={t('review.appealFilters')} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('houseTable.status')}
          <select value={q.status ?? ''} onChange={(e) => setQ({ ...q, status: (e.target.value || undefined) as AppealsQuery['status'] })}>
            <option value="">{t('review.any')}</option>
            {(['pending', 'upheld', 'reduced', 'overturned'] as const).map((s) => (
              <option key={s} value={s}>
                {tOr(`integrity.appealStatus.${s}`, s)}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={!!q.overdue} onChange={(e) => setQ({ ...q, overdue: e.target.checked || undefined })} /> {t('review.overdueOnly')}
        </label>
      </form>
      {doneNotice}
      {appeals.isPending && <Loading what={t('review.appeals')} />}
      {appeals.isError && <ErrorView error={appeals.error} title={t('review.appealsFailed')} />}
      {appeals.data && rows.length === 0 && <Empty>{t('review.noAppeal')}</Empty>}
      {rows.length > 0 && (
        <ol className="case-list" aria-label={t('review.byDue')}>
          {rows.map((a) => (
            <li key={a.id} className={`card${isOverdue(a) ? ' overdue' : ''}`}>
              <h2 className="appeal-who">{t('review.appealBy', { name: a.appellantName })}</h2>
              <p className="case-head">
                {isOverdue(a) && <span className="tag tag-bad">{t('review.overdue')}</span>} {t('review.due', { when: day(a.dueAt) })}{' '}
                <span className={`status status-${a.status}`}>{tOr(`integrity.appealStatus.${a.status}`, a.status)}</span>
              </p>
              {a.decision && (
                <>
                  <p className="appeal-case">
                    <Link to={paths.case.href(a.decision.caseId)}>{t('review.caseOpened', { when: day(a.decision.caseOpenedAt), source: tOr(`review.sourceOf.${a.decision.caseSource}`, a.decision.caseSource) })}</Link>
                    {': '}
                    {a.decision.caseSummary}
                  </p>
                  <p>
                    {t('review.against', { finding: tOr(`integrity.finding.${a.decision.finding}`, a.decision.finding), step: tOr(`integrity.step.${a.decision.currentStep}`, a.decision.currentStep) })}
                  </p>
                </>
              )}
              <blockquote>{a.statement}</blockquote>
              {a.status === 'pending' && (
                <button type="button" onClick={() => setDeciding(a)}>
                  {t('review.decide')}
                  <span className="sr-only"> {t('review.appealBy', { name: a.appellantName })}, {t('review.dueLower', { when: day(a.dueAt) })}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {deciding && (
        <ReasonDialog
          title={t('review.decideAppealOf', { name: deciding.appellantName })}
          description={t('review.independent')}
          confirm={t('review.record')}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const a = await decideAppeal.mutateAsync({ appealId: deciding.id, outcome, reducedTo: outcome === 'reduced' ? reducedTo : undefined, reason });
            setDone(t('review.appealDone', { status: tOr(`integrity.appealStatus.${a.status}`, a.status) }));
          }}
        >
          <fieldset>
            <legend>{t('review.outcome')}</legend>
            {(['upheld', 'reduced', 'overturned'] as const).map((o) => (
              <label key={o} className="check">
                <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} /> {o === 'upheld' ? t('review.upheld') : o === 'reduced' ? t('review.reduced') : t('review.overturned')}
              </label>
            ))}
          </fieldset>
          {outcome === 'reduced' && (
            <label>
              {t('review.reducedTo')}
              <select value={reducedTo} onChange={(e) => setReducedTo(e.target.value as ReducedTo)}>
                <option value="minor_1">{t('review.minor1')}</option>
                <option value="minor_2">{t('review.minor2')}</option>
                <option value="major">{t('review.majorRung')}</option>
              </select>
            </label>
          )}
        </ReasonDialog>
      )}
    </RoleGate>
  );
}
