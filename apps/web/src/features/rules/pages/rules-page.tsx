import './rules.css';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { useAcceptRules, useCurrentRules, useMyRules } from '../api/rules-queries';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** /rules: the rules in force — their version and what changed — and, signed in, whether I accepted them. */
export function RulesPage() {
  const { token } = useAuth();
  const current = useCurrentRules();
  const mine = useMyRules();
  const accept = useAcceptRules();
  if (current.isPending) return <Loading what="the rules" />;
  if (current.isError) return <ErrorView error={current.error} title="The rules could not be loaded" page />;
  const v = current.data.current;
  return (
    <>
      <h1>The rules</h1>
      <p className="lead">
        Play follows the DCS rules as the platform implements them. When they change, every player is told in the app and by e-mail, and accepts the new
        version before registering for a challenge, checking in or sitting at a table.
      </p>
      {!v ? (
        <Empty>No change to the rules has been published.</Empty>
      ) : (
        <article className="card">
          <h2>Version {v.version}</h2>
          <p className="muted">Published {when(v.publishedAt)}</p>
          <h3>What changed</h3>
          <p className="rules-summary-text">{v.summary}</p>
          {token && mine.data && (
            <>
              {mine.data.upToDate ? (
                <p role="status">You accepted version {v.version}{mine.data.acceptedAt ? ` on ${when(mine.data.acceptedAt)}` : ''}.</p>
              ) : (
                <>
                  {accept.error ? <ErrorView error={accept.error} title="Not accepted" /> : null}
                  <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(v.version)}>
                    I accept the rules (version {v.version})
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
