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
  if (!token || !mine.data || mine.data.upToDate || !mine.data.current) return null;
  const { version, summary, publishedAt } = mine.data.current;
  return (
    <section className="rules-banner" aria-labelledby="rules-banner-title">
      <h2 id="rules-banner-title">The rules have changed (version {version})</h2>
      <p className="rules-when">Published {new Date(publishedAt).toLocaleDateString(undefined, { dateStyle: 'long' })}. Accept them before you register, check in or sit at a table.</p>
      <blockquote className="rules-summary">{summary}</blockquote>
      {accept.error ? <ErrorView error={accept.error} title="Not accepted" /> : null}
      <div className="rules-actions">
        <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(version)}>
          I accept the rules (version {version})
        </button>
        <Link to={paths.rules.href()}>Read the rules</Link>
      </div>
    </section>
  );
}
