/**
 * Regenerates the golden records: `npx tsx libs/engine/test/golden/generate.ts`.
 * Each NAME.json is a game played by seeded random legal moves and exported
 * with toRecord; NAME.expected.json is its replay result. Review the diff of
 * every expected file by hand before committing a regeneration: a change
 * there is a change of the rules.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';
import { createGame, hardStop, playRandomGame, replayRecord, seedRng, toRecord, type GameRecord, type RulesetId } from '../../src';

interface Spec {
  name: string;
  ruleset: RulesetId;
  players: number;
  partners?: boolean;
  settings?: Record<string, number>;
  falseKnockRate?: number;
  forfeitRate?: number;
  /** stop after this many actions (an unfinished game), or apply the hard stop there */
  maxActions?: number;
  hardStop?: boolean;
}

const specs: Spec[] = [];
const add = (ruleset: RulesetId, variants: Omit<Spec, 'name' | 'ruleset'>[]) =>
  variants.forEach((v, i) => specs.push({ name: `${ruleset}-${String(i + 1).padStart(2, '0')}`, ruleset, ...v }));

add('dcs-tournament', [
  { players: 4 }, { players: 4 }, { players: 4 }, { players: 4, falseKnockRate: 0.05 }, { players: 4, falseKnockRate: 0.1 },
  { players: 4 }, { players: 3 }, { players: 3, falseKnockRate: 0.05 }, { players: 4, forfeitRate: 0.01 },
  { players: 4, maxActions: 90, hardStop: true }, { players: 4, maxActions: 40 }, { players: 4 },
]);
for (const ruleset of ['citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym'] as const) {
  add(ruleset, [
    { players: 2 }, { players: 3 }, { players: 4 }, { players: 4, partners: true }, { players: 2, settings: { handSize: 9 } },
    { players: 3, settings: { handSize: 9, minScore: 5 } }, { players: 2, settings: { target: 250 } },
    { players: 4, partners: true, settings: { target: 250 } }, { players: 3, settings: { getOn: 20 } },
    { players: 2, settings: { minScore: 5, getOn: ruleset === 'inmate' ? 10 : 0 } }, { players: 3, forfeitRate: 0.01 }, { players: 4, maxActions: 50 },
  ]);
}

const dir = __dirname;
for (const spec of specs) {
  const g = createGame({ ruleset: spec.ruleset, players: spec.players, partners: spec.partners, settings: spec.settings, seed: `golden-${spec.name}` });
  if (!g.ok) throw new Error(`${spec.name}: ${g.error.message}`);
  let state = playRandomGame(g.state, seedRng(`golden-play-${spec.name}`), {
    falseKnockRate: spec.falseKnockRate,
    forfeitRate: spec.forfeitRate,
    reshuffleRate: 0.5,
    maxActions: spec.maxActions,
  }).state;
  if (spec.hardStop) {
    const r = hardStop(state);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  const record: GameRecord = toRecord(state);
  writeFileSync(join(dir, `${spec.name}.json`), JSON.stringify(record, null, 1) + '\n');
  writeFileSync(join(dir, `${spec.name}.expected.json`), JSON.stringify(replayRecord(record), null, 1) + '\n');
}

// Invalid records: a few whole-game error cases (every code has its own test in record.spec.ts).
const fresh = createGame({ ruleset: 'citizen', players: 2, seed: 'golden-errors' });
if (!fresh.ok) throw new Error(fresh.error.message);
const base = toRecord(fresh.state);
const leader = fresh.state.hands[0].pendingLead?.seat ?? 0;
const finished: GameRecord = toRecord(playRandomGame(fresh.state, seedRng("golden-errors")).state);
const errors: Record<string, unknown> = {
  'error-invalid-record': { ruleset: 'citizen', players: 2 },
  'error-invalid-settings': { ...base, settings: { getOn: 25 } },
  'error-wrong-turn': { ...base, hands: [{ ...base.hands[0], actions: [{ seat: 1 - leader, type: 'knock' }] }] },
  'error-game-over': { ...finished, hands: [...finished.hands, finished.hands[0]] },
};
for (const [name, rec] of Object.entries(errors)) {
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(rec, null, 1) + '\n');
  writeFileSync(join(dir, `${name}.expected.json`), JSON.stringify(replayRecord(rec), null, 1) + '\n');
}
console.log(`${specs.length} games and ${Object.keys(errors).length} invalid records written to ${dir}`);
