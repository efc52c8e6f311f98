import { useTranslation } from 'react-i18next';
import './standings-download.css';

/** "Download the whole table": the season's standings export as CSV (a spreadsheet) or JSON (docs/operations.md, "Exports"). */
export function StandingsDownload({ cityId, seasonId }: { cityId: string; seasonId: string }) {
  const { t } = useTranslation();
  const url = (format: 'csv' | 'json') => `/api/exports/cities/${cityId}/seasons/${seasonId}/standings?format=${format}`;
  return (
    <p className="standings-download" role="group" aria-label={t('standings.downloadLabel')}>
      <span className="muted">{t('standings.download')}</span>
      <a href={url('csv')} download>
        {t('standings.downloadCsv')}
      </a>
      <a href={url('json')} download>
        JSON
      </a>
    </p>
  );
}
