/** SPEC 6 Decision, the automatic chat ladder: the n-th blocked message restricts chat for 24 h, 7 days, 30 days, then for good. */
export const CHAT_LADDER_HOURS: readonly (number | null)[] = [24, 7 * 24, 30 * 24, null];

/** The restriction for a player's n-th chat violation (1-based); null hours = permanent. */
export function chatLadderStep(n: number): { step: number; hours: number | null } {
  const i = Math.min(Math.max(n, 1), CHAT_LADDER_HOURS.length) - 1;
  return { step: i + 1, hours: CHAT_LADDER_HOURS[i] };
}
