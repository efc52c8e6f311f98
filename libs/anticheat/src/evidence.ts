/**
 * Accumulated evidence: per player and per unordered pair of players, the
 * additive sums of the per-game features (analyze/). Adding a game is a sum,
 * so the worker can keep running totals or re-add stored features.
 */
import type { GameAnalysis, PairFeatures, SeatFeatures } from './analyze';

export interface PlayerEvidence {
  userId: string;
  games: number;
  choices: number;
  ownMatches: number;
  advSum: number;
  advSq: number;
  /** the advantage with the threat-aware valuation: choices measured, sum, sum of squares */
  advThreatN: number;
  advThreatSum: number;
  advThreatSq: number;
  replyN: number;
  replySum: number;
  replySq: number;
  seatAdvSum: number;
  seatAdvSq: number;
  hiddenPoints: number;
  hiddenHits: number;
  omniGain: number;
  omniGainSq: number;
  timedChoices: number;
  logMsSum: number;
  logMsSq: number;
  hardChoices: number;
  hardInstant: number;
  playTurns: number;
  falseKnocks: number;
  wins: number;
  /** sum over games of 1/players: the wins a player of the field's strength expects */
  expectedWins: number;
  points: number;
  pointsSq: number;
}

/** The reply advantage of one player towards one rival (the seat right after it): sums over reply choices. */
export interface DirectedReply {
  n: number;
  sum: number;
  sq: number;
}

export interface PairEvidence {
  /** the two user ids, sorted */
  users: [string, string];
  /** pair-directed reply advantage: [users[0] → users[1], users[1] → users[0]] (when the rival sat right after) */
  replies: [DirectedReply, DirectedReply];
  gamesTogether: number;
  feedOpps: number;
  feedObs: number;
  feedExp: number;
  feedVar: number;
  falseKnockHelps: number;
  /** false knocks of both players in their games together */
  falseKnocks: number;
}

export function emptyPlayerEvidence(userId: string): PlayerEvidence {
  return {
    userId,
    games: 0,
    choices: 0,
    ownMatches: 0,
    advSum: 0,
    advSq: 0,
    advThreatN: 0,
    advThreatSum: 0,
    advThreatSq: 0,
    replyN: 0,
    replySum: 0,
    replySq: 0,
    seatAdvSum: 0,
    seatAdvSq: 0,
    hiddenPoints: 0,
    hiddenHits: 0,
    omniGain: 0,
    omniGainSq: 0,
    timedChoices: 0,
    logMsSum: 0,
    logMsSq: 0,
    hardChoices: 0,
    hardInstant: 0,
    playTurns: 0,
    falseKnocks: 0,
    wins: 0,
    expectedWins: 0,
    points: 0,
    pointsSq: 0,
  };
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function emptyPairEvidence(a: string, b: string): PairEvidence {
  return {
    users: a < b ? [a, b] : [b, a],
    replies: [
      { n: 0, sum: 0, sq: 0 },
      { n: 0, sum: 0, sq: 0 },
    ],
    gamesTogether: 0,
    feedOpps: 0,
    feedObs: 0,
    feedExp: 0,
    feedVar: 0,
    falseKnockHelps: 0,
    falseKnocks: 0,
  };
}

/** Adds one game's features of a seat to a player's evidence (in place; returns it). */
export function addSeat(ev: PlayerEvidence, f: SeatFeatures): PlayerEvidence {
  if (f.basis === 'generic') {
    // A game of another ruleset (analyze-generic.ts): only its decision times are on the same scale.
    ev.timedChoices += f.timedChoices;
    ev.logMsSum += f.logMsSum;
    ev.logMsSq += f.logMsSq;
    return ev;
  }
  ev.games++;
  ev.choices += f.choices;
  ev.ownMatches += f.ownMatches;
  ev.advSum += f.advSum;
  ev.advSq += f.advSq;
  // features stored before the threat view (analysis version 1) have none: their choices do not count in it
  ev.advThreatN += f.advThreatN ?? 0;
  ev.advThreatSum += f.advThreatSum ?? 0;
  ev.advThreatSq += f.advThreatSq ?? 0;
  ev.replyN += f.replyN;
  ev.replySum += f.replySum;
  ev.replySq += f.replySq;
  ev.seatAdvSum += f.seatAdvSum;
  ev.seatAdvSq += f.seatAdvSq;
  ev.hiddenPoints += f.hiddenPoints;
  ev.hiddenHits += f.hiddenHits;
  ev.omniGain += f.omniGain;
  ev.omniGainSq += f.omniGainSq;
  ev.timedChoices += f.timedChoices;
  ev.logMsSum += f.logMsSum;
  ev.logMsSq += f.logMsSq;
  ev.hardChoices += f.hardChoices;
  ev.hardInstant += f.hardInstant;
  ev.playTurns += f.playTurns;
  ev.falseKnocks += f.falseKnocks;
  ev.wins += f.won;
  ev.expectedWins += 1 / f.players;
  ev.points += f.points;
  ev.pointsSq += f.points * f.points;
  return ev;
}

/** Adds a directed pair's features (either direction) to the unordered pair's evidence (in place). */
export function addPairFeatures(ev: PairEvidence, p: PairFeatures): PairEvidence {
  ev.feedOpps += p.feedOpps;
  ev.feedObs += p.feedObs;
  ev.feedExp += p.feedExp;
  ev.feedVar += p.feedVar;
  ev.falseKnockHelps += p.falseKnockHelps;
  return ev;
}

/** The unordered pairs of users seated together in a game, with what they did for each other in it. */
export function pairsOfGame(a: GameAnalysis): PairEvidence[] {
  const out = new Map<string, PairEvidence>();
  const users = a.seats.map((s) => s.userId);
  for (let i = 0; i < users.length; i++) {
    for (let j = i + 1; j < users.length; j++) {
      const u = users[i];
      const v = users[j];
      if (!u || !v || u === v) continue;
      const ev = emptyPairEvidence(u, v);
      ev.gamesTogether = 1;
      ev.falseKnocks = a.seats[i].falseKnocks + a.seats[j].falseKnocks;
      out.set(pairKey(u, v), ev);
    }
  }
  for (const p of a.pairs) {
    if (!p.fromUser || !p.toUser || p.fromUser === p.toUser) continue;
    const ev = out.get(pairKey(p.fromUser, p.toUser));
    if (ev) addPairFeatures(ev, p);
  }
  // a seat's reply advantage is about the seat right after it: the directed pair (seat → next)
  for (const f of a.seats) {
    const to = a.seats.find((x) => x.seat === (f.seat + 1) % a.players)?.userId;
    if (!f.userId || !to || f.userId === to) continue;
    const ev = out.get(pairKey(f.userId, to));
    if (!ev) continue;
    const r = ev.replies[f.userId === ev.users[0] ? 0 : 1];
    r.n += f.replyN;
    r.sum += f.replySum;
    r.sq += f.replySq;
  }
  return [...out.values()];
}

/** Sums pair evidence (in place into `into`). */
export function mergePair(into: PairEvidence, add: PairEvidence): PairEvidence {
  into.gamesTogether += add.gamesTogether;
  into.feedOpps += add.feedOpps;
  into.feedObs += add.feedObs;
  into.feedExp += add.feedExp;
  into.feedVar += add.feedVar;
  into.falseKnockHelps += add.falseKnockHelps;
  into.falseKnocks += add.falseKnocks;
  for (const d of [0, 1] as const) {
    into.replies[d].n += add.replies[d].n;
    into.replies[d].sum += add.replies[d].sum;
    into.replies[d].sq += add.replies[d].sq;
  }
  return into;
}
