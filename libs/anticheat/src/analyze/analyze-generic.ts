/**
 * The ruleset-independent analysis of a finished game that the full analysis (analyze-game.ts: the
 * engine's fast path, dcs-tournament games of 3 or 4 cut-throat seats) cannot replay: a house table's
 * ruleset (Citizen, Inmate, Mook Camp Fitness, DCF Inmate Gym), a partnership, 2 seats. It replays the
 * record with the engine's own rules and measures what holds under every ruleset:
 * - timing: the server-measured decision time (ln ms) of every choice with two or more legal moves;
 * - the outcome: final points, place and win (kept for the board to read; the evidence does not add
 *   them up: points and wins are on the tournament's scale there, see docs/anticheat.md).
 * What assumes the tournament's rules is not measured, each with its reason in `skipped`. In a
 * partnership a partner's hand is hidden from the partner as from everyone else: nothing here reads
 * any hidden hand.
 */
import { apply, createGameFromRecordHeader, currentHand, legalMoves, startHand } from '@dcs/engine';
import { ANALYSIS_VERSION, emptySeat, type AnalyzeInput, type GameAnalysis, type SeatFeatures } from './features';
import { placesFromScores } from './analyze-game';

/** The signals the generic analysis cannot feed, and why (docs/anticheat.md, "Every kind of table"). */
export const GENERIC_SKIPPED: readonly { kind: string; reason: string }[] = [
  { kind: 'hidden_info', reason: 'the omniscient valuation replays the tournament rules only (the fast path)' },
  { kind: 'hidden_info_directed', reason: 'the threat valuation replays the tournament rules only' },
  { kind: 'collusion_feeding', reason: 'feeding is measured on the fast path (tournament rules only)' },
  { kind: 'collusion_false_knocks', reason: 'a knock with a playable tile is refused outside the tournament rules: there are no false knocks' },
  { kind: 'false_knocks', reason: 'a knock with a playable tile is refused outside the tournament rules' },
  { kind: 'timing_instant', reason: 'a hard choice is defined by the omniscient valuation (tournament rules only)' },
  { kind: 'outcome_wins', reason: 'wins are expected on the tournament scale (1 in 3 or 4); a partnership shares its win' },
  { kind: 'outcome_points', reason: 'points are on each ruleset\'s own scale, not the tournament field\'s' },
];

/** Analyses a finished game of any ruleset and seat count (see above). Throws on a record the engine refuses from its header. */
export function analyzeGameGeneric(input: AnalyzeInput): GameAnalysis {
  const rec = input.record;
  const n = rec.players;
  const created = createGameFromRecordHeader({ ruleset: rec.ruleset, settings: rec.settings, players: n, partners: rec.partners });
  if (!created.ok) throw new Error(`analyzeGameGeneric: ${created.error.message}`);
  const seats: SeatFeatures[] = Array.from({ length: n }, (_, s) => ({ ...emptySeat(s, input.seatUsers[s] ?? null, n), basis: 'generic' as const }));
  let state = created.state;
  let actions = 0;
  let complete = true;
  outer: for (let hi = 0; hi < rec.hands.length; hi++) {
    const hand = rec.hands[hi];
    const started = startHand(state, hand.deal, hand.yard ?? []);
    if (!started.ok) {
      complete = false;
      break;
    }
    state = started.state;
    for (let ai = 0; ai < hand.actions.length; ai++) {
      const action = hand.actions[ai];
      const h = currentHand(state);
      const ms = input.decisionMs?.[hi]?.[ai];
      if (h && h.turn === action.seat && action.type !== 'forfeit' && typeof ms === 'number' && ms >= 0 && legalMoves(state, action.seat).length >= 2) {
        const f = seats[action.seat];
        const l = Math.log(Math.max(ms, 1));
        f.timedChoices++;
        f.logMsSum += l;
        f.logMsSq += l * l;
      }
      const r = apply(state, action);
      if (!r.ok) {
        complete = false;
        break outer;
      }
      state = r.state;
      actions++;
    }
  }
  const places = input.places ?? placesFromScores(state.scores);
  for (let s = 0; s < n; s++) {
    seats[s].points = state.scores[s];
    seats[s].place = places[s];
    seats[s].won = places[s] === 1 ? 1 : 0;
  }
  return { version: ANALYSIS_VERSION, players: n, basis: 'generic', ruleset: rec.ruleset, partners: !!rec.partners, skipped: [...GENERIC_SKIPPED], actions, complete, seats, pairs: [] };
}
