/**
 * The post-game analysis as the replay viewer and the player's page show it (docs/rules.md, "Post-game
 * analysis"): each judged decision's mark with the expected points it lost and the better play, every
 * seat's accuracy, the flagged moves to jump to, and the states before and around it in plain sentences.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { i18n, intlLocale } from '../../../i18n/i18n';
import { formatNumber } from '../../../utils/format';
import { ApiError } from '../../../api/client';
import type { GameReviewDto, ReplayMoveDto, ReplayStep, ReviewDecisionDto, SeasonAccuracyDto } from '../../../api/types';
import { ErrorView, Loading } from '../../../components/status';
import './analysis.css';

type Mark = ReviewDecisionDto['mark'];
type SeatName = (seat: number) => string;

const markName = (mark: Mark): string => i18n.t(`analysis.mark.${mark}`);

/** A move in words, after the seat's name: "plays 6-4 on the east end", "knocks". */
export function moveWords(m: ReplayMoveDto): string {
  if (m.type === 'play') return m.end ? i18n.t('analysis.playsOn', { tile: m.tile, end: i18n.t(`ends.${m.end}`) }) : i18n.t('analysis.plays', { tile: m.tile });
  if (m.type === 'knock') return i18n.t('analysis.knocks');
  if (m.type === 'draw') return i18n.t('analysis.draws');
  if (m.type === 'forfeit') return i18n.t('analysis.forfeits');
  return m.type;
}

/** Expected points with one decimal, and an accuracy as a percentage, in the page's language ("12.5", "95.3%" / "95.3 %"). */
const pts = (n: number) => new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
const percent = (n: number) => new Intl.NumberFormat(intlLocale(), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / 100);
const inaccuracies = (n: number) => i18n.t('analysis.inaccuracies', { count: n, n: formatNumber(n) });
const mistakes = (n: number) => i18n.t('analysis.mistakes', { count: n, n: formatNumber(n) });
const blunders = (n: number) => i18n.t('analysis.blunders', { count: n, n: formatNumber(n) });
const decisions = (n: number) => i18n.t('analysis.decisions', { count: n, n: formatNumber(n) });
/** An inaccuracy, a mistake or a blunder (what "jump to the next mistake" stops at). */
export const isFlagged = (d: ReviewDecisionDto) => d.mark === 'inaccuracy' || d.mark === 'mistake' || d.mark === 'blunder';

/** The verdict on one decision in a sentence (what the viewer announces with the step). */
export function verdictWords(d: ReviewDecisionDto, seatName: SeatName): string {
  if (d.mark === 'best') return i18n.t('analysis.bestSaid');
  return i18n.t('analysis.verdictSaid', { mark: markName(d.mark), loss: pts(d.loss), who: seatName(d.seat), move: moveWords(d.best) });
}

/** Each judged decision at the replay step that shows the position after it, and the steps of the flagged ones in order. */
export function decisionsByStep(steps: ReplayStep[], analysis: GameReviewDto | undefined): { at: Map<number, ReviewDecisionDto>; flagged: number[] } {
  const at = new Map<number, ReviewDecisionDto>();
  if (analysis?.status !== 'ready') return { at, flagged: [] };
  const index = new Map(steps.map((s, i) => [`${s.hand}/${s.action}`, i]));
  for (const d of analysis.decisions ?? []) {
    const i = index.get(`${d.hand}/${d.action}`);
    if (i !== undefined) at.set(i, d);
  }
  const flagged = [...at.entries()].filter(([, d]) => isFlagged(d)).map(([i]) => i).sort((a, b) => a - b);
  return { at, flagged };
}

/** The judged decision at the current step: its mark, the points it lost, the better play and every option's value. */
export function Verdict({ decision: d, seatName }: { decision: ReviewDecisionDto; seatName: SeatName }) {
  const { t } = useTranslation();
  return (
    <div className={`verdict verdict-${d.mark}`} data-testid="verdict">
      <p className="verdict-head">
        <span className={`mark mark-${d.mark}`}>{markName(d.mark)}</span>{' '}
        {d.mark === 'best' ? <span>{t('analysis.expertToo')}</span> : <span>{t('analysis.lost', { loss: pts(d.loss) })}</span>}
      </p>
      {d.mark !== 'best' && (
        <p className="verdict-better">
          <Trans i18nKey="analysis.better" values={{ who: seatName(d.seat), move: moveWords(d.best), gain: pts(d.loss) }} components={[<strong />]} />
        </p>
      )}
      <details className="verdict-options">
        <summary>{t('analysis.everyOption', { n: d.options.length })}</summary>
        <ol>
          {d.options.map((o) => (
            <li key={JSON.stringify(o.action)}>
              {moveWords(o.action)} <span className="num">{pts(o.value)}</span>
              {JSON.stringify(o.action) === JSON.stringify(d.played) && <span className="tag">{t('analysis.played')}</span>}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Why there is no analysis to show yet (or to this reader): readable sentences for the API's answers. */
export function AnalysisState({ analysis }: { analysis: UseQueryResult<GameReviewDto> }) {
  const { t } = useTranslation();
  if (analysis.isPending) return <Loading what={t('analysis.loading')} />;
  if (analysis.isError) {
    const e = analysis.error;
    const code = e instanceof ApiError ? e.code : '';
    if (code === 'TABLE_NOT_FINISHED') return <Closed title={t('analysis.notDecidedTitle')}>{t('analysis.notDecided')}</Closed>;
    if (code === 'FORBIDDEN') return <Closed title={t('analysis.notPublicTitle')}>{t('analysis.notPublic')}</Closed>;
    return <ErrorView error={e} title={t('analysis.failed')} />;
  }
  if (analysis.data.status === 'pending') {
    return (
      <p className="notice" role="status" data-testid="analysis-pending">
        {t('analysis.pending')}
      </p>
    );
  }
  if (analysis.data.status === 'not-analysable') return <Closed title={t('analysis.notAnalysedTitle')}>{analysis.data.reason ?? t('analysis.notAnalysed')}</Closed>;
  return null;
}

function Closed({ title, children }: { title: string; children: string }) {
  return (
    <div className="notice" data-testid="analysis-closed">
      <p className="notice-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}

/** Each seat's accuracy and counts (only the reader's own seat until the challenge is complete). */
export function AnalysisSummary({ analysis, seatName }: { analysis: GameReviewDto; seatName: SeatName }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="seat-accuracy" aria-label={t('analysis.perPlayer')} data-testid="seat-accuracy">
        {(analysis.seats ?? []).map((s) => (
          <li key={s.seat} className={s.seat === analysis.seat ? 'me' : undefined}>
            <span className="seat-accuracy-name">{seatName(s.seat)}</span>
            <span className="seat-accuracy-figure">{s.accuracy === null ? '—' : percent(s.accuracy)}</span>
            <span className="seat-accuracy-counts muted">
              {decisions(s.decisions)} · {inaccuracies(s.inaccuracies)} · {mistakes(s.mistakes)} · {blunders(s.blunders)}
            </span>
          </li>
        ))}
      </ul>
      {analysis.scope === 'own' && <p className="muted analysis-scope">{t('analysis.ownOnly')}</p>}
    </>
  );
}

/** The flagged moves, each a button to its step. */
export function FlaggedMoves({ at, flagged, current, go, seatName }: { at: Map<number, ReviewDecisionDto>; flagged: number[]; current: number; go: (step: number) => void; seatName: SeatName }) {
  const { t } = useTranslation();
  if (flagged.length === 0) return <p className="muted">{t('analysis.noneFlagged')}</p>;
  return (
    <ol className="flagged" aria-label={t('analysis.flaggedLabel')}>
      {flagged.map((i) => {
        const d = at.get(i)!;
        return (
          <li key={i}>
            <button type="button" className="link-button" aria-current={i === current ? 'step' : undefined} onClick={() => go(i)}>
              <span className={`mark mark-${d.mark}`}>{markName(d.mark)}</span>{' '}
              <span className="flagged-text">{t('analysis.flaggedStep', { step: i + 1, who: seatName(d.seat), move: moveWords(d.played) })}</span>{' '}
              <span className="num">−{pts(d.loss)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** A season's post-game analysis as facts (for a `.facts` list): accuracy over its reviewed games, and the errors counted. */
export function SeasonAccuracyFacts({ accuracy: a }: { accuracy: SeasonAccuracyDto | null }) {
  const { t } = useTranslation();
  if (!a) {
    return (
      <div className="accuracy-none">
        <dt>{t('analysis.accuracy')}</dt>
        <dd>{t('analysis.noneYet')}</dd>
      </div>
    );
  }
  return (
    <>
      <div>
        <dt>{t('analysis.accuracy')}</dt>
        <dd>
          {a.accuracy === null ? '—' : percent(a.accuracy)}
          <span className="muted accuracy-basis">
            {t('analysis.games', { count: a.games, n: formatNumber(a.games) })}, {decisions(a.decisions)}
          </span>
        </dd>
      </div>
      <div className="accuracy-errors">
        <dt>{t('analysis.errors')}</dt>
        <dd>
          {inaccuracies(a.inaccuracies)}, {mistakes(a.mistakes)}, {blunders(a.blunders)}
        </dd>
      </div>
    </>
  );
}
