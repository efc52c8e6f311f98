import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHouseActs, useLobby, type HouseTable } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { CursorPager } from '../../../components/cursor-pager';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { HouseNav, RULESET_NAMES, seatName, tableSummary, useAdultGate } from '../components/house-common';
import { QuickStart } from '../components/quick-start';
import { CustomTableForm } from '../components/custom-table-form';
import { paths } from '../../../config/paths';
import './house-lobby-page.css';

/**
 * The lobby, in the order a newcomer needs it (issue 43): "Play the computer" and "Quick match" first, then the open tables
 * (paged, newest first) to join, a seat by invitation code, and last "Custom table" with every setting.
 */
export function HouseLobbyPage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const lobby = useLobby(cursors[cursors.length - 1]);
  const acts = useHouseActs();
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  if (!token)
    return (
      <>
        <h1>{t('lobby.title')}</h1>
        <p>
          <Link to={paths.signIn.href()}>{t('lobby.signIn')}</Link>
          {t('lobby.toPlay')}
        </p>
      </>
    );

  const join = (id: string) => acts.join.mutate(id, { onSuccess: (table) => void navigate(paths.houseTable.href(table.id)) });
  const joinByCode = (e: FormEvent) => {
    e.preventDefault();
    acts.joinByCode.mutate(code.trim().toUpperCase(), { onSuccess: (table) => void navigate(paths.houseTable.href(table.id)) });
  };

  return (
    <>
      <HouseNav />
      <h1>{t('lobby.title')}</h1>
      <p className="lead">
        {t('lobby.lead')} <Link to={`${paths.howToPlay.href()}#house`}>{t('lobby.howToPlay')}</Link>
      </p>

      <QuickStart />

      <section aria-labelledby="lobby-h">
        <h2 id="lobby-h">{t('lobby.open')}</h2>
        {lobby.isPending && <Loading what={t('lobby.theLobby')} />}
        {lobby.isError && <ErrorView error={lobby.error} title={t('lobby.failed')} />}
        {acts.join.isError && <ErrorView error={acts.join.error} title={t('lobby.notSeated')} />}
        {lobby.data &&
          (lobby.data.items.length === 0 ? (
            <Empty>{t('lobby.none')}</Empty>
          ) : (
            <ul className="list lobby" data-testid="lobby">
              {lobby.data.items.map((table) => (
                <LobbyCard key={table.id} table={table} onJoin={() => join(table.id)} joining={acts.join.isPending} />
              ))}
            </ul>
          ))}
        <CursorPager
          label={t('lobby.pages')}
          page={cursors.length}
          hasOlder={!!lobby.data?.next}
          onNewer={() => setCursors((c) => c.slice(0, -1))}
          onOlder={() => lobby.data?.next && setCursors((c) => [...c, lobby.data.next])}
        />
      </section>

      <section aria-labelledby="code-h">
        <h2 id="code-h">{t('lobby.byCode')}</h2>
        <form className="search" onSubmit={joinByCode}>
          <label htmlFor="invite-code">{t('lobby.codeLabel')}</label>
          <input id="invite-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={8} autoComplete="off" spellCheck={false} />
          <button type="submit" disabled={acts.joinByCode.isPending || code.trim().length === 0}>
            {t('lobby.join')}
          </button>
        </form>
        {acts.joinByCode.isError && <ErrorView error={acts.joinByCode.error} title={t('lobby.notSeated')} />}
      </section>

      <CustomTableForm />
    </>
  );
}

function LobbyCard({ table, onJoin, joining }: { table: HouseTable; onJoin(): void; joining: boolean }) {
  const { t } = useTranslation();
  const free = table.seats - table.seatsTaken.length;
  const adult = useAdultGate(table.purpose === 'stake');
  return (
    <li className="card">
      <h3>
        <Link to={paths.houseTable.href(table.id)}>{RULESET_NAMES[table.ruleset]}</Link> <span className="subtle">{tableSummary(table)}</span>
      </h3>
      <p>
        {table.seatsTaken.map(seatName).join(', ')} · {t('lobby.free', { count: free })}
      </p>
      {table.playToPay && <p>{t('lobby.payNoteShown', { note: table.playToPay })}</p>}
      {adult.box}
      <div className="actions">
        <button
          type="button"
          onClick={() => void adult.confirm().then((ok) => ok && onJoin())}
          disabled={joining || adult.busy || !adult.ready}
          aria-label={t('lobby.joinTable', { ruleset: RULESET_NAMES[table.ruleset], host: table.seatsTaken[0]?.displayName ?? t('lobby.itsHost') })}
        >
          {t('lobby.join')}
        </button>
      </div>
    </li>
  );
}

