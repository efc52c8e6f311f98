/**
 * The post-game analysis as the replay viewer and the player's page show it (docs/rules.md, "Post-game
 * analysis"): each judged decision's mark with the expected points it lost and the better play, every
 * seat's accuracy, the flagged moves to jump to, and the states before and around it in plain sentences.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import type { GameReviewDto, ReplayMoveDto, ReplayStep, ReviewDecisionDto, SeasonAccuracyDto } from '../../../api/types';
import { ErrorView, Loading } from '../../../components/status';
import './analysis.css';

type Mark = ReviewDecisionDto['mark'];
type SeatName = (seat: number) => string;

const END = { W: 'west', E: 'east', N: 'north', S: 'south' } as const;
const MARK: Record<Mark, string> = { best: 'Best move', good: 'Good move', inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };
const PLURAL: Record<'inaccuracy' | 'mistake' | 'blunder', [string, string]> = { inaccuracy: ['inaccuracy', 'inaccuracies'], mistake: ['mistake', 'mistakes'], blunder: ['blunder', 'blunders'] };

/** A move in words, after the seat's name: "plays 6-4 on the east end", "knocks". */
export function moveWords(m: ReplayMoveDto): string {
  if (m.type === 'play') return `plays ${m.tile}${m.end ? ` on the ${END[m.end]} end` : ''}`;
  if (m.type === 'knock') return 'knocks';
  if (m.type === 'draw') return 'draws from the yard';
  if (m.type === 'forfeit') return 'forfeits';
  return m.type;
}

const pts = (n: number) => n.toFixed(1);
const count = (n: number, kind: keyof typeof PLURAL) => `${n} ${PLURAL[kind][n === 1 ? 0 : 1]}`;
/** An inaccuracy, a mistake or a blunder (what "jump to the next mistake" stops at). */
export const isFlagged = (d: ReviewDecisionDto) => d.mark === 'inaccuracy' || d.mark === 'mistake' || d.mark === 'blunder';

/** The verdict on one decision in a sentence (what the viewer announces with the step). */
export function verdictWords(d: ReviewDecisionDto, seatName: SeatName): string {
  if (d.mark === 'best') return 'Best move.';
  return `${MARK[d.mark]}: ${pts(d.loss)} expected points lost. Better: ${seatName(d.seat)} ${moveWords(d.best)}, expected gain +${pts(d.loss)}.`;
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
  return (
    <div className={`verdict verdict-${d.mark}`} data-testid="verdict">
      <p className="verdict-head">
        <span className={`mark mark-${d.mark}`}>{MARK[d.mark]}</span>{' '}
        {d.mark === 'best' ? <span>the expert’s choice too</span> : <span>{pts(d.loss)} expected points lost</span>}
      </p>
      {d.mark !== 'best' && (
        <p className="verdict-better">
          Better: {seatName(d.seat)} {moveWords(d.best)} — expected gain <strong>+{pts(d.loss)}</strong>
        </p>
      )}
      <details className="verdict-options">
        <summary>Every option ({d.options.length}), by expected points</summary>
        <ol>
          {d.options.map((o) => (
            <li key={JSON.stringify(o.action)}>
              {moveWords(o.action)} <span className="num">{pts(o.value)}</span>
              {JSON.stringify(o.action) === JSON.stringify(d.played) && <span className="tag">played</span>}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Why there is no analysis to show yet (or to this reader): readable sentences for the API's answers. */
export function AnalysisState({ analysis }: { analysis: UseQueryResult<GameReviewDto> }) {
  if (analysis.isPending) return <Loading what="the analysis" />;
  if (analysis.isError) {
    const e = analysis.error;
    const code = e instanceof ApiError ? e.code : '';
    if (code === 'TABLE_NOT_FINISHED') return <Closed title="The analysis opens once your table is decided">Every table’s games are judged after its result (its 6-4/5-5 draw too), so nothing helps anyone still playing.</Closed>;
    if (code === 'FORBIDDEN') return <Closed title="The analysis is public once the challenge is complete">Its players see their own decisions as soon as their table is decided.</Closed>;
    return <ErrorView error={e} title="The analysis could not be loaded" />;
  }
  if (analysis.data.status === 'pending') {
    return (
      <p className="notice" role="status" data-testid="analysis-pending">
        Analysing the game… this refreshes itself in a few seconds.
      </p>
    );
  }
  if (analysis.data.status === 'not-analysable') return <Closed title="This game is not analysed">{analysis.data.reason ?? 'The expert judges the tournament rules only.'}</Closed>;
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
  return (
    <>
      <ul className="seat-accuracy" aria-label="Accuracy per player" data-testid="seat-accuracy">
        {(analysis.seats ?? []).map((s) => (
          <li key={s.seat} className={s.seat === analysis.seat ? 'me' : undefined}>
            <span className="seat-accuracy-name">{seatName(s.seat)}</span>
            <span className="seat-accuracy-figure">{s.accuracy === null ? '—' : `${s.accuracy.toFixed(1)}%`}</span>
            <span className="seat-accuracy-counts muted">
              {s.decisions} {s.decisions === 1 ? 'decision' : 'decisions'} · {count(s.inaccuracies, 'inaccuracy')} · {count(s.mistakes, 'mistake')} · {count(s.blunders, 'blunder')}
            </span>
          </li>
        ))}
      </ul>
      {analysis.scope === 'own' && <p className="muted analysis-scope">Your decisions only: every seat’s are public once the challenge is complete.</p>}
    </>
  );
}

/** The flagged moves, each a button to its step. */
export function FlaggedMoves({ at, flagged, current, go, seatName }: { at: Map<number, ReviewDecisionDto>; flagged: number[]; current: number; go: (step: number) => void; seatName: SeatName }) {
  if (flagged.length === 0) return <p className="muted">No inaccuracy, mistake or blunder: every judged move was within 5 expected points of the best.</p>;
  return (
    <ol className="flagged" aria-label="Inaccuracies, mistakes and blunders">
      {flagged.map((i) => {
        const d = at.get(i)!;
        return (
          <li key={i}>
            <button type="button" className="link-button" aria-current={i === current ? 'step' : undefined} onClick={() => go(i)}>
              <span className={`mark mark-${d.mark}`}>{MARK[d.mark]}</span>{' '}
              <span className="flagged-text">
                step {i + 1}: {seatName(d.seat)} {moveWords(d.played)}
              </span>{' '}
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
  if (!a) {
    return (
      <div className="accuracy-none">
        <dt>Accuracy</dt>
        <dd>no game analysed yet</dd>
      </div>
    );
  }
  return (
    <>
      <div>
        <dt>Accuracy</dt>
        <dd>
          {a.accuracy === null ? '—' : `${a.accuracy.toFixed(1)}%`}
          <span className="muted accuracy-basis">
            {a.games} {a.games === 1 ? 'game' : 'games'}, {a.decisions} {a.decisions === 1 ? 'decision' : 'decisions'}
          </span>
        </dd>
      </div>
      <div className="accuracy-errors">
        <dt>Errors</dt>
        <dd>
          {count(a.inaccuracies, 'inaccuracy')}, {count(a.mistakes, 'mistake')}, {count(a.blunders, 'blunder')}
        </dd>
      </div>
    </>
  );
}
