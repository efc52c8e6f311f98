import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { useMyFile, useWallet } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { HouseNav, money } from '../components/house-common';
import { SignedOut } from '../components/signed-out';
import { Standing } from '../components/standing';
import { paths } from '../../../config/paths';

/** My file (SPEC 8.4-8.5): tickets, dumbbells, felonies and what closed them, newest first, with my court level. */
export function FilePage() {
  const { token } = useAuth();
  const wallet = useWallet();
  const file = useMyFile();
  const { t } = useTranslation();
  if (!token) return <SignedOut title={t('file.title')} what={t('file.yourFile')} />;
  if (file.isPending) return <Loading what={t('file.yourFile')} />;
  if (file.isError) return <ErrorView error={file.error} title={t('file.failed')} page />;
  return (
    <>
      <HouseNav />
      <h1>{t('file.title')}</h1>
      {wallet.data && <Standing w={wallet.data} />}
      <p className="muted">{t('file.lead')}</p>
      {file.data.length === 0 ? (
        <Empty>{t('file.clean')}</Empty>
      ) : (
        <ul className="list" data-testid="file">
          {file.data.map((f) => (
            <li key={f.id} className="card">
              <h2>
                {tOr(`file.kind.${f.kind}`, f.kind)}
                {f.tournament && <span className="tag">{t('file.tournament')}</span>}
                {f.open && <span className="tag tag-bad">{t('file.open')}</span>}
              </h2>
              <p>
                {formatDateTime(f.createdAt)}
                {f.fine > 0 && ` · ${t('file.fine', { amount: money(f.fine, f.currency) })}`}
                {f.turn !== null && ` · ${t('file.turn', { turn: f.turn })}`}
                {f.seat !== null && ` · ${t('file.seat', { seat: f.seat + 1 })}`}
                {f.open && f.expiresAt && ` · ${t('file.closes', { when: formatDateTime(f.expiresAt) })}`}
              </p>
              {f.houseTableId && <Link to={paths.houseTable.href(f.houseTableId)}>{t('file.theTable')}</Link>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
