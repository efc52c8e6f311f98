import { randomBytes } from 'node:crypto';
import type { Challenge } from '@dcs/db';
import { generateBracket, isBracketError } from '@dcs/bracket';
import type { StoredBracket } from '../challenge/challenge-rows';

/** One entrant of a Regional Tournament or the NDT Finals, in seed order (`challenge.event.entrants`). */
export interface EventEntrant {
  userId: string;
  /** Regional: the Elite Six benefit; NDT: the region won. */
  benefit: string | null;
  seasonId: string | null;
  cityId: string | null;
  /** Rank in the city season (regional) or null. */
  rank: number | null;
  points: number | null;
  region: string | null;
}

/** What `challenge.event` holds for kind regional / ndt. */
export interface EventInfo {
  entrants: EventEntrant[];
  /** NDT: the WDC edition its champion qualifies for. */
  wdcYear?: number;
  /** Prize pool of the WDC edition, for display (SPEC 4: $250,000). */
  wdcPrizePoolCents?: number;
}

/**
 * The bracket of a Regional or the NDT Finals: the same single-elimination 4-player-table
 * bracket as a weekly challenge (libs/bracket), seeded in the event's entrant order (benefit,
 * then city rank — fixed when the event was created), allowing fewer than 16 players (the NDT
 * Finals is the final table alone). Entrants who did not take their seat are left out.
 */
export function eventBracket(ch: Challenge, seated: readonly string[]): StoredBracket {
  const info = ch.event as unknown as EventInfo | null;
  const order = (info?.entrants ?? []).map((e) => e.userId);
  const present = new Set(seated);
  const ordered = [...order.filter((id) => present.has(id)), ...[...seated].filter((id) => !order.includes(id)).sort()];
  const bracket = generateBracket({ players: ordered.map((id, i) => ({ id, seed: i + 1 })), seed: randomBytes(16).toString('hex'), allowSmall: true });
  if (isBracketError(bracket)) throw new Error(`bracket of ${ch.kind} ${ch.id}: ${bracket.code} ${bracket.message}`);
  return { bracket, seedingDraw: '', seasonPoints: Object.fromEntries((info?.entrants ?? []).filter((e) => present.has(e.userId)).map((e) => [e.userId, e.points ?? 0])) };
}
