/**
 * The texts of the notifications about a player's table, stored (GET /me/notifications) and pushed
 * live (`notification`) from one builder, so both carry the same words and the same ids.
 * Data fields are 0-based like everywhere in the API (`table`, `seat`); the human text is 1-based
 * ("table 3, seat 2" for table 2, seat 1), as a player counts.
 */
export interface Notice {
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  /**
   * Issue 24: the same notice in Spanish, worded by the same builder. storeNotifications keeps the text of each
   * recipient's language (users.locale); a notice without it is stored in English for everyone.
   */
  es?: { title: string; body: string };
}

export interface SeatedAt {
  challengeId: string;
  roundId: string;
  round: number;
  /** 0-based table index within the round */
  table: number;
  tableId: string;
  gameId: string;
  /** 0-based seat */
  seat: number;
  hardStopAt: Date | null;
}

/** A round is seated: where the player sits, and until when the round runs. */
export function seatedNotice(s: SeatedAt): Notice {
  const hardStopAt = s.hardStopAt?.toISOString() ?? null;
  return {
    kind: 'table.seated',
    title: `Round ${s.round}: your table`,
    body: `You sit at table ${s.table + 1}, seat ${s.seat + 1}. The round ends at the latest at ${hardStopAt}.`,
    es: { title: `Ronda ${s.round}: tu mesa`, body: `Te sientas en la mesa ${s.table + 1}, asiento ${s.seat + 1}. La ronda termina a más tardar el ${hardStopAt}.` },
    data: { challengeId: s.challengeId, roundId: s.roundId, round: s.round, table: s.table, tableId: s.tableId, gameId: s.gameId, seat: s.seat, hardStopAt },
  };
}

/** The player is tied across a place that matters at their table: pick within the window. */
export function tiebreakNotice(t: { challengeId: string; tiebreakId: string; tableId: string; gameId: string | null; closesAt: Date }): Notice {
  return {
    kind: 'tiebreak.started',
    title: '6-4/5-5 tiebreaker draw',
    body: 'You are tied at your table: pick 7 of the 28 face-down tiles within 5 seconds.',
    es: { title: 'Sorteo de desempate 6-4/5-5', body: 'Estás empatado en tu mesa: elige 7 de las 28 fichas boca abajo en 5 segundos.' },
    data: { challengeId: t.challengeId, tiebreakId: t.tiebreakId, tableId: t.tableId, gameId: t.gameId, closesAt: t.closesAt.toISOString() },
  };
}
