import type { StandingRowDto } from '../../../api/types';
import './need.css';

/** "What I need" as the API computes it (docs/rules.md): the smallest result that clinches, and the gain below which the player is out. */
export type RaceNeed = NonNullable<StandingRowDto['need']>;

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const TOP: Record<string, string> = { '2': 'top 2', '3-4': 'top 4', '5-8': 'top 8', '9-16': 'top 16' };
const pts = (n: number) => n.toLocaleString('en-US');

/** The result that clinches, in plain words: "win any challenge", "finish top 2 twice", "play 3 more challenges". */
export function clinchWords(clinch: NonNullable<RaceNeed['clinch']>): string {
  const { level, challenges } = clinch;
  if (level === '1') return challenges === 1 ? 'win any challenge' : `win ${challenges} challenges`;
  if (level === 'participation') return challenges === 1 ? 'play one more challenge' : `play ${challenges} more challenges`;
  return `finish ${TOP[level] ?? level} ${times(challenges)}`;
}

/** One line for a table cell: what clinches, or that no result alone does. */
export function needShort(need: RaceNeed): string {
  return need.clinch ? `Clinches: ${clinchWords(need.clinch)}` : 'No result alone clinches';
}

/**
 * What a player in contention needs, in sentences. `you` speaks to the signed-in player about themselves.
 */
export function NeedSentences({ need, you }: { need: RaceNeed; you: boolean }) {
  const subject = you ? 'You' : 'They';
  return (
    <p className="need">
      {need.clinch ? (
        <>
          <strong>To clinch the Elite Six:</strong> {clinchWords(need.clinch)} (+{pts(need.clinch.points)} points at least) — whatever everyone else does.
        </>
      ) : (
        <>
          <strong>No result alone clinches:</strong> {you ? 'you' : 'they'} also need others to drop points.
        </>
      )}{' '}
      {need.outBelow > 0 ? (
        <>
          {subject} are <strong>eliminated</strong> if {you ? 'you' : 'they'} gain fewer than {pts(need.outBelow)} more points.
        </>
      ) : (
        <>{subject} can still be passed, but need no more points to keep a chance.</>
      )}
    </p>
  );
}
