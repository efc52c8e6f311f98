import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../utils/format';
import { usePlayerRanking } from '../../players/api/player-queries';
import { needShort } from '../../standings/components/need';
import { RaceTag } from '../../standings/components/standings';
import './season-line.css';

/** My season in one line: rank, points, Elite Six race and what I need; nothing before my first season. */
export function SeasonLine({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const ranking = usePlayerRanking(playerId, null);
  const season = ranking.data?.seasons[0];
  if (!season) return null;
  return (
    <section className="card season-line" aria-labelledby="season-line-h">
      <h2 id="season-line-h">{t('next.mySeason', { number: season.number, city: season.city.name })}</h2>
      <p>
        {season.rank !== null ? t('next.rank', { rank: season.rank }) : t('next.unranked')} · {t('next.points', { count: season.points, points: formatNumber(season.points) })}{' '}
        <RaceTag status={season.status as Parameters<typeof RaceTag>[0]['status']} />
      </p>
      {season.need && <p>{needShort(season.need)}</p>}
      <p className="city-links">
        <Link to={paths.standings.href(season.city.id, season.seasonId)}>{t('next.standings')}</Link>
      </p>
    </section>
  );
}
