/**
 * The five rulesets and their table settings (SPEC 1.1, 1.5, 1.6).
 */
import type { EngineError, GameConfig, RulesetId, Settings } from './types';
import type { Tile } from './tiles';

export interface RulesetDef {
  id: RulesetId;
  /** tournament: Grey/Yellow scoring, knocks (false knocks accepted), no yard to draw from */
  tournament: boolean;
  /** the double that leads the first hand */
  houseDouble: 6 | 0;
  playerCounts: readonly number[];
  defaults: Settings;
  allowedGetOn: readonly number[];
  allowedMinScore: readonly number[];
  allowedTarget: readonly number[];
}

export const RULESET_IDS: readonly RulesetId[] = ['dcs-tournament', 'citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym'];

const HOUSE_MIN_SCORE = [5, 10] as const;
const HOUSE_TARGETS = [150, 250] as const;

export const RULESETS: Readonly<Record<RulesetId, RulesetDef>> = {
  'dcs-tournament': {
    id: 'dcs-tournament',
    tournament: true,
    houseDouble: 6,
    // 3: the odd round-1 table of SPEC 3.2 (7 tiles sleep)
    playerCounts: [3, 4],
    // getOn/minScore describe the Grey/Yellow rule for display only: exactly 10 gets on, then any multiple of 5
    defaults: { getOn: 10, minScore: 5, target: 150, handSize: 7 },
    allowedGetOn: [10],
    allowedMinScore: [5],
    allowedTarget: [150],
  },
  citizen: {
    id: 'citizen',
    tournament: false,
    houseDouble: 6,
    playerCounts: [2, 3, 4],
    defaults: { getOn: 10, minScore: 10, target: 150, handSize: 7 },
    allowedGetOn: [0, 5, 10, 15, 20],
    allowedMinScore: HOUSE_MIN_SCORE,
    allowedTarget: HOUSE_TARGETS,
  },
  'mook-camp-fitness': {
    id: 'mook-camp-fitness',
    tournament: false,
    houseDouble: 6,
    playerCounts: [2, 3, 4],
    defaults: { getOn: 10, minScore: 5, target: 150, handSize: 7 },
    allowedGetOn: [0, 5, 10, 15, 20],
    allowedMinScore: HOUSE_MIN_SCORE,
    allowedTarget: HOUSE_TARGETS,
  },
  inmate: {
    id: 'inmate',
    tournament: false,
    houseDouble: 0,
    playerCounts: [2, 3, 4],
    defaults: { getOn: 15, minScore: 10, target: 150, handSize: 7 },
    allowedGetOn: [10, 15, 20],
    allowedMinScore: HOUSE_MIN_SCORE,
    allowedTarget: HOUSE_TARGETS,
  },
  'dcf-inmate-gym': {
    id: 'dcf-inmate-gym',
    tournament: false,
    houseDouble: 0,
    playerCounts: [2, 3, 4],
    defaults: { getOn: 0, minScore: 10, target: 150, handSize: 7 },
    allowedGetOn: [0, 10, 15, 20],
    allowedMinScore: HOUSE_MIN_SCORE,
    allowedTarget: HOUSE_TARGETS,
  },
};

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === 'string' && (RULESET_IDS as readonly string[]).includes(value);
}

export function rulesetOf(config: GameConfig): RulesetDef {
  return RULESETS[config.ruleset];
}

/** The doubles in the order they lead: 6-6, 5-5 … 0-0 after a double six; 0-0, 1-1 … 6-6 after a double blank. */
export function doublesInLeadOrder(def: RulesetDef): Tile[] {
  const out: Tile[] = [];
  for (let i = 0; i <= 6; i++) {
    const v = def.houseDouble === 6 ? 6 - i : i;
    out.push(`${v}-${v}`);
  }
  return out;
}

const SETTING_KEYS: readonly (keyof Settings)[] = ['getOn', 'minScore', 'target', 'handSize'];

type ConfigResult = { ok: true; config: GameConfig } | { ok: false; error: EngineError };

function invalid(message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code: 'INVALID_SETTINGS', message } };
}

/**
 * Validates a table: ruleset, player count, partners and settings. An unknown
 * ruleset or a value of the wrong type is INVALID_RECORD; a value the ruleset
 * does not allow is INVALID_SETTINGS.
 */
export function resolveConfig(input: {
  ruleset: unknown;
  settings?: unknown;
  players: unknown;
  partners?: unknown;
  singleHand?: unknown;
}): ConfigResult {
  if (!isRulesetId(input.ruleset)) {
    return { ok: false, error: { code: 'INVALID_RECORD', message: `unknown ruleset ${JSON.stringify(input.ruleset)}` } };
  }
  const def = RULESETS[input.ruleset];
  const players = input.players;
  if (typeof players !== 'number' || !Number.isInteger(players)) {
    return { ok: false, error: { code: 'INVALID_RECORD', message: 'players must be an integer' } };
  }
  if (!def.playerCounts.includes(players)) {
    return invalid(`${def.id} is played by ${def.playerCounts.join(' or ')} players, not ${players}`);
  }
  const partnersRaw = input.partners ?? false;
  if (typeof partnersRaw !== 'boolean') {
    return { ok: false, error: { code: 'INVALID_RECORD', message: 'partners must be a boolean' } };
  }
  if (partnersRaw && (def.tournament || players !== 4)) {
    return invalid(def.tournament ? 'the tournament is cut-throat: no partners' : 'partners need 4 players');
  }
  const raw = input.settings ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: { code: 'INVALID_RECORD', message: 'settings must be an object' } };
  }
  const given = raw as Record<string, unknown>;
  const settings: Settings = { ...def.defaults };
  for (const key of Object.keys(given)) {
    if (!(SETTING_KEYS as readonly string[]).includes(key)) return invalid(`unknown setting ${JSON.stringify(key)}`);
    const value = given[key];
    if (typeof value !== 'number' || !Number.isInteger(value)) return invalid(`setting ${key} must be an integer`);
    settings[key as keyof Settings] = value;
  }
  if (!def.allowedGetOn.includes(settings.getOn)) {
    return invalid(`${def.id}: getOn ${settings.getOn} is not allowed (allowed: ${def.allowedGetOn.join(', ')})`);
  }
  if (!def.allowedMinScore.includes(settings.minScore)) {
    return invalid(`${def.id}: minScore ${settings.minScore} is not allowed (allowed: ${def.allowedMinScore.join(', ')})`);
  }
  if (!def.allowedTarget.includes(settings.target)) {
    return invalid(`${def.id}: target ${settings.target} is not allowed (allowed: ${def.allowedTarget.join(', ')})`);
  }
  const handSizes = def.tournament || players === 4 ? [7] : [7, 9];
  if (!handSizes.includes(settings.handSize)) {
    return invalid(`${def.id} with ${players} players deals ${handSizes.join(' or ')} tiles, not ${settings.handSize}`);
  }
  const singleHand = input.singleHand ?? false;
  if (typeof singleHand !== 'boolean') {
    return { ok: false, error: { code: 'INVALID_RECORD', message: 'singleHand must be a boolean' } };
  }
  // One hand only where every tile is dealt (the 6-6 is always held): a 4-player tournament table, a duplicate board.
  if (singleHand && (!def.tournament || players !== 4)) return invalid('a single-hand game is a 4-player dcs-tournament table');
  const config: GameConfig = { ruleset: def.id, settings, players, partners: partnersRaw };
  if (singleHand) config.singleHand = true;
  return { ok: true, config };
}

/** The settings a record writes: none for the tournament (they are fixed), all four for a house table. */
export function recordSettings(config: GameConfig): Partial<Settings> {
  return RULESETS[config.ruleset].tournament ? {} : { ...config.settings };
}
