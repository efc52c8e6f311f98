import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChallengeResponseDto, CityResponseDto } from '../../../api/types';
import { paths } from '../../../config/paths';
import { cityChallengesQuery, useBracket } from '../../challenges/api/challenge-queries';
import './live-now.css';

/** One table being played in a running challenge: who sits there, and a link to watch it. */
function LiveTable({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const bracket = useBracket(challengeId);
  const rounds = bracket.data?.rounds ?? [];
  const round = [...rounds].reverse().find((r) => r.tables.some((x) => x.status === 'playing'));
  const table = round?.tables.find((x) => x.status === 'playing');
  if (!round || !table) return null;
  return (
    <p className="live-table">
      <span>{t('liveNow.table', { round: round.round, table: table.index + 1 })}: {table.seats.map((s) => s.displayName).join(', ')}</span>{' '}
      <Link className="button-link" to={paths.table.href(table.tableId)}>
        {t('liveNow.watch')}
        <span className="sr-only"> {t('liveNow.table', { round: round.round, table: table.index + 1 })}</span>
      </Link>
    </p>
  );
}

/**
 * The challenges being played now, in every city, first on the home page (a running challenge is never
 * hidden): each with its bracket, and a table to watch live (of the first three).
 */
export function LiveNow({ cities }: { cities: readonly CityResponseDto[] }) {
  const { t } = useTranslation();
  const lists = useQueries({ queries: cities.map((c) => cityChallengesQuery(c.id)) });
  const live: { city: CityResponseDto; challenge: ChallengeResponseDto }[] = [];
  lists.forEach((q, i) => (q.data ?? []).filter((c) => c.status === 'running').forEach((challenge) => live.push({ city: cities[i], challenge })));
  if (live.length === 0) return null;
  return (
    <section className="card live-now" aria-labelledby="live-now-h">
      <h2 id="live-now-h">
        <span className="live-dot on">{t('liveNow.title')}</span>
      </h2>
      <ul className="challenges">
        {live.map(({ city, challenge }) => (
          <li key={challenge.id}>
            <Link to={paths.challenge.href(challenge.id)}>{t('liveNow.follow', { city: city.name })}</Link>
          </li>
        ))}
      </ul>
      {/* the first of them with a table being played (the others' are hidden by the stylesheet) */}
      {live.slice(0, 3).map(({ challenge }) => (
        <LiveTable key={challenge.id} challengeId={challenge.id} />
      ))}
    </section>
  );
}
