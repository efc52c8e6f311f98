import { useState } from 'react';
import { useConfirmAdult, useWallet, type HouseSeat, type HouseTable } from '../api/house-queries';
import { NavLinks, type NavItem } from '../../../components/nav-links';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import './house-nav.css';

export const RULESET_NAMES: Record<string, string> = { citizen: 'Citizen', 'mook-camp-fitness': 'Mook Camp Fitness', inmate: 'Inmate', 'dcf-inmate-gym': 'DCF Inmate Gym' };

/** An amount of play money: "1,500 DD", "12 soups". */
export const money = (amount: number, currency: string | null) => `${amount.toLocaleString('en-US')} ${currency === 'soups' ? (Math.abs(amount) === 1 ? 'soup' : 'soups') : (currency ?? '')}`.trim();

/** "4 seats · partners · to 150 · cash bet 100 DD (ticket fine 10 DD)" */
export function tableSummary(t: HouseTable): string {
  const purpose = t.purpose === 'stake' ? `${t.currency === 'DD' ? 'cash' : 'canteen'} bet ${money(t.stake, t.currency)} (ticket fine ${money(t.ticketFine, t.currency)})` : t.purpose;
  const target = typeof t.settings.target === 'number' ? ` · to ${t.settings.target}` : '';
  return `${t.seats} seats${t.partners ? ' · partners' : ''}${target} · ${purpose}`;
}

export const seatName = (s: HouseSeat) => (s.kind === 'computer' ? `Computer ${s.seat + 1} (${s.level})` : (s.displayName ?? `Seat ${s.seat + 1}`));

/** A short date and time for dense tables ("Dec 1, 11:17 PM"). */
export const shortDateTime = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** A workout's amount in its unit: reps, seconds, or tenths of a mile. */
export const workoutText = (kind: string, amount: number) => (kind === 'timed' ? `${amount} seconds` : kind === 'run' ? `${(amount / 10).toLocaleString('en-US')} miles` : `${amount} reps`);

export const clockText = (ms: number | null) => (ms === null ? 'no clock' : `${Math.round(ms / 1000)} s clock`);

const HOUSE_LINKS: readonly NavItem[] = [
  { to: paths.house.href(), label: 'Lobby', end: true },
  { to: paths.wallet.href(), label: 'Wallet' },
  { to: paths.file.href(), label: 'My file' },
  { to: paths.workouts.href(), label: 'Workouts' },
];

/** The house pages' own links (the lobby, wallet, file, workouts). */
export function HouseNav() {
  return (
    <nav aria-label="House tables" className="subnav">
      <ul>
        <NavLinks links={HOUSE_LINKS} />
      </ul>
    </nav>
  );
}

/**
 * The 18+ confirmation before the first stake table (SPEC 8.7): `needed` while the account has not confirmed,
 * `box` the checkbox to show next to the act, `confirm()` saves it (once) before the act is sent.
 */
export function useAdultGate(stake: boolean) {
  const wallet = useWallet();
  const save = useConfirmAdult();
  const [checked, setChecked] = useState(false);
  const needed = stake && !!wallet.data && !wallet.data.adultConfirmedAt;
  const box = needed ? (
    <div className="notice" data-testid="adult">
      <p className="notice-title">Stake tables are for adults</p>
      <p>Play money has no cash value and cannot be cashed out or transferred. You confirm once for your account.</p>
      <label className="check">
        <input type="checkbox" required checked={checked} onChange={(e) => setChecked(e.target.checked)} /> I am 18 or older
      </label>
      {save.isError && <ErrorView error={save.error} title="Your confirmation was not saved" />}
    </div>
  ) : null;
  const confirm = async (): Promise<boolean> => {
    if (!needed) return true;
    if (!checked) return false;
    return save
      .mutateAsync()
      .then(() => true)
      .catch(() => false);
  };
  return { needed, ready: !needed || checked, busy: save.isPending, box, confirm };
}
