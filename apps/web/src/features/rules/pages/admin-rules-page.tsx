import './rules.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CursorPager } from '../../../components/cursor-pager';
import { useOutcome } from '../../../components/facts';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { acceptancesQuery, usePublishRules, rulesVersionsQuery } from '../api/rules-queries';
import { useMe } from '../../../auth/use-me';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/rules: an admin publishes a change to the rules; staff see each version and who accepted it. */
export function AdminRulesPage() {
  const me = useMe();
  return (
    <RoleGate roles={['director', 'reviewer']} what="the rules versions">
      <h1>Rules versions</h1>
      <p className="lead">Each published version is told to every player in the app and by e-mail; each player accepts it before playing again.</p>
      {me.data?.roles.includes('admin') && <PublishForm />}
      <Versions />
    </RoleGate>
  );
}

function PublishForm() {
  const publish = usePublishRules();
  const [summary, setSummary] = useState('');
  const [notice, setNotice] = useOutcome();
  return (
    <form
      className="card rules-publish"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm('Publish this change? Every player is told at once and must accept it before playing again.')) return;
        publish.mutate(summary.trim(), {
          onSuccess: (p) => {
            setSummary('');
            setNotice(`Version ${p.version} published; ${p.notified} players told.`);
          },
        });
      }}
    >
      <h2>Publish a change</h2>
      {notice}
      {publish.error ? <ErrorView error={publish.error} title="Not published" /> : null}
      <label htmlFor="rules-summary">What changed (every player reads this before accepting)</label>
      <textarea id="rules-summary" rows={5} minLength={10} maxLength={4000} required value={summary} onChange={(e) => setSummary(e.target.value)} />
      <p className="muted">{summary.trim().length} / 4000</p>
      <button type="submit" disabled={publish.isPending || summary.trim().length < 10}>
        Publish the new version
      </button>
    </form>
  );
}

function Versions() {
  const versions = useQuery(rulesVersionsQuery());
  const [open, setOpen] = useState<number | null>(null);
  if (versions.isPending) return <Loading what="the versions" />;
  if (versions.isError) return <ErrorView error={versions.error} title="The versions could not be loaded" />;
  if (versions.data.versions.length === 0) return <Empty>No version published yet.</Empty>;
  const players = versions.data.players;
  return (
    <ul className="list">
      {versions.data.versions.map((v) => (
        <li key={v.version} className="card">
          <h2>Version {v.version}</h2>
          <p className="muted">Published {when(v.publishedAt)}</p>
          <p className="rules-summary-text">{v.summary}</p>
          <p>
            <strong>
              {v.accepted} of {players}
            </strong>{' '}
            players accepted it.
          </p>
          <button type="button" className="secondary" aria-expanded={open === v.version} onClick={() => setOpen(open === v.version ? null : v.version)}>
            {open === v.version ? 'Hide who accepted' : 'Who accepted'}
          </button>
          {open === v.version && <Acceptances version={v.version} />}
        </li>
      ))}
    </ul>
  );
}

function Acceptances({ version }: { version: number }) {
  const [after, setAfter] = useState<string[]>([]);
  const cursor = after[after.length - 1] ?? null;
  const page = useQuery(acceptancesQuery(version, cursor));
  if (page.isPending) return <Loading what="the acceptances" />;
  if (page.isError) return <ErrorView error={page.error} title="The acceptances could not be loaded" />;
  return (
    <>
      {page.data.items.length === 0 ? (
        <Empty>Nobody has accepted this version yet.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Accepted</th>
            </tr>
          </thead>
          <tbody>
            {page.data.items.map((a) => (
              <tr key={a.userId}>
                <td>{a.displayName}</td>
                <td>{when(a.acceptedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CursorPager
        label={`Acceptances of version ${version}`}
        page={after.length + 1}
        hasOlder={!!page.data.next}
        onNewer={() => setAfter(after.slice(0, -1))}
        onOlder={() => page.data.next && setAfter([...after, page.data.next])}
      />
    </>
  );
}
