import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, tOr } from '../../../i18n/i18n';
import { formatNumber, formatShortDateTime } from '../../../utils/format';
import { useConfirmAdult, useWallet, type HouseSeat, type HouseTable } from '../api/house-queries';
import { NavLinks, type NavItem } from '../../../components/nav-links';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import './house-nav.css';

export const RULESET_NAMES: Record<string, string> = { citizen: 'Citizen', 'mook-camp-fitness': 'Mook Camp Fitness', inmate: 'Inmate', 'dcf-inmate-gym': 'DCF Inmate Gym' };
/** The four house rulesets in the order a newcomer meets them (SPEC 1.6). */
export const HOUSE_RULESETS = ['citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym'] as const;

/** An amount of play money: "1,500 DD", "12 soups". */
export const money = (amount: number, currency: string | null) =>
  currency === 'soups' ? i18n.t('house.soups', { count: Math.abs(amount), n: formatNumber(amount) }) : `${formatNumber(amount)} ${currency ?? ''}`.trim();

/** "4 seats · partners · to 150 · cash bet 100 DD (ticket fine 10 DD)" */
export function tableSummary(t: HouseTable): string {
  const purpose =
    t.purpose === 'stake'
      ? i18n.t(t.currency === 'DD' ? 'house.purpose.stakeDD' : 'house.purpose.stakeSoups', { stake: money(t.stake, t.currency), fine: money(t.ticketFine, t.currency) })
      : t.playToPay
        ? i18n.t('house.purpose.playToPay')
        : tOr(`house.purpose.${t.purpose}`, t.purpose);
  const target = typeof t.settings.target === 'number' ? i18n.t('house.to', { target: t.settings.target }) : '';
  return `${i18n.t('house.seats', { n: t.seats })}${t.partners ? i18n.t('house.partnersShort') : ''}${target} · ${purpose}`;
}

export const seatName = (s: HouseSeat) =>
  s.kind === 'computer' ? i18n.t('house.computerSeat', { n: s.seat + 1, level: tOr(`house.level.${s.level}`, String(s.level)) }) : (s.displayName ?? i18n.t('house.seatN', { n: s.seat + 1 }));

/** A short date and time for dense tables ("Dec 1, 11:17 PM"). */
export const shortDateTime = formatShortDateTime;

/** A workout's amount in its unit: reps, seconds, or tenths of a mile. */
export const workoutText = (kind: string, amount: number) =>
  kind === 'timed'
    ? i18n.t('house.workout.seconds', { count: amount, n: formatNumber(amount) })
    : kind === 'run'
      ? i18n.t('house.workout.miles', { count: amount / 10, n: formatNumber(amount / 10) })
      : i18n.t('house.workout.reps', { count: amount, n: formatNumber(amount) });

/** The fixed reasons the server writes on ledger entries (libs/tournament/src/house, challenge), in the page's language; any other as written. */
const LEDGER_REASONS: [RegExp, string][] = [
  [/^settlement: hold released$/, 'released'],
  [/^the deal: 2 × stake held$/, 'held'],
  [/^ticket expunged: its fine returned$/, 'expunged'],
  [/^ticket fine \(clock run-out\)$/, 'ticketFine'],
  [/^tournament clock run-out$/, 'tournamentRunOut'],
  [/^the weekly commissary, (.+)$/, 'commissary'],
  [/^the Clock Jar: (\d+) computer run-out\(s\)$/, 'jar'],
  [/^(\S+(?: \S+)?) pays the debt first$/, 'debtFirst'],
];
export function ledgerReason(reason: string): string {
  for (const [re, key] of LEDGER_REASONS) {
    const m = re.exec(reason);
    if (m) return i18n.t(`wallet.reason.${key}`, { x: key === 'debtFirst' ? tOr(`wallet.kind.${m[1].replace(/ /g, '_')}`, m[1]) : (m[1] ?? '') });
  }
  return reason;
}

export const clockText = (ms: number | null) => (ms === null ? i18n.t('house.noClock') : i18n.t('house.clock', { s: Math.round(ms / 1000) }));

const houseLinks = (t: (key: string) => string): readonly NavItem[] => [
  { to: paths.house.href(), label: t('house.nav.lobby'), end: true },
  { to: paths.wallet.href(), label: t('house.nav.wallet') },
  { to: paths.file.href(), label: t('house.nav.file') },
  { to: paths.workouts.href(), label: t('house.nav.workouts') },
];

/** The house pages' own links (the lobby, wallet, file, workouts). */
export function HouseNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('house.nav.label')} className="subnav">
      <ul>
        <NavLinks links={houseLinks(t)} />
      </ul>
    </nav>
  );
}

/**
 * The 18+ confirmation before the first stake table (SPEC 8.7): `needed` while the account has not confirmed,
 * `box` the checkbox to show next to the act, `confirm()` saves it (once) before the act is sent.
 */
export function useAdultGate(stake: boolean) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const save = useConfirmAdult();
  const [checked, setChecked] = useState(false);
  const needed = stake && !!wallet.data && !wallet.data.adultConfirmedAt;
  const box = needed ? (
    <div className="notice" data-testid="adult">
      <p className="notice-title">{t('house.adult.title')}</p>
      <p>{t('house.adult.text')}</p>
      <label className="check">
        <input type="checkbox" required checked={checked} onChange={(e) => setChecked(e.target.checked)} /> {t('house.adult.check')}
      </label>
      {save.isError && <ErrorView error={save.error} title={t('house.adult.failed')} />}
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
