import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHouseActs, type ComputerLevel, type HouseRulesetId } from '../api/house-queries';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import { HOUSE_RULESETS, RULESET_NAMES } from './house-common';
import { alwaysWorkout } from '@dcs/house/tables';

/**
 * A ruleset chosen in plain words with the rulebook's name beside it ("Classic (Citizen)"), and under it the one line that
 * says what playing it is like (issue 43: newcomers met "Citizen / Mook Camp Fitness / Inmate / DCF Inmate Gym" bare).
 */
export function RulesetPicker({ id, value, onChange, label }: { id: string; value: HouseRulesetId; onChange(r: HouseRulesetId): void; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="field ruleset-picker">
      <label htmlFor={id}>{label ?? t('lobby.ruleset')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as HouseRulesetId)} aria-describedby={`${id}-line`}>
        {HOUSE_RULESETS.map((r) => (
          <option key={r} value={r}>
            {t('lobby.rulesetOption', { plain: t(`rulesets.${r}.plain`), name: RULESET_NAMES[r] })}
          </option>
        ))}
      </select>
      <p id={`${id}-line`} className="muted ruleset-line">
        {t(`rulesets.${value}.oneLine`)}
      </p>
    </div>
  );
}

/** The two ways into a game first (issue 43): play the computer now, or a quick match with the next person. */
export function QuickStart() {
  const { t } = useTranslation();
  const acts = useHouseActs();
  const navigate = useNavigate();
  const ids = useId();
  const [vsRuleset, setVsRuleset] = useState<HouseRulesetId>('citizen');
  const [level, setLevel] = useState<ComputerLevel>('medium');
  const [quickRuleset, setQuickRuleset] = useState<HouseRulesetId>('citizen');
  const toTable = (table: { id: string }) => void navigate(paths.houseTable.href(table.id));

  const playComputer = () =>
    // one on one against the computer: a friendly table (a workout one at the workout rulesets), the clock at its default (off where it may be)
    acts.open.mutate({ ruleset: vsRuleset, seats: 2, purpose: alwaysWorkout(vsRuleset) ? 'workout' : 'friendly', computers: [level], listed: false }, { onSuccess: toTable });

  return (
    <div className="quick-start">
      <section aria-labelledby={`${ids}-vs`} className="card quick-card">
        <h2 id={`${ids}-vs`}>{t('lobby.vsComputerTitle')}</h2>
        <p className="muted">{t('lobby.vsComputerLead')}</p>
        <RulesetPicker id={`${ids}-vs-ruleset`} value={vsRuleset} onChange={setVsRuleset} />
        <div className="field">
          <label htmlFor={`${ids}-level`}>{t('lobby.level')}</label>
          <select id={`${ids}-level`} value={level} onChange={(e) => setLevel(e.target.value as ComputerLevel)}>
            <option value="easy">{t('lobby.levelEasy')}</option>
            <option value="medium">{t('lobby.levelMedium')}</option>
            <option value="hard">{t('lobby.levelHard')}</option>
          </select>
        </div>
        <button type="button" onClick={playComputer} disabled={acts.open.isPending}>
          {t('lobby.vsComputerButton')}
        </button>
        {acts.open.isError && <ErrorView error={acts.open.error} title={t('lobby.notOpened')} />}
      </section>
      <section aria-labelledby={`${ids}-quick`} className="card quick-card">
        <h2 id={`${ids}-quick`}>{t('lobby.quickTitle')}</h2>
        <p className="muted">{t('lobby.quickLead')}</p>
        <RulesetPicker id={`${ids}-quick-ruleset`} value={quickRuleset} onChange={setQuickRuleset} />
        <button type="button" onClick={() => acts.quickMatch.mutate(quickRuleset, { onSuccess: toTable })} disabled={acts.quickMatch.isPending}>
          {t('lobby.quickButton')}
        </button>
        {acts.quickMatch.isError && <ErrorView error={acts.quickMatch.error} title={t('lobby.notSeated')} />}
      </section>
    </div>
  );
}
