import type { Round, Tiebreak } from '@dcs/db';
import { type TiebreakState, TILE_POSITIONS } from '@dcs/engine';
import type { PlayerAward } from '@dcs/ranking';
import { type LiveEmit, liveEmit, liveRooms } from '../live/live-emitter';
import type { Notice } from '../notifications/notices';
import type { SeatResult } from './challenge-rows';

/**
 * What the challenge flow tells people: the texts of its notifications (stored, and pushed as
 * `notification`) and the payloads of its live events (docs/realtime.md), one builder each. Pure:
 * the flow decides, this module only words it.
 */

/** A notification row of the flow: a notice, for whom, and the key that makes a retried step notify once. */
export interface FlowNotice extends Notice {
  userId: string;
  dedupeKey: string;
}

export interface SeatingTable {
  tableId: string;
  table: number;
  gameId: string;
  seats: { seat: number; userId: string }[];
}

// ------------------------------------------------------------------ notifications

/** The challenge is cancelled (too few checked in at 12:00, or by a director): every registrant is told why. */
export function cancelledNotices(
  challenge: { id: string; localDate: string },
  userIds: readonly string[],
  reason: string,
  by: 'start' | 'director',
  /** the reason in Spanish when the flow wrote it (a director's reason is their own words) */
  reasonEs = reason,
): FlowNotice[] {
  const body = by === 'director' ? `The challenge of ${challenge.localDate} is cancelled by the director: ${reason}.` : `The challenge of ${challenge.localDate} is cancelled: ${reason}.`;
  const esBody = by === 'director' ? `El director canceló el desafío del ${challenge.localDate}: ${reasonEs}.` : `Se canceló el desafío del ${challenge.localDate}: ${reasonEs}.`;
  const es = { title: 'Desafío cancelado', body: esBody };
  return userIds.map((userId) => ({ userId, kind: 'challenge.cancelled', title: 'Challenge cancelled', body, es, data: { challengeId: challenge.id }, dedupeKey: `cancelled:${challenge.id}` }));
}

/** Too few players checked in at 12:00: the cancel reason. */
export function tooFewReason(checkedIn: number, minPlayers: number): string {
  return `only ${checkedIn} player${checkedIn === 1 ? '' : 's'} checked in; a challenge needs at least ${minPlayers}`;
}

/** The same reason in Spanish (the cancellation notice of a Spanish-speaking player). */
export function tooFewReasonEs(checkedIn: number, minPlayers: number): string {
  return `solo ${checkedIn === 1 ? 'hizo' : 'hicieron'} check-in ${checkedIn} jugador${checkedIn === 1 ? '' : 'es'}; un desafío necesita al menos ${minPlayers}`;
}

/** Each player's placement, points and prize at the end. */
export function resultNotices(challengeId: string, awards: readonly PlayerAward[]): FlowNotice[] {
  return awards.map((a) => ({
    userId: a.playerId,
    kind: 'challenge.result',
    title: 'Your result',
    body: `Placement ${a.placement}: ${a.points} ranking points${a.prizeCents ? `, prize $${(a.prizeCents / 100).toFixed(2)}` : ''}.`,
    es: { title: 'Tu resultado', body: `Puesto ${a.placement}: ${a.points} puntos de ranking${a.prizeCents ? `, premio $${(a.prizeCents / 100).toFixed(2)}` : ''}.` },
    data: { challengeId, ...a },
    dedupeKey: `result:${challengeId}`,
  }));
}

export function disqualifiedNotice(challengeId: string, userId: string, reason: string): FlowNotice {
  const es = { title: 'Descalificado', body: `Quedas descalificado de este desafío: ${reason}.` };
  return { userId, kind: 'challenge.disqualified', title: 'Disqualified', body: `You are disqualified from this challenge: ${reason}.`, es, data: { challengeId }, dedupeKey: `dq:${challengeId}` };
}

/** A stored notice pushed to its player's room as well, in the words stored for them (their account's language). */
export function noticeEmit(n: { userId: string } & Notice): LiveEmit {
  const { userId, ...notice } = n;
  return liveEmit([liveRooms.user(userId)], 'notification', { kind: notice.kind, title: notice.title, body: notice.body, data: notice.data });
}

// ------------------------------------------------------------------ live events

/** A round is seated: the whole seating to the challenge room (each player's own table goes to them as a `notification`). */
export function roundStarted(challengeId: string, round: Pick<Round, 'id' | 'number' | 'startsAt' | 'hardStopAt'>, tables: SeatingTable[]): LiveEmit {
  const startsAt = round.startsAt?.toISOString() ?? null;
  const hardStopAt = round.hardStopAt?.toISOString() ?? null;
  return liveEmit([liveRooms.challenge(challengeId)], 'round:started', { challengeId, roundId: round.id, round: round.number, startsAt, hardStopAt, tables });
}

/** A round's last table is decided: the next round and when it starts, or the challenge completed. */
export function roundFinished(challengeId: string, round: Pick<Round, 'id' | 'number'>, next: { roundId: string; round: number; startsAt: Date } | null): LiveEmit {
  return liveEmit([liveRooms.challenge(challengeId)], 'round:finished', {
    challengeId,
    roundId: round.id,
    round: round.number,
    next: next ? { roundId: next.roundId, round: next.round, startsAt: next.startsAt.toISOString() } : null,
    completed: next === null,
  });
}

/** The 30-minute hard stop: which tables it ends. */
export function roundHardStop(challengeId: string, round: Pick<Round, 'id' | 'number'>, at: Date, tables: { id: string; index: number }[]): LiveEmit {
  return liveEmit([liveRooms.challenge(challengeId)], 'round:hard-stop', { challengeId, roundId: round.id, round: round.number, at: at.toISOString(), tables: tables.map((t) => ({ tableId: t.id, table: t.index })) });
}

/** Where a table's live events go: its challenge room, its game's room and every seat's user room. */
export function tableRooms(challengeId: string, gameId: string | null, seatUserIds: readonly string[]): string[] {
  return [liveRooms.challenge(challengeId), ...(gameId ? [liveRooms.game(gameId)] : []), ...seatUserIds.map((u) => liveRooms.user(u))];
}

/** A table's result, to the challenge room and its players (a director's correction says so, with the reason). */
export function tableResult(
  t: { challengeId: string; roundId: string; round: number; tableId: string; table: number; endedBy: string | null; final: boolean; result: SeatResult[] },
  seatUserIds: readonly string[],
  correction?: { reason: string },
): LiveEmit {
  return liveEmit([liveRooms.challenge(t.challengeId), ...seatUserIds.map((u) => liveRooms.user(u))], 'table:result', {
    challengeId: t.challengeId,
    roundId: t.roundId,
    round: t.round,
    tableId: t.tableId,
    table: t.table,
    endedBy: t.endedBy,
    final: t.final,
    result: t.result,
    ...(correction ? { corrected: true, reason: correction.reason } : {}),
  });
}

/** A picking window opens: 28 face-down positions, who picks, until when. No tile identity. */
export function tiebreakOpen(tb: Pick<Tiebreak, 'id' | 'tableId' | 'challengeId' | 'closesAt'>, state: TiebreakState, gameId: string | null, rooms: string[]): LiveEmit {
  return liveEmit(rooms, 'tiebreak:open', {
    tiebreakId: tb.id,
    challengeId: tb.challengeId,
    tableId: tb.tableId,
    gameId,
    round: state.round,
    place: state.winners.length + 1,
    players: state.players,
    contenders: state.contenders,
    winners: state.winners,
    handSize: state.handSize,
    positions: TILE_POSITIONS,
    taken: state.picks.map((p) => ({ playerId: p.playerId, position: p.position })),
    version: state.version,
    closesAt: tb.closesAt.toISOString(),
  });
}

/** A tied player took a face-down position (which tile stays hidden until the window closes). */
export function tiebreakPicked(rooms: string[], tb: { id: string; tableId: string }, state: TiebreakState, playerId: string, position: number): LiveEmit {
  return liveEmit(rooms, 'tiebreak:picked', {
    tiebreakId: tb.id,
    tableId: tb.tableId,
    round: state.round,
    version: state.version,
    playerId,
    position,
    taken: state.picks.map((p) => ({ playerId: p.playerId, position: p.position })),
  });
}

/** The window closed: every pick with its tile, the outcome, and the order if the draw is decided. */
export function tiebreakReveal(rooms: string[], tb: { id: string; tableId: string; challengeId: string }, closed: TiebreakState, order: string[] | null): LiveEmit {
  const record = closed.rounds[closed.rounds.length - 1];
  return liveEmit(rooms, 'tiebreak:reveal', {
    tiebreakId: tb.id,
    tableId: tb.tableId,
    challengeId: tb.challengeId,
    round: record.round,
    place: record.place,
    contenders: record.contenders,
    picks: record.picks.map((p) => ({ playerId: p.playerId, position: p.position, tile: p.tile, auto: p.auto })),
    hands: record.hands,
    outcome: record.outcome,
    decided: order !== null,
    winners: closed.winners,
    order,
  });
}

/** A director voided a table's game and dealt a new one. */
export function tableVoided(
  t: { challengeId: string; roundId: string; round: number; tableId: string; table: number; voidedGameId: string | null; gameId: string; reason: string },
  seatUserIds: readonly string[],
): LiveEmit {
  const rooms = [liveRooms.challenge(t.challengeId), ...seatUserIds.map((u) => liveRooms.user(u)), ...(t.voidedGameId ? [liveRooms.game(t.voidedGameId)] : [])];
  return liveEmit(rooms, 'table:voided', {
    challengeId: t.challengeId,
    roundId: t.roundId,
    round: t.round,
    tableId: t.tableId,
    table: t.table,
    voidedGameId: t.voidedGameId,
    gameId: t.gameId,
    reason: t.reason,
  });
}

export function playerDisqualified(challengeId: string, userId: string, displayName: string, tableId: string | null, reason: string): LiveEmit {
  return liveEmit([liveRooms.challenge(challengeId)], 'player:disqualified', { challengeId, userId, displayName, tableId, reason });
}
