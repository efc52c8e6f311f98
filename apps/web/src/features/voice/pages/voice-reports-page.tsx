import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import { useVoiceReports } from '../api/voice-queries';
import '../components/voice-panel.css';

/**
 * The conduct ledger's reports of voice (staff: directors and the review board): each report with the
 * clip the reporter's page kept (the last 60 s they heard), playable here and nowhere else.
 */
export function VoiceReportsPage() {
  const { t } = useTranslation();
  const reports = useVoiceReports();
  return (
    <RoleGate roles={['director', 'reviewer']} what={t('voiceReports.what')}>
      <h1>{t('voiceReports.title')}</h1>
      <p className="lead">
        {t('voiceReports.lead')} <Link to={paths.cases.href()}>{t('voiceReports.cases')}</Link>
      </p>
      {reports.isPending && <Loading what={t('voiceReports.what')} />}
      {reports.isError && <ErrorView error={reports.error} title={t('voiceReports.failed')} />}
      {reports.data && reports.data.length === 0 && <Empty>{t('voiceReports.none')}</Empty>}
      {reports.data && reports.data.length > 0 && (
        <ol className="case-list" aria-label={t('voiceReports.title')}>
          {reports.data.map((r) => (
            <li key={r.reportId} className="card" data-testid="voice-report">
              <p className="case-head">{t('voiceReports.about', { subject: r.subject.displayName, reporter: r.reporter.displayName, at: new Date(r.createdAt).toLocaleString() })}</p>
              <p>{r.description}</p>
              {r.caseId && <Link to={paths.case.href(r.caseId)}>{t('voiceReports.case')}</Link>}
              {r.clips.map((c) => (
                <Clip key={c.id} id={c.id} seconds={Math.round(c.durationMs / 1000)} />
              ))}
            </li>
          ))}
        </ol>
      )}
    </RoleGate>
  );
}

/** A clip, fetched with the staff member's token and played from memory. */
function Clip({ id, seconds }: { id: string; seconds: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    void api.GET('/api/voice/clips/{id}', { params: { path: { id } }, parseAs: 'blob' }).then(
      (res) => {
        if (!res.response.ok || !res.data) return setFailed(true);
        made = URL.createObjectURL(res.data as Blob);
        setUrl(made);
      },
      () => setFailed(true),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return (
    <figure className="voice-clip" data-testid="voice-clip" data-seconds={seconds}>
      <figcaption>{t('voiceReports.clip', { seconds })}</figcaption>
      {url && <audio controls src={url} preload="metadata" />}
      {failed && <p className="muted">{t('voiceReports.clipFailed')}</p>}
    </figure>
  );
}
