import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import { useAcceptRules, useMyRules } from '../api/rules-queries';
import './rules-banner.css';

/**
 * On every page of a signed-in player who has not accepted the rules in force: what changed and the
 * button to accept. Until then the API refuses their registrations, check-ins and seats (RULES_NOT_ACCEPTED).
 */
export function RulesBanner() {
  const { token } = useAuth();
  const mine = useMyRules();
  const accept = useAcceptRules();
  const { t } = useTranslation();
  if (!token || !mine.data || mine.data.upToDate || !mine.data.current) return null;
  const { version, summary, publishedAt } = mine.data.current;
  return (
    <section className="rules-banner" aria-labelledby="rules-banner-title">
      <h2 id="rules-banner-title">{t('rules.changed', { version })}</h2>
      <p className="rules-when">{t('rules.published', { date: new Date(publishedAt).toLocaleDateString(intlLocale(), { dateStyle: 'long' }) })}</p>
      <blockquote className="rules-summary">{summary}</blockquote>
      {accept.error ? <ErrorView error={accept.error} title={t('rules.notAccepted')} /> : null}
      <div className="rules-actions">
        <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(version)}>
          {t('rules.accept', { version })}
        </button>
        <Link to={paths.rules.href()}>{t('rules.read')}</Link>
      </div>
    </section>
  );
}
