import { useState } from 'react';
import { Link } from 'react-router';
import { LEDGER_PAGE_SIZE, useConfirmAdult, useLedger, useSetAssistiveTech, useWallet, type Currency, type Wallet } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { CursorPager } from '../../../components/cursor-pager';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { HouseNav, money, shortDateTime } from '../components/house-common';
import { SignedOut } from '../components/signed-out';
import { LEVELS, Standing } from '../components/standing';
import { paths } from '../../../config/paths';
import './wallet-page.css';

/** A ledger entry's label: its kind in words, and what a kind's name does not say (SPEC 8.2). */
const ledgerLabel = (kind: string) => (kind === 'commissary' ? 'commissary (weekly grant)' : kind === 'debt_payment' ? 'debt payment (owed paid first)' : kind.replace(/_/g, ' '));
/** SPEC 8.3: the player says they use assistive technology; their stake-table clock gets +10 s from the next deal. */
function AssistiveTech({ w }: { w: Wallet }) {
  const save = useSetAssistiveTech();
  // The box shows the player's choice at once (a controlled box that waited for the answer would spring back on the click);
  // a refused save puts it back to what the server holds.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? w.assistiveTech;
  return (
    <div className="assistive" data-testid="assistive-tech">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => {
            const value = e.target.checked;
            setChosen(value);
            save.mutate(value, { onSettled: () => setChosen(null) });
          }}
        />{' '}
        I use assistive technology (VoiceOver,
        Switch Control)
      </label>
      <p className="muted small-text">Adds 10 s to your clock at stake tables, from the next game dealt. Court clocks are not changed.</p>
      {save.isError && <ErrorView error={save.error} title="Your setting was not saved" />}
      <p className="sr-only" role="status">
        {save.isSuccess ? (w.assistiveTech ? 'Saved: 10 more seconds at stake tables.' : 'Saved: the usual stake-table clock.') : ''}
      </p>
    </div>
  );
}

/** My wallet: DD and soups balances with what is owed, my level, the 18+ confirmation, and the ledger of one currency (paged, newest first). */
export function WalletPage() {
  const { token } = useAuth();
  const wallet = useWallet();
  const confirm = useConfirmAdult();
  const [currency, setCurrency] = useState<Currency>('DD');
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const ledger = useLedger(currency, cursors[cursors.length - 1]);
  if (!token) return <SignedOut title="My wallet" what="your wallet" />;
  if (wallet.isPending) return <Loading what="your wallet" />;
  if (wallet.isError) return <ErrorView error={wallet.error} title="Your wallet could not be loaded" page />;
  const w = wallet.data;
  return (
    <>
      <HouseNav />
      <h1>My wallet</h1>
      <p className="lead">Play money with no cash value: it cannot be cashed out, transferred or exchanged.</p>
      {w.welcomeGrant.status === 'held' && (
        <div className="notice" role="status" data-testid="welcome-grant">
          <h2>Your welcome grant is waiting</h2>
          <p>{w.welcomeGrant.message}</p>
          <p className="muted">
            {w.welcomeGrant.gamesCounted} of {w.welcomeGrant.gamesNeeded} games finished. Games against the computer count; stake tables and games someone gave up do not.
          </p>
        </div>
      )}
      <ul className="balances" data-testid="balances">
        {w.balances.map((b) => (
          <li key={b.currency} className="card">
            <h2>{b.currency === 'DD' ? 'Dominologist Dollars' : 'Soups (canteen)'}</h2>
            <p className="balance">{money(b.balance, b.currency)}</p>
            {b.owed > 0 ? <p className="tag tag-bad">Owed: {money(b.owed, b.currency)} (paid first out of later winnings; no stake tables until paid)</p> : <p className="muted">Nothing owed.</p>}
          </li>
        ))}
      </ul>

      <section aria-labelledby="level-h">
        <h2 id="level-h">My level</h2>
        <Standing w={w} />
        <p className="muted">Levels come from stake-table wins ({LEVELS.map(([n, wins]) => `${n} ${wins}`).join(', ')}) and never go down. At stake tables your clock follows your level.</p>
        <AssistiveTech w={w} />
        {w.adultConfirmedAt ? (
          <p>Confirmed 18 or older on {formatDateTime(w.adultConfirmedAt)}.</p>
        ) : (
          <div className="notice">
            <p>Stake tables are for adults. Confirm once for your account:</p>
            <button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              I am 18 or older
            </button>
            {confirm.isError && <ErrorView error={confirm.error} title="Your confirmation was not saved" />}
          </div>
        )}
      </section>

      <section aria-labelledby="ledger-h">
        <h2 id="ledger-h">Ledger</h2>
        <div className="field">
          <label htmlFor="ledger-currency">Currency</label>
          <select
            id="ledger-currency"
            value={currency}
            onChange={(e) => {
              setCurrency(e.target.value as Currency);
              setCursors([null]);
            }}
          >
            <option value="DD">Dominologist Dollars (DD)</option>
            <option value="soups">Soups</option>
          </select>
        </div>
        {ledger.isPending && <Loading what="the ledger" />}
        {ledger.isError && <ErrorView error={ledger.error} title="The ledger could not be loaded" />}
        {ledger.data &&
          (ledger.data.items.length === 0 ? (
            <Empty>No entries in {currency === 'DD' ? 'DD' : 'soups'} yet.</Empty>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={`Ledger in ${currency}`}>
              <table className="results ledger" data-testid="ledger" role="table">
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">When</th>
                    <th scope="col" role="columnheader">Entry</th>
                    <th scope="col" role="columnheader" className="num">
                      Amount
                    </th>
                    <th scope="col" role="columnheader" className="num">
                      Balance
                    </th>
                    <th scope="col" role="columnheader">Table</th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {ledger.data.items.map((e) => (
                    <tr key={e.id} role="row">
                      <td role="cell" className="nowrap l-when">{shortDateTime(e.createdAt)}</td>
                      <th scope="row" role="rowheader" className="l-entry">
                        {ledgerLabel(e.kind)}
                        {e.reason && <span className="muted small-text reason"> — {e.reason}</span>}
                        {e.owedChange !== 0 && <span className="muted small-text"> (owed {e.owedChange > 0 ? '+' : ''}{e.owedChange})</span>}
                      </th>
                      <td role="cell" className="num l-amount">
                        {e.amount > 0 ? '+' : ''}
                        {e.amount.toLocaleString('en-US')}
                      </td>
                      <td role="cell" className="num l-balance">{e.balanceAfter.toLocaleString('en-US')}</td>
                      <td role="cell" className="l-table">{e.houseTableId ? <Link to={paths.houseTable.href(e.houseTableId)}>Table</Link> : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <CursorPager
          label="Ledger pages"
          page={cursors.length}
          note={`${LEDGER_PAGE_SIZE} a page`}
          hasOlder={!!ledger.data?.next}
          onNewer={() => setCursors((c) => c.slice(0, -1))}
          onOlder={() => ledger.data?.next && setCursors((c) => [...c, ledger.data.next])}
        />
      </section>
    </>
  );
}
