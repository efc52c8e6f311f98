import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { intlLocale } from '../../../i18n/i18n';
import './rules.css';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { useAcceptRules, useCurrentRules, useMyRules } from '../api/rules-queries';

const when = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'long', timeStyle: 'short' });

/** /rules: the rules in force — their version and what changed — and, signed in, whether I accepted them. */
export function RulesPage() {
  const { token } = useAuth();
  const current = useCurrentRules();
  const mine = useMyRules();
  const accept = useAcceptRules();
  const { t } = useTranslation();
  if (current.isPending) return <Loading what={t('rules.theRules')} />;
  if (current.isError) return <ErrorView error={current.error} title={t('rules.failed')} page />;
  const v = current.data.current;
  return (
    <>
      <h1>{t('rules.title')}</h1>
      <p className="lead">{t('rules.lead')}</p>
      <p>
        <Link to={paths.howToPlay.href()}>{t('rules.howToPlay')}</Link>
      </p>
      {!v ? (
        <Empty>{t('rules.noChange')}</Empty>
      ) : (
        <article className="card">
          <h2>{t('rules.version', { version: v.version })}</h2>
          <p className="muted">{t('rules.publishedAt', { when: when(v.publishedAt) })}</p>
          <h3>{t('rules.whatChanged')}</h3>
          <p className="rules-summary-text">{v.summary}</p>
          {token && mine.data && (
            <>
              {mine.data.upToDate ? (
                <p role="status">
                  {mine.data.acceptedAt ? t('rules.acceptedOn', { version: v.version, when: when(mine.data.acceptedAt) }) : t('rules.accepted', { version: v.version })}
                </p>
              ) : (
                <>
                  {accept.error ? <ErrorView error={accept.error} title={t('rules.notAccepted')} /> : null}
                  <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(v.version)}>
                    {t('rules.accept', { version: v.version })}
                  </button>
                </>
              )}
            </>
          )}
        </article>
      )}
    </>
  );
}
