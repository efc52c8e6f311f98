import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RulesetId } from '@dcs/engine/types';
import { useHouseActs, useLobby, type HouseTable, type OpenHouseTable } from '../api/house-queries';
import { useAuth } from '../../../auth/auth-context';
import { CursorPager } from '../../../components/cursor-pager';
import { Empty, ErrorView, Loading } from '../../../components/status';
import { HouseNav, RULESET_NAMES, seatName, tableSummary, useAdultGate } from '../components/house-common';
import { paths } from '../../../config/paths';
import './house-lobby-page.css';

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

/** The lobby: open tables (paged, newest first) to join, a seat by invitation code, and "Open a table". */
export function HouseLobbyPage() {
  const { token } = useAuth();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const lobby = useLobby(cursors[cursors.length - 1]);
  const acts = useHouseActs();
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  if (!token)
    return (
      <>
        <h1>House tables</h1>
        <p>
          <Link to={paths.signIn.href()}>Sign in</Link> to open or join a house table.
        </p>
      </>
    );

  const join = (id: string) => acts.join.mutate(id, { onSuccess: (t) => void navigate(paths.houseTable.href(t.id)) });
  const joinByCode = (e: FormEvent) => {
    e.preventDefault();
    acts.joinByCode.mutate(code.trim().toUpperCase(), { onSuccess: (t) => void navigate(paths.houseTable.href(t.id)) });
  };

  return (
    <>
      <HouseNav />
      <h1>House tables</h1>
      <p className="lead">Citizen, Mook Camp Fitness, Inmate and DCF Inmate Gym tables against people or the computer. Play money only: it has no cash value.</p>

      <OpenTableForm />

      <section aria-labelledby="code-h">
        <h2 id="code-h">Join by invitation code</h2>
        <form className="search" onSubmit={joinByCode}>
          <label htmlFor="invite-code">Invitation code (8 letters and digits)</label>
          <input id="invite-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={8} autoComplete="off" spellCheck={false} />
          <button type="submit" disabled={acts.joinByCode.isPending || code.trim().length === 0}>
            Join
          </button>
        </form>
        {acts.joinByCode.isError && <ErrorView error={acts.joinByCode.error} title="You were not seated" />}
      </section>

      <section aria-labelledby="lobby-h">
        <h2 id="lobby-h">Open tables</h2>
        {lobby.isPending && <Loading what="the lobby" />}
        {lobby.isError && <ErrorView error={lobby.error} title="The lobby could not be loaded" />}
        {acts.join.isError && <ErrorView error={acts.join.error} title="You were not seated" />}
        {lobby.data &&
          (lobby.data.items.length === 0 ? (
            <Empty>No open tables right now. Open one above.</Empty>
          ) : (
            <ul className="list lobby" data-testid="lobby">
              {lobby.data.items.map((t) => (
                <LobbyCard key={t.id} t={t} onJoin={() => join(t.id)} joining={acts.join.isPending} />
              ))}
            </ul>
          ))}
        <CursorPager
          label="Lobby pages"
          page={cursors.length}
          hasOlder={!!lobby.data?.next}
          onNewer={() => setCursors((c) => c.slice(0, -1))}
          onOlder={() => lobby.data?.next && setCursors((c) => [...c, lobby.data.next])}
        />
      </section>
    </>
  );
}

function LobbyCard({ t, onJoin, joining }: { t: HouseTable; onJoin(): void; joining: boolean }) {
  const free = t.seats - t.seatsTaken.length;
  const adult = useAdultGate(t.purpose === 'stake');
  return (
    <li className="card">
      <h3>
        <Link to={paths.houseTable.href(t.id)}>{RULESET_NAMES[t.ruleset]}</Link> <span className="subtle">{tableSummary(t)}</span>
      </h3>
      <p>
        {t.seatsTaken.map(seatName).join(', ')} · {free} seat{free === 1 ? '' : 's'} free
      </p>
      {adult.box}
      <div className="actions">
        <button
          type="button"
          onClick={() => void adult.confirm().then((ok) => ok && onJoin())}
          disabled={joining || adult.busy || !adult.ready}
          aria-label={`Join the ${RULESET_NAMES[t.ruleset]} table of ${t.seatsTaken[0]?.displayName ?? 'its host'}`}
        >
          Join
        </button>
      </div>
    </li>
  );
}

/** "Open a table": the ruleset first (it decides what else may be chosen), then seats, purpose, stake, clock and settings. */
function OpenTableForm() {
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
    if (!(await adult.confirm())) return;
    acts.open.mutate(body, { onSuccess: (t) => void navigate(paths.houseTable.href(t.id)) });
  };

  return (
    <section aria-labelledby="open-h" className="card open-table">
      <h2 id="open-h">Open a table</h2>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="open-ruleset">Ruleset</label>
            <select
              id="open-ruleset"
              value={ruleset}
              onChange={(e) => {
                setRuleset(e.target.value as HouseRuleset);
                setGetOn(null);
                setClockS(null);
                setClockOn(null);
              }}
            >
              {Object.keys(RULES).map((r) => (
                <option key={r} value={r}>
                  {RULESET_NAMES[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-seats">Seats</label>
            <select id="open-seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
              <option value={2}>2 (one on one)</option>
              <option value={3}>3 (cut-throat)</option>
              <option value={4}>4</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-target">Target</label>
            <select id="open-target" value={target} onChange={(e) => setTarget(Number(e.target.value))}>
              <option value={150}>150</option>
              <option value={250}>250</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-get-on">Get on with</label>
            <select id="open-get-on" value={getOn ?? rules.defaultGetOn} onChange={(e) => setGetOn(Number(e.target.value))}>
              {rules.getOn.map((g) => (
                <option key={g} value={g}>
                  {g === 0 ? 'any score' : g}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="open-min-score">Smallest score</label>
            <select id="open-min-score" value={minScore ?? ''} onChange={(e) => setMinScore(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">the ruleset's</option>
              <option value={5}>5</option>
              <option value={10}>10</option>
            </select>
          </div>
          {seats < 4 && (
            <div className="field">
              <label htmlFor="open-hand-size">Tiles each</label>
              <select id="open-hand-size" value={handSize} onChange={(e) => setHandSize(Number(e.target.value))}>
                <option value={7}>7</option>
                <option value={9}>9</option>
              </select>
            </div>
          )}
        </div>
        {seats === 4 && (
          <label className="check">
            <input type="checkbox" checked={partners} onChange={(e) => setPartners(e.target.checked)} /> Partners (seats 1 and 3 against 2 and 4)
          </label>
        )}

        <fieldset className="plain">
          <legend>The other seats</legend>
          {Array.from({ length: seats - 1 }, (_, i) => (
            <div key={i} className="field">
              <label htmlFor={`open-seat-${i}`}>Seat {i + 2}</label>
              <select id={`open-seat-${i}`} value={others[i]} onChange={(e) => setOthers((o) => o.map((x, j) => (j === i ? (e.target.value as 'person' | Level) : x)))}>
                <option value="person">A person (an open seat)</option>
                <option value="easy">Computer: easy</option>
                <option value="medium">Computer: medium</option>
                <option value="hard">Computer: hard</option>
              </select>
            </div>
          ))}
        </fieldset>

        <fieldset className="plain">
          <legend>Purpose</legend>
          {rules.workout ? (
            <>
              <p className="muted">{RULESET_NAMES[ruleset]} tables are always workout tables: each dumbbell adds to a loser's workout.</p>
              <div className="field">
                <label htmlFor="open-workout">Workout</label>
                <select id="open-workout" value={workoutKind} onChange={(e) => setWorkoutKind(e.target.value as 'reps' | 'timed' | 'run')}>
                  <option value="reps">Reps (5 a dumbbell)</option>
                  <option value="timed">Timed (30 seconds a dumbbell)</option>
                  <option value="run">Run or walk (half a mile a dumbbell)</option>
                </select>
              </div>
            </>
          ) : (
            <>
              <label className="check">
                <input type="radio" name="purpose" checked={!stakeTable} onChange={() => setStakeTable(false)} /> Friendly (points only)
              </label>
              <label className="check">
                <input type="radio" name="purpose" checked={stakeTable} onChange={() => setStakeTable(true)} /> {rules.stake === 'DD' ? 'Cash bet (Dominologist Dollars)' : 'Canteen bet (soups)'}
              </label>
            </>
          )}
          {purpose === 'stake' && rules.stake && (
            <div className="form-grid">
              <div className="field">
                <label htmlFor="open-stake">Stake per player ({rules.stake}, at most {MAX_STAKE[rules.stake].toLocaleString('en-US')})</label>
                <input id="open-stake" type="number" min={1} max={MAX_STAKE[rules.stake]} value={stake} onChange={(e) => setStake(Number(e.target.value))} />
              </div>
              <div className="field">
                <label htmlFor="open-ticket-fine">Ticket fine ({rules.stake}, 0 to the stake)</label>
                <input id="open-ticket-fine" type="number" min={0} max={stake} value={ticketFine} onChange={(e) => setTicketFine(Number(e.target.value))} />
              </div>
              <p className="muted">At the deal twice the stake is held from each player's wallet. The clock follows each player's level.</p>
            </div>
          )}
        </fieldset>

        {purpose !== 'stake' && (
          <fieldset className="plain">
            <legend>Clock</legend>
            {mayBeOff && (
              <label className="check">
                <input type="checkbox" checked={clockRuns} onChange={(e) => setClockOn(e.target.checked)} /> Run a clock (against the computer alone it may be off)
              </label>
            )}
            {clockRuns && (
              <div className="field">
                <label htmlFor="open-clock">
                  Seconds a turn ({rules.clock.min}-{rules.clock.max}, {rules.clock.def} by default)
                </label>
                <input id="open-clock" type="number" inputMode="numeric" min={rules.clock.min} max={rules.clock.max} step={1} required value={clockS ?? rules.clock.def} onChange={(e) => setClockS(Number(e.target.value))} />
              </div>
            )}
            {!mayBeOff && (
              <p className="muted">{ruleset === 'dcf-inmate-gym' ? 'The DCF Inmate Gym clock is never off.' : 'With people at the table the clock is always on.'}</p>
            )}
          </fieldset>
        )}

        <label className="check">
          <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} /> List it in the open lobby (otherwise by invitation code only)
        </label>

        {adult.box}

        <button type="submit" disabled={acts.open.isPending || adult.busy}>
          Open the table
        </button>
        {acts.open.isError && <ErrorView error={acts.open.error} title="The table was not opened" />}
      </form>
    </section>
  );
}
