import { type Wallet } from '../api/house-queries';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/facts';
import { tOr } from '../../../i18n/i18n';

export const LEVELS: [string, number][] = [
  ['Rookie', 0],
  ['Hustler', 10],
  ['Shark', 25],
  ['Professor', 50],
  ['Kingpin', 100],
  ['Dominologist', 200],
];
/** Level and court (SPEC 8.3, 8.5): shown on the wallet and file pages. */
export function Standing({ w }: { w: Wallet }) {
  const { t } = useTranslation();
  const next = LEVELS.find(([, wins]) => wins > w.stakeWins);
  const clock = t('standing.seconds', { s: w.stakeClockMs / 1000 }) + (w.court ? ` ${t('standing.courtClock')}` : w.assistiveTech ? ` ${t('standing.assistiveClock')}` : '');
  return (
    <Facts
      items={[
        [t('standing.level'), w.level],
        [t('standing.wins'), next ? t('standing.winsToNext', { wins: w.stakeWins, more: next[1] - w.stakeWins, level: next[0] }) : String(w.stakeWins)],
        [t('standing.clock'), clock],
        [t('standing.court'), w.court ? tOr(`standing.courts.${w.court}`, w.court) : t('standing.notInCourt')],
        [t('standing.tickets'), `${w.openTickets} · ${w.felonies}`],
      ]}
    />
  );
}
