import { Link } from 'react-router';
import { useMyFile, useWallet } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { HouseNav, money } from '../components/house-common';
import { SignedOut } from '../components/signed-out';
import { Standing } from '../components/standing';
import { paths } from '../../../config/paths';

const ENTRY_NAMES: Record<string, string> = {
  ticket: 'Ticket',
  dumbbell: 'Dumbbell',
  felony: 'Felony',
  ticket_served: 'Ticket served',
  ticket_expunged: 'Ticket expunged',
  felony_cleared: 'Felony cleared',
  computer_timeout: 'Computer ran out its clock',
};
/** My file (SPEC 8.4-8.5): tickets, dumbbells, felonies and what closed them, newest first, with my court level. */
export function FilePage() {
  const { token } = useAuth();
  const wallet = useWallet();
  const file = useMyFile();
  if (!token) return <SignedOut title="My file" what="your file" />;
  if (file.isPending) return <Loading what="your file" />;
  if (file.isError) return <ErrorView error={file.error} title="Your file could not be loaded" page />;
  return (
    <>
      <HouseNav />
      <h1>My file</h1>
      {wallet.data && <Standing w={wallet.data} />}
      <p className="muted">An open ticket is served 7 days after it was written; a felony is cleared after 30 days. With either open you are in court at every house table, with the court's clock.</p>
      {file.data.length === 0 ? (
        <Empty>Your file is clean: no tickets, dumbbells or felonies.</Empty>
      ) : (
        <ul className="list" data-testid="file">
          {file.data.map((f) => (
            <li key={f.id} className="card">
              <h2>
                {ENTRY_NAMES[f.kind] ?? f.kind}
                {f.tournament && <span className="tag">tournament</span>}
                {f.open && <span className="tag tag-bad">open</span>}
              </h2>
              <p>
                {formatDateTime(f.createdAt)}
                {f.fine > 0 && ` · fine ${money(f.fine, f.currency)}`}
                {f.turn !== null && ` · turn ${f.turn}`}
                {f.seat !== null && ` · seat ${f.seat + 1}`}
                {f.open && f.expiresAt && ` · closes ${formatDateTime(f.expiresAt)}`}
              </p>
              {f.houseTableId && <Link to={paths.houseTable.href(f.houseTableId)}>The table</Link>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
