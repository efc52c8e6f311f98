import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n, tOr } from '../../../i18n/i18n';
import { formatCount, useAppLinks } from '../../../components/app-links';
import type { EliteSixDto, RaceStatus, RankReason, StandingRowDto } from '../../../api/types';
import { paths } from '../../../config/paths';
import { needShort } from './need';
import './standings.css';

/** The Elite Six cut: the first six places qualify (SPEC 4). */
export const ELITE_SIX = 6;

/** What separated a player from the one directly above, as the API stored it. */
export function reasonLabel(reason: RankReason, rank: number): string {
  if (reason) return tOr(`standings.reason.${reason}`, reason);
  return rank === 1 ? '—' : i18n.t('standings.tied');
}

const TONE: Record<RaceStatus, string> = { clinched: 'tag-ok', 'in-contention': 'tag-open', eliminated: 'tag-bad' };

/** A player's Elite Six race status as a tag (the server decides it). */
export function RaceTag({ status }: { status: RaceStatus | null }) {
  if (!status) return <span className="muted">—</span>;
  return <span className={`tag race ${TONE[status]}`}>{tOr(`standings.race.${status}`, status)}</span>;
}

/** A challenge placement ("1st", "3rd–4th", "Played") in the page's language. */
export const placementLabel = (p: string) => tOr(`standings.placement.${p}`, p);

/**
 * The standings rows of one page. `firstPosition` is the 1-based position of the first row when the
 * page is a plain slice of the standings (no search): the Elite Six cut line is drawn after position 6.
 */
export function StandingsTable({ rows, firstPosition, caption, meId = null }: { rows: StandingRowDto[]; firstPosition: number | null; caption: string; meId?: string | null }) {
  const onClick = useAppLinks();
  const { t } = useTranslation();
  return (
    // The click handler only follows the rows' own links in the app (useAppLinks).
    <div className="table-scroll" onClick={onClick}>
      <table className="standings">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('standings.rank')}</th>
            <th scope="col">{t('standings.player')}</th>
            <th scope="col" className="num">
              {t('standings.points')}
            </th>
            <th scope="col">{t('standings.separatedBy')}</th>
            <th scope="col">{t('standings.eliteSix')}</th>
            <th scope="col">{t('standings.whatTheyNeed')}</th>
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
                  {r.playerId === meId && <span className="subtle"> {t('standings.youMark')}</span>}
                  {!r.eliteSixEligible && <span className="tag tag-bad">{t('standings.notEligible')}</span>}
                  {cut && <span className="sr-only"> {t('standings.cutLine')}</span>}
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
                      {r.need.outBelow > 0 && <span className="muted"> {t('standings.outUnder', { points: formatCount(r.need.outBelow) })}</span>}
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

/** The Elite Six: provisional during the season, final after the close; a tie across the cut is named, never decided here. */
export function EliteSixList({ six, names }: { six: EliteSixDto; names: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="elite-six-head" className="card elite-six">
      <h2 id="elite-six-head">
        {t('standings.eliteSix')} <span className="subtle">{six.final ? t('standings.final') : t('standings.provisional')}</span>
      </h2>
      {six.qualifiers.length === 0 && !six.needsDraw && <p className="empty">{t('standings.nobodyYet', { points: formatCount(1000) })}</p>}
      {six.qualifiers.length > 0 && (
        <ol className="six">
          {six.qualifiers.map((q) => (
            <li key={q.playerId}>
              <span className="seed-no">{t('standings.seed', { seed: q.seed })}</span> <Link to={paths.player.href(q.playerId)}>{q.displayName}</Link>{' '}
              <span className="muted">
                {t('standings.qualifierLine', { points: formatCount(q.points), benefit: tOr(`standings.benefit.${q.benefit}`, q.benefit) })}
              </span>
            </li>
          ))}
        </ol>
      )}
      {six.needsDraw && (
        <p className="draw">
          {t('standings.tiedAcross', { count: six.needsDraw.places, players: six.needsDraw.players.map((p) => names.get(p) ?? t('standings.aPlayer')).join(', ') })}
        </p>
      )}
      {six.removed.length > 0 && (
        <p className="muted">
          {t('standings.removed', { list: six.removed.map((r) => (r.reason ? t('standings.removedSeedWhy', { seed: r.seed, reason: r.reason }) : t('standings.removedSeed', { seed: r.seed }))).join('; ') })}
        </p>
      )}
    </section>
  );
}
