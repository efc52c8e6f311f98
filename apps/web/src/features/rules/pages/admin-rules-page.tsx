import { Trans, useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/i18n';
import './rules.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CursorPager } from '../../../components/cursor-pager';
import { useOutcome } from '../../../components/facts';
import { RoleGate } from '../../../components/role-gate';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { acceptancesQuery, usePublishRules, rulesVersionsQuery } from '../api/rules-queries';
import { useMe } from '../../../auth/use-me';

const when = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/rules: an admin publishes a change to the rules; staff see each version and who accepted it. */
export function AdminRulesPage() {
  const me = useMe();
  const { t } = useTranslation();
  return (
    <RoleGate roles={['director', 'reviewer']} what={t('rules.theVersions')}>
      <h1>{t('rules.versionsTitle')}</h1>
      <p className="lead">{t('rules.versionsLead')}</p>
      {me.data?.roles.includes('admin') && <PublishForm />}
      <Versions />
    </RoleGate>
  );
}

function PublishForm() {
  const publish = usePublishRules();
  const [summary, setSummary] = useState('');
  const [notice, setNotice] = useOutcome();
  const { t } = useTranslation();
  return (
    <form
      className="card rules-publish"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm(t('rules.confirmPublish'))) return;
        publish.mutate(summary.trim(), {
          onSuccess: (p) => {
            setSummary('');
            setNotice(t('rules.publishedNotice', { version: p.version, count: p.notified }));
          },
        });
      }}
    >
      <h2>{t('rules.publishTitle')}</h2>
      {notice}
      {publish.error ? <ErrorView error={publish.error} title={t('rules.notPublished')} /> : null}
      <label htmlFor="rules-summary">{t('rules.summaryLabel')}</label>
      <textarea id="rules-summary" rows={5} minLength={10} maxLength={4000} required value={summary} onChange={(e) => setSummary(e.target.value)} />
      <p className="muted">{summary.trim().length} / 4000</p>
      <button type="submit" disabled={publish.isPending || summary.trim().length < 10}>
        {t('rules.publish')}
      </button>
    </form>
  );
}

function Versions() {
  const versions = useQuery(rulesVersionsQuery());
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useTranslation();
  if (versions.isPending) return <Loading what={t('rules.theVersions')} />;
  if (versions.isError) return <ErrorView error={versions.error} title={t('rules.versionsFailed')} />;
  if (versions.data.versions.length === 0) return <Empty>{t('rules.noVersion')}</Empty>;
  const players = versions.data.players;
  return (
    <ul className="list">
      {versions.data.versions.map((v) => (
        <li key={v.version} className="card">
          <h2>{t('rules.version', { version: v.version })}</h2>
          <p className="muted">{t('rules.publishedAt', { when: when(v.publishedAt) })}</p>
          <p className="rules-summary-text">{v.summary}</p>
          <p>
            <Trans i18nKey="rules.acceptedBy" values={{ accepted: v.accepted, players }} components={[<strong />]} />
          </p>
          <button type="button" className="secondary" aria-expanded={open === v.version} onClick={() => setOpen(open === v.version ? null : v.version)}>
            {open === v.version ? t('rules.hideWho') : t('rules.who')}
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
  const { t } = useTranslation();
  if (page.isPending) return <Loading what={t('rules.theAcceptances')} />;
  if (page.isError) return <ErrorView error={page.error} title={t('rules.acceptancesFailed')} />;
  return (
    <>
      {page.data.items.length === 0 ? (
        <Empty>{t('rules.nobody')}</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('standings.player')}</th>
              <th scope="col">{t('rules.acceptedCol')}</th>
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
        label={t('rules.acceptancesOf', { version })}
        page={after.length + 1}
        hasOlder={!!page.data.next}
        onNewer={() => setAfter(after.slice(0, -1))}
        onOlder={() => page.data.next && setAfter([...after, page.data.next])}
      />
    </>
  );
}
