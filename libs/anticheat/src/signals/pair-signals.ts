/** The signals about two players: feeding, false knocks that help, co-seating, linked accounts, co-location and the directed reply advantage. */
import type { CoLocationEvidence } from '../colocation';
import type { DirectedReply, PairEvidence } from '../evidence';
import { binomialTailZ, meanZ, normalTail, poissonBinomialZ, rareCountZ, sdFromSums } from '../stats';
import { DEFAULT_BASELINES, DEFAULT_THRESHOLDS } from './calibration';
import { r4, sig, type Signal } from './signal';

/** Feeding: z of the plays that left the next rival a scoring play (with its real hand) against chance. */
export function feedingSignal(ev: PairEvidence, t = DEFAULT_THRESHOLDS): Signal {
  const z = poissonBinomialZ(ev.feedObs, ev.feedExp, ev.feedVar);
  return sig('collusion_feeding', [...ev.users], z, t.z, { expected: r4(ev.feedExp) }, ev.feedOpps, ev.feedOpps >= t.minFeedOpps && ev.gamesTogether >= t.minGamesTogether, {
    feeds: ev.feedObs,
    opportunities: ev.feedOpps,
    gamesTogether: ev.gamesTogether,
  });
}

/** False knocks that helped the other player of the pair: z (exact Poisson tail) of helps among the pair's false knocks together. */
export function falseKnockHelpSignal(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const z = rareCountZ(ev.falseKnockHelps, ev.falseKnocks, b.falseKnockHelpShare);
  return sig('collusion_false_knocks', [...ev.users], z, t.z, { helpShare: b.falseKnockHelpShare }, ev.falseKnocks, ev.falseKnockHelps >= t.minFalseKnockHelps, {
    helps: ev.falseKnockHelps,
    falseKnocks: ev.falseKnocks,
    gamesTogether: ev.gamesTogether,
  });
}

/**
 * Unusual co-seating: the games two players played together as a share of the
 * busier player's games (value: that share; fires at `coSeatShare` with
 * `minCoSeatGames` together). Brackets seat players by seed, so two accounts
 * that nearly always sit together have arranged it.
 */
export function coSeatingSignal(ev: PairEvidence, gamesA: number, gamesB: number, t = DEFAULT_THRESHOLDS): Signal {
  const denom = Math.max(1, gamesA, gamesB);
  const share = ev.gamesTogether / denom;
  return sig('co_seating', [...ev.users], share, t.coSeatShare, {}, ev.gamesTogether, ev.gamesTogether >= t.minCoSeatGames, {
    gamesTogether: ev.gamesTogether,
    gamesA,
    gamesB,
  });
}

/** Every pair signal except co-seating (which needs the players' totals). */
export function pairSignals(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal[] {
  return [feedingSignal(ev, t), falseKnockHelpSignal(ev, b, t)];
}

export interface AccountLink {
  users: [string, string];
  /** fingerprint hashes both accounts used */
  sharedFingerprints: number;
  /** IP addresses both accounts used */
  sharedIps: number;
  /** games the two played at one table */
  gamesTogether: number;
}

/**
 * Linked accounts at one table — the strongest signal: two accounts that used one device
 * (the same fingerprint hash) and sat at the same table. Value: the number of shared device
 * hashes; fires at 1 with one game together. A shared IP address alone does not fire here
 * (households, cafés and campus networks share addresses): it is shown, and how often a pair
 * is co-located at its games is the co-location signal's (`coLocationSignal`), tested against
 * the honest base rate.
 */
export function linkedAccountsSignal(link: AccountLink): Signal {
  const users: string[] = link.users[0] < link.users[1] ? [link.users[0], link.users[1]] : [link.users[1], link.users[0]];
  return sig('linked_accounts', users, link.sharedFingerprints, 1, {}, link.gamesTogether, link.gamesTogether >= 1, {
    sharedFingerprints: link.sharedFingerprints,
    sharedIps: link.sharedIps,
    gamesTogether: link.gamesTogether,
  });
}

/**
 * Co-location at one table: the games in which two players sat at one table while sharing
 * a device, an IP address or a network (or alternating on one address), against the most
 * an honest pair can show. A household, a café or a campus /24 shares an address every time
 * its members meet, so the honest bound is the rate at which they meet: `coLocationRate` per
 * game of the less active of the two. Value: z of the exact binomial tail of the co-located
 * games out of that player's games; fires at z ≥ `z` with at least `minCoLocatedGames`
 * co-located games (never one shared game). The details carry the shared addresses, the
 * games and a timeline: they reach reviewers only (a case's summary never names them).
 */
export function coLocationSignal(ev: CoLocationEvidence, gamesA: number, gamesB: number, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const n = Math.max(ev.gamesTogether, Math.min(gamesA, gamesB));
  const z = binomialTailZ(ev.colocatedGames, n, b.coLocationRate);
  return sig('co_location', [...ev.users], z, t.z, { coLocationRate: b.coLocationRate }, n, ev.colocatedGames >= t.minCoLocatedGames, {
    colocatedGames: ev.colocatedGames,
    gamesTogether: ev.gamesTogether,
    gamesA,
    gamesB,
    ...ev.levels,
    expectedAtMost: r4(n * b.coLocationRate),
    pValue: normalTail(z),
    ips: ev.ips.slice(0, 20),
    networks: ev.networks.slice(0, 20),
    devices: ev.devices.slice(0, 20),
    timeline: ev.games.slice(-50).map((g) => ({ gameId: g.gameId, at: new Date(g.at).toISOString(), level: g.level, ips: g.ips, networks: g.networks, devices: g.devices, switches: g.switches })),
  });
}

/**
 * Pair-directed hidden-information evidence: the reply advantage of `from` towards the rival
 * seated right after it (did `from` avoid the plays that really left that rival a score, beyond
 * what its own information predicted?) over their games together, against the honest mean.
 * A peeker who watches one opponent shows it towards that opponent. Value: z of the mean with
 * the pair's own spread. **Shown, never fired**: the board reads it beside the per-player figure
 * on a co-location case. Measured over 1,000 games (docs/anticheat.md): at z 4.5 it flagged 2 of 40
 * honest players by 500 games — each player has dozens of directed pairs, each tested at a few
 * hundred reply choices, and the reply advantage's honest mean depends on how a player judges plays.
 */
export function directedReplySignal(from: string, to: string, r: DirectedReply, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const sd = sdFromSums(r.n, r.sum, r.sq);
  const z = meanZ(r.sum, r.n, b.replyAdvantageMean, sd);
  return sig('hidden_info_directed', [from, to], z, t.z, { replyAdvantageMean: b.replyAdvantageMean }, r.n, false, {
    from,
    to,
    replyChoices: r.n,
    meanReplyAdvantage: r4(r.n > 0 ? r.sum / r.n : 0),
    sdReplyAdvantage: r4(sd),
    pValue: normalTail(z),
  });
}

/** Both directions of a pair's directed evidence ([users[0] → users[1], users[1] → users[0]]). */
export function directedSignals(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): [Signal, Signal] {
  return [directedReplySignal(ev.users[0], ev.users[1], ev.replies[0], b, t), directedReplySignal(ev.users[1], ev.users[0], ev.replies[1], b, t)];
}
