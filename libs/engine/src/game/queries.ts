/**
 * What a game shows without changing it: the legal moves of a seat and a hand's lead.
 */
import { acceptingEnds } from '../board';
import type { Action, GameState, HandLead, HandState } from '../types';
import { currentHand, def, isActive } from './draft';
import { resolvePendingLead } from './hands';

/**
 * The actions `seat` may take now, by the book: plays (with their end), a
 * draw or a knock when it cannot play, a doubles reshuffle when entitled. A
 * false knock (accepted at tournament tables) is not a legal move and is not listed.
 */
export function legalMoves(state: GameState, seat: number): Action[] {
  const h = currentHand(state);
  if (state.finished || !h || seat < 0 || seat >= state.config.players || !isActive(state, seat)) return [];
  const out: Action[] = [];
  if (!h.board.lead && !def(state).tournament && h.dealtDoubles[seat] >= 5) out.push({ seat, type: 'reshuffle' });
  if (h.turn !== seat) return out;
  if (!h.board.lead) {
    const required = h.pendingLead?.tile ?? null;
    for (const tile of h.holdings[seat]) if (required === null || tile === required) out.push({ seat, type: 'play', tile });
    return out;
  }
  for (const tile of h.holdings[seat]) {
    for (const end of acceptingEnds(h.board, tile)) out.push({ seat, type: 'play', tile, end });
  }
  if (out.some((a) => a.type === 'play')) return out;
  out.push(h.yardDrawable && h.yard.length > 0 ? { seat, type: 'draw' } : { seat, type: 'knock' });
  return out;
}

/**
 * A hand's SPEC 1.8 `lead`: the tile led and why; or, when no tile was led (the hand waits for its lead, or ended
 * before one: a reshuffle as its first action, nobody holding the double needed, a forfeit or a hard stop), `tile`
 * null and who was due to lead when it ended, and why — `seat` null when nobody held the double needed.
 */
export function handLead(state: GameState, h: HandState): HandLead {
  if (h.lead) return { ...h.lead };
  if (h.pendingLead) return { seat: h.pendingLead.seat, tile: null, reason: h.pendingLead.reason };
  // Ended before a lead: due among the seats still playing when it ended (before the lead nobody draws, so the
  // holdings are the deal; a seat that forfeited in this hand or an earlier one was no longer due).
  const out = new Set(state.hands.slice(0, h.index + 1).flatMap((x) => x.actions.filter((a) => a.type === 'forfeit').map((a) => a.seat)));
  const due = resolvePendingLead(state, h, (seat) => !out.has(seat));
  if (due) return { seat: due.seat, tile: null, reason: due.reason };
  return { seat: null, tile: null, reason: h.leadRule.kind === 'double' && h.leadRule.context === 'after-lock' ? 'after-lock' : 'house-double' };
}
