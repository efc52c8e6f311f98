import { type Wallet } from '../api/house-queries';
import { Facts } from '../../../components/facts';

export const LEVELS: [string, number][] = [
  ['Rookie', 0],
  ['Hustler', 10],
  ['Shark', 25],
  ['Professor', 50],
  ['Kingpin', 100],
  ['Dominologist', 200],
];
const COURT_NAMES: Record<string, string> = { municipal: 'Municipal court', civil: 'Civil court', misdemeanor: 'Misdemeanor court', felony: 'Felony court' };
/** Level and court (SPEC 8.3, 8.5): shown on the wallet and file pages. */
export function Standing({ w }: { w: Wallet }) {
  const next = LEVELS.find(([, wins]) => wins > w.stakeWins);
  return (
    <Facts
      items={[
        ['Level', w.level],
        ['Stake-table wins', next ? `${w.stakeWins} (${next[1] - w.stakeWins} more to ${next[0]})` : String(w.stakeWins)],
        ['Stake-table clock', `${w.stakeClockMs / 1000} s${w.court ? ' (the court clock)' : w.assistiveTech ? ' (with +10 s for assistive technology)' : ''}`],
        ['Court', w.court ? COURT_NAMES[w.court] : 'not in court'],
        ['Open tickets · felonies', `${w.openTickets} · ${w.felonies}`],
      ]}
    />
  );
}
