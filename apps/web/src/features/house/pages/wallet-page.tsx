import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tOr } from '../../../i18n/i18n';
import { formatNumber } from '../../../utils/format';
import { LEDGER_PAGE_SIZE, useConfirmAdult, useLedger, useSetAssistiveTech, useWallet, type Currency, type Wallet } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { CursorPager } from '../../../components/cursor-pager';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { formatDateTime } from '../../../utils/format';
import { HouseNav, ledgerReason, money, shortDateTime } from '../components/house-common';
import { SignedOut } from '../components/signed-out';
import { LEVELS, Standing } from '../components/standing';
import { paths } from '../../../config/paths';
import './wallet-page.css';

/** A ledger entry's label: its kind in words, and what a kind's name does not say (SPEC 8.2). */
const ledgerLabel = (kind: string) => tOr(`wallet.kind.${kind}`, kind.replace(/_/g, ' '));
const signed = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n)}`;
/** SPEC 8.3: the player says they use assistive technology; their stake-table clock gets +10 s from the next deal. */
function AssistiveTech({ w }: { w: Wallet }) {
  const { t } = useTranslation();
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
        {t('wallet.assistive')}
      </label>
      <p className="muted small-text">{t('wallet.assistiveHelp')}</p>
      {save.isError && <ErrorView error={save.error} title={t('wallet.settingFailed')} />}
      <p className="sr-only" role="status">
        {save.isSuccess ? (w.assistiveTech ? t('wallet.savedMore') : t('wallet.savedUsual')) : ''}
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
  const { t } = useTranslation();
  if (!token) return <SignedOut title={t('wallet.title')} what={t('wallet.yourWallet')} />;
  if (wallet.isPending) return <Loading what={t('wallet.yourWallet')} />;
  if (wallet.isError) return <ErrorView error={wallet.error} title={t('wallet.failed')} page />;
  const w = wallet.data;
  return (
    <>
      <HouseNav />
      <h1>{t('wallet.title')}</h1>
      <p className="lead">{t('wallet.lead')}</p>
      {w.welcomeGrant.status === 'held' && (
        <div className="notice" role="status" data-testid="welcome-grant">
          <h2>{t('wallet.grantWaiting')}</h2>
          <p>
            {w.welcomeGrant.gamesLeft > 0
              ? t('wallet.grantHeld', { count: w.welcomeGrant.gamesLeft, dd: formatNumber(10000), soups: formatNumber(100) })
              : t('wallet.grantNeedsAddress', { dd: formatNumber(10000), soups: formatNumber(100) })}
          </p>
          <p className="muted">{t('wallet.grantCounted', { counted: w.welcomeGrant.gamesCounted, needed: w.welcomeGrant.gamesNeeded })}</p>
        </div>
      )}
      <ul className="balances" data-testid="balances">
        {w.balances.map((b) => (
          <li key={b.currency} className="card">
            <h2>{b.currency === 'DD' ? t('wallet.dd') : t('wallet.soupsCanteen')}</h2>
            <p className="balance">{money(b.balance, b.currency)}</p>
            {b.owed > 0 ? <p className="tag tag-bad">{t('wallet.owed', { amount: money(b.owed, b.currency) })}</p> : <p className="muted">{t('wallet.nothingOwed')}</p>}
          </li>
        ))}
      </ul>

      <section aria-labelledby="level-h">
        <h2 id="level-h">{t('wallet.level')}</h2>
        <Standing w={w} />
        <p className="muted">{t('wallet.levels', { levels: LEVELS.map(([n, wins]) => `${n} ${wins}`).join(', ') })}</p>
        <AssistiveTech w={w} />
        {w.adultConfirmedAt ? (
          <p>{t('wallet.confirmed', { when: formatDateTime(w.adultConfirmedAt) })}</p>
        ) : (
          <div className="notice">
            <p>{t('wallet.confirmOnce')}</p>
            <button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {t('house.adult.check')}
            </button>
            {confirm.isError && <ErrorView error={confirm.error} title={t('house.adult.failed')} />}
          </div>
        )}
      </section>

      <section aria-labelledby="ledger-h">
        <h2 id="ledger-h">{t('wallet.ledger')}</h2>
        <div className="field">
          <label htmlFor="ledger-currency">{t('wallet.currency')}</label>
          <select
            id="ledger-currency"
            value={currency}
            onChange={(e) => {
              setCurrency(e.target.value as Currency);
              setCursors([null]);
            }}
          >
            <option value="DD">{t('wallet.ddOption')}</option>
            <option value="soups">{t('wallet.soups')}</option>
          </select>
        </div>
        {ledger.isPending && <Loading what={t('wallet.theLedger')} />}
        {ledger.isError && <ErrorView error={ledger.error} title={t('wallet.ledgerFailed')} />}
        {ledger.data &&
          (ledger.data.items.length === 0 ? (
            <Empty>{currency === 'DD' ? t('wallet.noEntriesDD') : t('wallet.noEntriesSoups')}</Empty>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={currency === 'DD' ? t('wallet.ledgerDD') : t('wallet.ledgerSoups')}>
              <table className="results ledger" data-testid="ledger" role="table">
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">{t('wallet.when')}</th>
                    <th scope="col" role="columnheader">{t('wallet.entry')}</th>
                    <th scope="col" role="columnheader" className="num">
                      {t('wallet.amount')}
                    </th>
                    <th scope="col" role="columnheader" className="num">
                      {t('wallet.balance')}
                    </th>
                    <th scope="col" role="columnheader">{t('wallet.table')}</th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {ledger.data.items.map((e) => (
                    <tr key={e.id} role="row">
                      <td role="cell" className="nowrap l-when">{shortDateTime(e.createdAt)}</td>
                      <th scope="row" role="rowheader" className="l-entry">
                        {ledgerLabel(e.kind)}
                        {e.reason && <span className="muted small-text reason"> — {ledgerReason(e.reason)}</span>}
                        {e.owedChange !== 0 && <span className="muted small-text"> {t('wallet.owedChange', { change: signed(e.owedChange) })}</span>}
                      </th>
                      <td role="cell" className="num l-amount">
                        {signed(e.amount)}
                      </td>
                      <td role="cell" className="num l-balance" data-label={t('wallet.balanceShort')}>
                        {formatNumber(e.balanceAfter)}
                      </td>
                      <td role="cell" className="l-table">{e.houseTableId ? <Link to={paths.houseTable.href(e.houseTableId)}>{t('wallet.table')}</Link> : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <CursorPager
          label={t('wallet.pages')}
          page={cursors.length}
          note={t('wallet.perPage', { n: LEDGER_PAGE_SIZE })}
          hasOlder={!!ledger.data?.next}
          onNewer={() => setCursors((c) => c.slice(0, -1))}
          onOlder={() => ledger.data?.next && setCursors((c) => [...c, ledger.data.next])}
        />
      </section>
    </>
  );
}
