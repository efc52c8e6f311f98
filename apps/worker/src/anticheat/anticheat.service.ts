import { Injectable, Logger } from '@nestjs/common';
import {
  addCoLocationGame,
  addSeat,
  analyzeGame,
  analyzeGameGeneric,
  chipDumpingCandidates,
  chipDumpingSignal,
  donorFlows,
  stakeFlows,
  coLocateGame,
  coLocationSignal,
  coSeatingSignal,
  directedSignals,
  emptyCoLocationEvidence,
  emptyPairEvidence,
  emptyPlayerEvidence,
  linkedAccountsSignal,
  mergePair,
  pairSignals,
  pairsOfGame,
  playerSignals,
  SESSION_LEAD_MS,
  signalDedupeKey,
  signalFigure,
  type GameAnalysis,
  type Signal,
} from '@dcs/anticheat';
import { AppConfig } from '@dcs/common';
import { tablePlaces, toRecord, type GameRecord } from '@dcs/engine';
import { AnticheatRepository, type FinishedGame, type RecordOutcome } from './anticheat.repository';

export interface GameJobResult {
  gameId: string;
  analysed: boolean;
  signals: { kind: string; userIds: string[]; outcome: RecordOutcome }[];
}

const SUMMARY: Record<string, string> = {
  hidden_info: 'Play agrees with hidden information beyond what the player could know',
  outcome_wins: 'Win rate far above expectation',
  outcome_points: 'Points per game far above the field',
  timing_regular: 'Bot-like regular decision times',
  timing_instant: 'Instant decisions on hard choices',
  false_knocks: 'False-knock rate far above honest mistakes',
  collusion_feeding: 'Co-seated players feeding each other beyond chance',
  collusion_false_knocks: 'False knocks that help one particular rival',
  co_seating: 'Unusually frequent co-seating',
  linked_accounts: 'Linked accounts (shared device) at one table',
  co_location: 'Players co-located (one device, address or network) at their games together far more often than honest players can be',
  hidden_info_directed: "Play that avoids one rival's real hand beyond what the player could know",
  reports: 'Community reports from several players',
  chip_dumping: 'Stake-table money flowing repeatedly from new or linked accounts to one player (chip dumping)',
};

/** How far back the chip-dumping scan reads settled stake games, and at most how many ledger lines. */
const CHIP_DUMPING_WINDOW_MS = 30 * 86_400_000;
const CHIP_DUMPING_MAX_LINES = 50_000;

/**
 * Anti-cheat detection in the worker: analyses each finished game at every kind of table once (libs/anticheat),
 * then evaluates the accumulated evidence of its players and co-seated pairs; a signal
 * over its threshold is recorded and opens (or joins) a case. Never penalises anyone.
 */
@Injectable()
export class AnticheatService {
  private readonly logger = new Logger(AnticheatService.name);

  constructor(
    private readonly repo: AnticheatRepository,
    private readonly config: AppConfig,
  ) {}

  private since(now = new Date()): Date {
    return new Date(now.getTime() - this.config.ANTICHEAT_WINDOW_DAYS * 86_400_000);
  }

  /** The game's record and per-action decision times, [hand][action], aligned with the record. */
  static inputOf(game: FinishedGame): { record: GameRecord; decisionMs: (number | null)[][]; places: number[]; seatUsers: (string | null)[] } {
    const record = toRecord(game.state);
    const decisionMs: (number | null)[][] = [];
    let k = 0;
    let aligned = true;
    for (const h of record.hands) {
      const row: (number | null)[] = [];
      for (const a of h.actions) {
        const stored = game.actions[k];
        if (aligned && stored && stored.seat === a.seat && stored.type === a.type) {
          row.push(stored.decisionMs);
          k++;
        } else {
          aligned = false; // an action the log does not hold (or a mismatch): times unknown from here
          row.push(null);
        }
      }
      decisionMs.push(row);
    }
    const places = new Array<number>(game.state.config.players).fill(0);
    for (const p of tablePlaces(game.state).places) places[p.seat] = p.place;
    const seatUsers = Array.from({ length: game.state.config.players }, (_, s) => game.seats.find((x) => x.seat === s)?.userId ?? null);
    return { record, decisionMs, places, seatUsers };
  }

  /** The job of one finished game: analyse once, then evaluate its players and pairs. Idempotent. */
  async processGame(gameId: string): Promise<GameJobResult> {
    const game = await this.repo.finishedGame(gameId);
    if (!game) return { gameId, analysed: false, signals: [] };
    let analysis: GameAnalysis;
    try {
      const input = AnticheatService.inputOf(game);
      // The full analysis replays the tournament rules (3 or 4 cut-throat seats); every other game (a house
      // ruleset, a partnership, 2 seats) gets the ruleset-independent one (docs/anticheat.md, "Every kind of table").
      const c = game.state.config;
      analysis = c.ruleset === 'dcs-tournament' && (c.players === 3 || c.players === 4) && !c.partners ? analyzeGame(input) : analyzeGameGeneric(input);
    } catch (err) {
      this.logger.warn(`game ${gameId} cannot be analysed: ${(err as Error).message}`);
      return { gameId, analysed: false, signals: [] };
    }
    const analysed = await this.repo.storeAnalysis(game, analysis);
    const users = [...new Set(game.seats.map((s) => s.userId))];
    // A generic game (a house table: people choose whom they sit with) feeds no choice-based pair evidence (co-seating, co-location, collusion); linked accounts read it.
    const signals = await this.evaluate(users, game.id, game.highStakes, analysis.basis !== 'generic');
    return { gameId, analysed, signals };
  }

  /**
   * Evaluates the players' and every pair's evidence; fired signals are recorded (dedupe key: the latest game of the
   * evidence). The pair evidence of choice — collusion, co-seating, co-location — counts only games whose seating was
   * drawn: at a house table (its generic analysis) friends, partners and households choose to sit together, so sitting
   * together there, or from one address, says nothing (docs/anticheat.md "Every kind of table"). Linked accounts (one
   * device) read every game together: a second account of one person at a stake table is what it exists to find.
   * `drawn` false when the trigger is a generic game (then only linked accounts can have changed for the pairs).
   */
  async evaluate(users: string[], triggerGameId: string | null, highStakes: boolean, drawn = true): Promise<GameJobResult['signals']> {
    const since = this.since();
    const out: GameJobResult['signals'] = [];
    const games = new Map<string, number>();
    const hidden = new Map<string, Signal>();
    // Everything the players and pairs below need, read once for all of them.
    const [features, allAmong, shared] = await Promise.all([this.repo.seatFeatures(users, since), this.repo.analysesAmong(users, since), this.repo.sharedIdentifiers(users, since)]);
    const among = allAmong.filter((t) => t.analysis.basis !== 'generic');
    const sessions = drawn ? await this.repo.sessionsInGames(users, among.map((t) => t.gameId), SESSION_LEAD_MS) : [];
    for (const u of users) {
      const rows = features.get(u) ?? [];
      games.set(u, rows.length);
      if (rows.length === 0) continue;
      const ev = emptyPlayerEvidence(u);
      for (const r of rows) addSeat(ev, r.features);
      const gameIds = rows.map((r) => r.gameId);
      const signals = playerSignals(ev);
      const h = signals.find((s) => s.kind === 'hidden_info');
      if (h) hidden.set(u, h);
      for (const s of signals) if (s.fired) out.push(await this.record(s, gameIds, triggerGameId ?? gameIds[gameIds.length - 1], highStakes));
    }
    for (let i = 0; i < users.length; i++) {
      for (let j = i + 1; j < users.length; j++) {
        const [a, b] = [users[i], users[j]];
        const both = (t: { users: string[] }) => t.users.includes(a) && t.users.includes(b);
        const together = among.filter(both);
        const ev = emptyPairEvidence(a, b);
        for (const t of together) for (const p of pairsOfGame(t.analysis)) if (p.users.includes(a) && p.users.includes(b)) mergePair(ev, p);
        const gameIds = together.map((t) => t.gameId);
        const level = triggerGameId ?? gameIds[gameIds.length - 1] ?? 'none';
        const fired: Signal[] = [];
        if (drawn) fired.push(...[...pairSignals(ev), coSeatingSignal(ev, games.get(a) ?? 0, games.get(b) ?? 0)].filter((s) => s.fired));
        // pair-directed evidence (each way; shown, never fired) and co-location at the games together;
        // the board sees the directed and per-player figures beside a co-location signal
        const colocation = drawn ? this.coLocation(a, b, sessions, new Set(gameIds), games.get(a) ?? 0, games.get(b) ?? 0) : null;
        if (colocation?.fired) {
          colocation.details.directed = directedSignals(ev).map(signalFigure);
          colocation.details.perPlayer = [a, b].flatMap((u) => (hidden.has(u) ? [signalFigure(hidden.get(u)!)] : []));
          fired.push(colocation);
        }
        const pairShared = shared.get(`${a} ${b}`) ?? { fingerprints: 0, ips: 0 };
        const linkedGames = allAmong.filter(both).map((t) => t.gameId);
        const link = linkedAccountsSignal({ users: [a, b], sharedFingerprints: pairShared.fingerprints, sharedIps: pairShared.ips, gamesTogether: Math.max(linkedGames.length, triggerGameId ? 1 : 0) });
        for (const s of fired) out.push(await this.record(s, gameIds.length ? gameIds : triggerGameId ? [triggerGameId] : [], level, highStakes));
        if (link.fired) out.push(await this.record(link, linkedGames.length ? linkedGames : triggerGameId ? [triggerGameId] : [], triggerGameId ?? linkedGames[linkedGames.length - 1] ?? 'none', highStakes));
      }
    }
    return out;
  }

  /** The co-location signal of a pair over its games together (`together`), from the sessions of those games (user_sessions). */
  private coLocation(a: string, b: string, sessions: Awaited<ReturnType<AnticheatRepository['sessionsInGames']>>, together: Set<string>, gamesA: number, gamesB: number): Signal {
    const ev = emptyCoLocationEvidence(a, b);
    for (const g of sessions) {
      if (!together.has(g.gameId)) continue;
      addCoLocationGame(ev, g.gameId, g.finishedAt.getTime(), coLocateGame(g.sessions.filter((x) => x.userId === a), g.sessions.filter((x) => x.userId === b)));
    }
    return coLocationSignal(ev, gamesA, gamesB);
  }

  private async record(s: Signal, gameIds: string[], level: string, highStakes: boolean): Promise<GameJobResult['signals'][number]> {
    const outcome = await this.repo.recordSignal({
      signal: s,
      gameIds: gameIds.slice(-200),
      dedupeKey: signalDedupeKey(s, level),
      summary: `${SUMMARY[s.kind] ?? s.kind} (${s.kind} ${s.value} vs threshold ${s.threshold}, n=${s.sampleSize})`,
      highStakes,
    });
    if (outcome === 'recorded') this.logger.log(`signal ${s.kind} on ${s.userIds.join(', ')}: ${s.value} (threshold ${s.threshold})`);
    return { kind: s.kind, userIds: s.userIds, outcome };
  }

  /**
   * The periodic batch: analyses finished games the per-game job missed (returned so the
   * processor can queue them), and rescans linked accounts that sat at one table.
   */
  async scan(): Promise<{ unanalysed: string[]; linked: number; chipDumping: number }> {
    const since = this.since();
    const unanalysed = await this.repo.unanalysedGames(since, 500);
    let linked = 0;
    for (const p of await this.repo.linkedPairsAtTables(since)) {
      const shared = (await this.repo.sharedIdentifiers([p.a, p.b], since)).get(`${p.a} ${p.b}`) ?? { fingerprints: 0, ips: 0 };
      const s = linkedAccountsSignal({ users: [p.a, p.b], sharedFingerprints: shared.fingerprints, sharedIps: shared.ips, gamesTogether: p.games });
      if (!s.fired) continue;
      // one record per amount of evidence: new games together make a new one (if the case is not already under review)
      const r = await this.record(s, p.gameIds, `scan.${p.games}`, false);
      if (r.outcome === 'recorded') linked++;
    }
    return { unanalysed, linked, chipDumping: (await this.chipDumping()).filter((r) => r.outcome === 'recorded').length };
  }

  /**
   * Chip dumping (SPEC 7): the stake games settled in the last 30 days, as flows between people from
   * their ledger lines; each player who receives repeated, one-way, concentrated flows from new or
   * linked accounts gets a signal with those ledger lines as evidence. One record per amount of
   * evidence (the dedupe level is the count of flows), so a new dumped game adds to the case.
   */
  async chipDumping(now = new Date()): Promise<GameJobResult['signals']> {
    const flows = stakeFlows(await this.repo.stakeLedgerLines(new Date(now.getTime() - CHIP_DUMPING_WINDOW_MS), CHIP_DUMPING_MAX_LINES));
    const candidates = chipDumpingCandidates(flows);
    if (candidates.length === 0) return [];
    const users = [...new Set(candidates.flatMap((c) => [c.donor, c.receiver]))];
    const [createdAt, shared] = await Promise.all([this.repo.accountsCreatedAt(users), this.repo.sharedIdentifiers(users, this.since(now))]);
    const linked = new Set([...shared].filter(([, v]) => v.fingerprints > 0 || v.ips > 0).map(([k]) => k));
    const out: GameJobResult['signals'] = [];
    for (const receiver of [...new Set(candidates.map((c) => c.receiver))].sort()) {
      const s = chipDumpingSignal(receiver, donorFlows(receiver, flows, { createdAt, linked }));
      if (!s.fired) continue;
      const gameIds = [...new Set((s.details.ledger as { gameId: string }[]).map((l) => l.gameId))];
      out.push(await this.record(s, gameIds, `chip.${s.sampleSize}`, false));
    }
    return out;
  }
}
