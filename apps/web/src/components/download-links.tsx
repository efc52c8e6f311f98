import { useTranslation } from 'react-i18next';
import './download-links.css';

/** An export as files: CSV for a spreadsheet and JSON (docs/operations.md, "Exports"); `href` gives the export's URL for a format. */
export function DownloadLinks({ lead, label, href }: { lead: string; label: string; href: (format: 'csv' | 'json') => string }) {
  const { t } = useTranslation();
  return (
    <p className="download-links" role="group" aria-label={label}>
      <span className="muted">{lead}</span>
      <a href={href('csv')} download>
        {t('common.downloadCsv')}
      </a>
      <a href={href('json')} download>
        JSON
      </a>
    </p>
  );
}
