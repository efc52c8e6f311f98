import { Link } from 'react-router';
import { formatCount, useAppLinks } from '../../../components/app-links';
import type { EliteSixDto, RaceStatus, RankReason, StandingRowDto } from '../../../api/types';
import { paths } from '../../../config/paths';
import { needShort } from './need';
import './standings.css';

/** The Elite Six cut: the first six places qualify (SPEC 4). */
export const ELITE_SIX = 6;

const REASONS: Record<Exclude<RankReason, null>, string> = {
  points: 'Points',
  'head-to-head': 'Head-to-head',
  'tournament-wins': 'Tournament wins',
  'score-differential': 'Score differential',
  'games-played': 'Games played',
  'recent-performance': 'Recent performance',
};

/** What separated a player from the one directly above, as the API stored it. */
export function reasonLabel(reason: RankReason, rank: number): string {
  if (reason) return REASONS[reason];
  return rank === 1 ? '—' : 'Tied';
}

const STATUS: Record<RaceStatus, { text: string; tone: string }> = {
  clinched: { text: 'Clinched', tone: 'tag-ok' },
  'in-contention': { text: 'In contention', tone: 'tag-open' },
  eliminated: { text: 'Eliminated', tone: 'tag-bad' },
};

/** A player's Elite Six race status as a tag (the server decides it). */
export function RaceTag({ status }: { status: RaceStatus | null }) {
  if (!status) return <span className="muted">—</span>;
  const s = STATUS[status];
  return <span className={`tag race ${s.tone}`}>{s.text}</span>;
}

const PLACEMENTS: Record<string, string> = { '1': '1st', '2': '2nd', '3-4': '3rd–4th', '5-8': '5th–8th', '9-16': '9th–16th', participation: 'Played' };
export const placementLabel = (p: string) => PLACEMENTS[p] ?? p;

/**
 * The standings rows of one page. `firstPosition` is the 1-based position of the first row when the
 * page is a plain slice of the standings (no search): the Elite Six cut line is drawn after position 6.
 */
export function StandingsTable({ rows, firstPosition, caption, meId = null }: { rows: StandingRowDto[]; firstPosition: number | null; caption: string; meId?: string | null }) {
  const onClick = useAppLinks();
  return (
    // The click handler only follows the rows' own links in the app (useAppLinks).
    <div className="table-scroll" onClick={onClick}>
      <table className="standings">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col">Separated by</th>
            <th scope="col">Elite Six</th>
            <th scope="col">What they need</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const position = firstPosition === null ? null : firstPosition + i;
            const cut = position === ELITE_SIX;
            return (
              <tr key={r.playerId} className={[cut ? 'cut' : '', r.playerId === meId ? 'me' : ''].join(' ').trim() || undefined} data-player={r.playerId}>
                <td className="num">{r.rank}</td>
                <th scope="row">
                  <a href={paths.player.href(r.playerId)} data-app-link="">
                    {r.displayName}
                  </a>
                  {r.playerId === meId && <span className="subtle"> (you)</span>}
                  {!r.eliteSixEligible && <span className="tag tag-bad">Not eligible</span>}
                  {cut && <span className="sr-only"> — Elite Six cut line below this player</span>}
                </th>
                <td className="num">{formatCount(r.points)}</td>
                <td>{reasonLabel(r.tiebreak, r.rank)}</td>
                <td>
                  <RaceTag status={r.status} />
                </td>
                <td className="need-cell">
                  {r.need ? (
                    <span className="need-short">
                      {needShort(r.need)}
                      {r.need.outBelow > 0 && <span className="muted"> · out with under +{r.need.outBelow.toLocaleString('en-US')} pts</span>}
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const BENEFITS: Record<EliteSixDto['qualifiers'][number]['benefit'], string> = {
  'seed-1-travel': 'Seed 1 + travel',
  'seed-2-3': 'Seeds 2–3',
  qualification: 'Qualified',
};

/** The Elite Six: provisional during the season, final after the close; a tie across the cut is named, never decided here. */
export function EliteSixList({ six, names }: { six: EliteSixDto; names: Map<string, string> }) {
  return (
    <section aria-labelledby="elite-six-head" className="card elite-six">
      <h2 id="elite-six-head">
        Elite Six <span className="subtle">{six.final ? 'final' : 'provisional'}</span>
      </h2>
      {six.qualifiers.length === 0 && !six.needsDraw && <p className="empty">Nobody has reached 1,000 points yet.</p>}
      {six.qualifiers.length > 0 && (
        <ol className="six">
          {six.qualifiers.map((q) => (
            <li key={q.playerId}>
              <span className="seed-no">Seed {q.seed}</span> <Link to={paths.player.href(q.playerId)}>{q.displayName}</Link>{' '}
              <span className="muted">
                {q.points.toLocaleString('en-US')} pts · {BENEFITS[q.benefit]}
              </span>
            </li>
          ))}
        </ol>
      )}
      {six.needsDraw && (
        <p className="draw">
          Tied across the cut for {six.needsDraw.places} {six.needsDraw.places === 1 ? 'place' : 'places'}:{' '}
          {six.needsDraw.players.map((p) => names.get(p) ?? 'a player').join(', ')} — settled by the server draw at the close.
        </p>
      )}
      {six.removed.length > 0 && (
        <p className="muted">
          Removed after the close: {six.removed.map((r) => `seed ${r.seed}${r.reason ? ` (${r.reason})` : ''}`).join('; ')}.
        </p>
      )}
    </section>
  );
}
