import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../utils/format';
import type { RulesetId } from '@dcs/engine/types';
import { useHouseActs, type OpenHouseTable } from '../api/house-queries';
import { ErrorView } from '../../../components/status';
import { RULESET_NAMES, useAdultGate } from './house-common';
import { RulesetPicker } from './quick-start';
import { paths } from '../../../config/paths';

type HouseRuleset = Exclude<RulesetId, 'dcs-tournament'>;
type Level = 'easy' | 'medium' | 'hard';

/**
 * What each ruleset lets the host choose (libs/engine/src/rulesets.ts, libs/house/src/tables.ts HOST_CLOCK: 3-60 s
 * everywhere, SPEC 8.3); the API decides (INVALID_SETTINGS).
 */
const RULES: Record<HouseRuleset, { getOn: number[]; defaultGetOn: number; stake: 'DD' | 'soups' | null; workout: boolean; clock: { min: number; max: number; def: number } }> = {
  citizen: { getOn: [0, 5, 10, 15, 20], defaultGetOn: 10, stake: 'DD', workout: false, clock: { min: 3, max: 60, def: 20 } },
  'mook-camp-fitness': { getOn: [0, 5, 10, 15, 20], defaultGetOn: 10, stake: null, workout: true, clock: { min: 3, max: 60, def: 10 } },
  inmate: { getOn: [10, 15, 20], defaultGetOn: 15, stake: 'soups', workout: false, clock: { min: 3, max: 60, def: 20 } },
  'dcf-inmate-gym': { getOn: [0, 10, 15, 20], defaultGetOn: 0, stake: null, workout: true, clock: { min: 3, max: 60, def: 20 } },
};
const MAX_STAKE = { DD: 10_000, soups: 100 };

/**
 * SPEC 8.3 (libs/house clockMayBeOff): the clock may be off only against the computer alone, at a friendly table or a
 * Mook Camp Fitness workout table; DCF Inmate Gym never. A friendly table against the computer alone starts with it off.
 */
const clockMayBeOff = (ruleset: HouseRuleset, purpose: string, vsComputerAlone: boolean) =>
  vsComputerAlone && ruleset !== 'dcf-inmate-gym' && (purpose === 'friendly' || (purpose === 'workout' && ruleset === 'mook-camp-fitness'));

/**
 * "Custom table" (last in the lobby since issue 43: "Play the computer" and "Quick match" come first): the ruleset first (it
 * decides what else may be chosen), then seats, purpose — friendly, Play 2 Pay with its agreed expense, a play-money bet —,
 * stake, clock and settings. The rulebook's words stay beside the plain labels.
 */
export function CustomTableForm() {
  const { t } = useTranslation();
  const acts = useHouseActs();
  const navigate = useNavigate();
  const [ruleset, setRuleset] = useState<HouseRuleset>('citizen');
  const [seats, setSeats] = useState(4);
  const [partners, setPartners] = useState(false);
  const [stakeTable, setStakeTable] = useState(false);
  const [stake, setStake] = useState(100);
  const [ticketFine, setTicketFine] = useState(0);
  const [target, setTarget] = useState(150);
  const [getOn, setGetOn] = useState<number | null>(null);
  const [minScore, setMinScore] = useState<number | null>(null);
  const [handSize, setHandSize] = useState(7);
  const [others, setOthers] = useState<('person' | Level)[]>(['medium', 'medium', 'medium']);
  /** null: the table's default (off only at a friendly table against the computer alone) */
  const [clockOn, setClockOn] = useState<boolean | null>(null);
  const [clockS, setClockS] = useState<number | null>(null);
  const [workoutKind, setWorkoutKind] = useState<'reps' | 'timed' | 'run'>('reps');
  const [listed, setListed] = useState(true);
  /** SPEC 8.1 Play 2 Pay: a friendly table whose loser covers the expense the players agree on (points only) */
  const [playToPay, setPlayToPay] = useState(false);
  const [payNote, setPayNote] = useState('');
  const choose = (stake: boolean, pay: boolean) => {
    setStakeTable(stake);
    setPlayToPay(pay);
  };

  const rules = RULES[ruleset];
  const purpose = rules.workout ? 'workout' : stakeTable && rules.stake ? 'stake' : 'friendly';
  const seatChoices = others.slice(0, seats - 1);
  const computers = seatChoices.filter((o): o is Level => o !== 'person');
  const vsComputerAlone = computers.length === seats - 1;
  const mayBeOff = clockMayBeOff(ruleset, purpose, vsComputerAlone);
  const clockRuns = !mayBeOff || (clockOn ?? !(vsComputerAlone && purpose === 'friendly'));
  const adult = useAdultGate(purpose === 'stake');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: OpenHouseTable = {
      ruleset,
      seats,
      partners: seats === 4 && partners,
      purpose,
      settings: { target, getOn: getOn ?? rules.defaultGetOn, ...(minScore !== null ? { minScore } : {}), handSize: seats === 4 ? 7 : handSize } as OpenHouseTable['settings'],
      computers,
      listed,
    };
    if (purpose === 'stake') Object.assign(body, { stake, ticketFine });
    else body.clockMs = clockRuns ? (clockS ?? rules.clock.def) * 1000 : null;
    if (rules.workout) body.workoutKind = workoutKind;
    if (purpose === 'friendly' && playToPay) body.playToPay = payNote.trim();
    if (!(await adult.confirm())) return;
    acts.open.mutate(body, { onSuccess: (table) => void navigate(paths.houseTable.href(table.id)) });
  };

  return (
    <section aria-labelledby="open-h" className="card open-table">
      <h2 id="open-h">{t('lobby.openTitle')}</h2>
      <p className="muted">{t('lobby.customLead')}</p>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="form-grid">
          <RulesetPicker
            id="open-ruleset"
            value={ruleset}
            onChange={(r) => {
              setRuleset(r);
              setGetOn(null);
              setClockS(null);
              setClockOn(null);
            }}
          />
          <div className="field">
            <label htmlFor="open-seats">{t('lobby.seatsLabel')}</label>
            <select id="open-seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
              <option value={2}>{t('lobby.oneOnOne')}</option>
              <option value={3}>{t('lobby.cutThroat')}</option>
              <option value={4}>4</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-target">{t('lobby.target')}</label>
            <select id="open-target" value={target} onChange={(e) => setTarget(Number(e.target.value))}>
              <option value={150}>150</option>
              <option value={250}>250</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-get-on">{t('lobby.getOn')}</label>
            <select id="open-get-on" value={getOn ?? rules.defaultGetOn} onChange={(e) => setGetOn(Number(e.target.value))}>
              {rules.getOn.map((g) => (
                <option key={g} value={g}>
                  {g === 0 ? t('lobby.anyScore') : g}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-min-score">{t('lobby.minScore')}</label>
            <select id="open-min-score" value={minScore ?? ''} onChange={(e) => setMinScore(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">{t('lobby.rulesetDefault')}</option>
              <option value={5}>5</option>
              <option value={10}>10</option>
            </select>
          </div>
          {seats < 4 && (
            <div className="field">
              <label htmlFor="open-hand-size">{t('lobby.handSize')}</label>
              <select id="open-hand-size" value={handSize} onChange={(e) => setHandSize(Number(e.target.value))}>
                <option value={7}>7</option>
                <option value={9}>9</option>
              </select>
            </div>
          )}
        </div>
        {seats === 4 && (
          <label className="check">
            <input type="checkbox" checked={partners} onChange={(e) => setPartners(e.target.checked)} /> {t('lobby.partners')}
          </label>
        )}

        <fieldset className="plain">
          <legend>{t('lobby.others')}</legend>
          {Array.from({ length: seats - 1 }, (_, i) => (
            <div key={i} className="field">
              <label htmlFor={`open-seat-${i}`}>{t('house.seatN', { n: i + 2 })}</label>
              <select id={`open-seat-${i}`} value={others[i]} onChange={(e) => setOthers((o) => o.map((x, j) => (j === i ? (e.target.value as 'person' | Level) : x)))}>
                <option value="person">{t('lobby.person')}</option>
                <option value="easy">{t('lobby.computerEasy')}</option>
                <option value="medium">{t('lobby.computerMedium')}</option>
                <option value="hard">{t('lobby.computerHard')}</option>
              </select>
            </div>
          ))}
        </fieldset>

        <fieldset className="plain">
          <legend>{t('lobby.purpose')}</legend>
          {rules.workout ? (
            <>
              <p className="muted">{t('lobby.alwaysWorkout', { ruleset: RULESET_NAMES[ruleset] })}</p>
              <div className="field">
                <label htmlFor="open-workout">{t('lobby.workout')}</label>
                <select id="open-workout" value={workoutKind} onChange={(e) => setWorkoutKind(e.target.value as 'reps' | 'timed' | 'run')}>
                  <option value="reps">{t('lobby.reps')}</option>
                  <option value="timed">{t('lobby.timed')}</option>
                  <option value="run">{t('lobby.run')}</option>
                </select>
              </div>
            </>
          ) : (
            <>
              <label className="check">
                <input
                  type="radio"
                  name="purpose"
                  checked={!stakeTable && !playToPay}
                  onChange={() => choose(false, false)}
                />{' '}
                {t('lobby.friendly')}
              </label>
              <label className="check">
                <input
                  type="radio"
                  name="purpose"
                  checked={!stakeTable && playToPay}
                  onChange={() => choose(false, true)}
                />{' '}
                {t('lobby.playToPay')}
              </label>
              {!stakeTable && playToPay && (
                <div className="field pay-note">
                  <label htmlFor="open-pay-note">{t('lobby.payNote')}</label>
                  <input id="open-pay-note" value={payNote} onChange={(e) => setPayNote(e.target.value)} maxLength={200} required aria-describedby="open-pay-note-help" />
                  <p id="open-pay-note-help" className="muted">
                    {t('lobby.payNoteHelp')}
                  </p>
                </div>
              )}
              <label className="check">
                <input
                  type="radio"
                  name="purpose"
                  checked={stakeTable}
                  onChange={() => choose(true, false)}
                />{' '}
                {rules.stake === 'DD' ? t('lobby.cashBet') : t('lobby.canteenBet')}
              </label>
            </>
          )}
          {purpose === 'stake' && rules.stake && (
            <div className="form-grid">
              <div className="field">
                <label htmlFor="open-stake">{t('lobby.stake', { currency: rules.stake, max: formatNumber(MAX_STAKE[rules.stake]) })}</label>
                <input id="open-stake" type="number" min={1} max={MAX_STAKE[rules.stake]} value={stake} onChange={(e) => setStake(Number(e.target.value))} />
              </div>
              <div className="field">
                <label htmlFor="open-ticket-fine">{t('lobby.ticketFine', { currency: rules.stake })}</label>
                <input id="open-ticket-fine" type="number" min={0} max={stake} value={ticketFine} onChange={(e) => setTicketFine(Number(e.target.value))} />
              </div>
              <p className="muted">{t('lobby.held')}</p>
            </div>
          )}
        </fieldset>

        {purpose !== 'stake' && (
          <fieldset className="plain">
            <legend>{t('lobby.clock')}</legend>
            {mayBeOff && (
              <label className="check">
                <input type="checkbox" checked={clockRuns} onChange={(e) => setClockOn(e.target.checked)} /> {t('lobby.runClock')}
              </label>
            )}
            {clockRuns && (
              <div className="field">
                <label htmlFor="open-clock">
                  {t('lobby.seconds', { min: rules.clock.min, max: rules.clock.max, def: rules.clock.def })}
                </label>
                <input id="open-clock" type="number" inputMode="numeric" min={rules.clock.min} max={rules.clock.max} step={1} required value={clockS ?? rules.clock.def} onChange={(e) => setClockS(Number(e.target.value))} />
              </div>
            )}
            {!mayBeOff && (
              <p className="muted">{ruleset === 'dcf-inmate-gym' ? t('lobby.gymClock') : t('lobby.peopleClock')}</p>
            )}
          </fieldset>
        )}

        <label className="check">
          <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} /> {t('lobby.listed')}
        </label>

        {adult.box}

        <button type="submit" disabled={acts.open.isPending || adult.busy}>
          {t('lobby.openButton')}
        </button>
        {acts.open.isError && <ErrorView error={acts.open.error} title={t('lobby.notOpened')} />}
      </form>
    </section>
  );
}
