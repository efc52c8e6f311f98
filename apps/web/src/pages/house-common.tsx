import { NavLink } from 'react-router';
import type { HouseSeat, HouseTable } from '../api/house-queries';

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

/** The house pages' own links (the lobby, wallet, file, workouts). */
export function HouseNav() {
  return (
    <nav aria-label="House tables" className="subnav">
      <ul>
        <li>
          <NavLink to="/house" end>
            Lobby
          </NavLink>
        </li>
        <li>
          <NavLink to="/me/wallet">Wallet</NavLink>
        </li>
        <li>
          <NavLink to="/me/file">My file</NavLink>
        </li>
        <li>
          <NavLink to="/me/workouts">Workouts</NavLink>
        </li>
      </ul>
    </nav>
  );
}
