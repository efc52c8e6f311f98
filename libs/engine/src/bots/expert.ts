/**
 * The expert bot: determinised Monte-Carlo search on one seat's information.
 *
 * From the seat's knowledge (its PlayerView: its tiles, the board, tile counts,
 * scores, Grey/Yellow, and the knocks of the public log, which tell which
 * numbers a seat is void in), it samples deals of the unseen tiles consistent
 * with the counts and voids, plays each candidate move in every sampled deal
 * and rolls the hand out on the fast path with greedy play for every seat. It
 * picks the move with the best average score differential (own points minus
 * the others' mean, plus the worth of turning Yellow and of winning the game).
 * The same deals serve every candidate (common random numbers).
 *
 * Tables other than dcs-tournament (and games with forfeited seats) are
 * played greedily: the fast path plays the tournament rules only.
 */
import { FastGame, type FastPosition } from '../fast/fast-game';
import { MATCH } from '../fast/tables';
import type { RngState } from '../rng';
import { RULESETS } from '../rulesets';
import type { Action } from '../types';
import type { PlayerView } from '../views';
import type { Bot, ExpertBotOptions } from './bot-types';
import { GREY_TABLE, greedyAction, greedyMove, YELLOW_TABLE } from './greedy';
import { allowedTiles, knowledgeFromView, type SeatKnowledge } from './knowledge';
import { MiniBoard } from './mini-board';
import { makeBot } from './make-bot';
import { moveToPlay } from './moves';
import { greedyPlayout, outcomeValue } from './rollout';
import { DealSampler } from './sampler';

export const EXPERT_DEFAULTS: Required<ExpertBotOptions> = {
  rollouts: 80,
  minSamples: 6,
  maxSamples: 40,
  onBoardValue: 20,
  winValue: 60,
  rolloutThreat: true,
};

/** Reusable scratch of the search (one per bot; nothing is allocated per rollout). */
export class ExpertSearch {
  private readonly world = new FastGame(1, 4);
  private readonly game = new FastGame(1, 4);
  private readonly board = new MiniBoard();
  private readonly scratch = new MiniBoard();
  private readonly sampler = new DealSampler();
  private readonly startScores = new Int32Array(4);
  private readonly startOn = new Uint8Array(4);
  private readonly dealt: number[] = [0, 0, 0, 0, 0];
  readonly opts: Required<ExpertBotOptions>;

  constructor(opts: ExpertBotOptions = {}) {
    this.opts = { ...EXPERT_DEFAULTS, ...opts };
  }

  /** The candidate plays of the seat, the greedy choice first. */
  candidates(k: SeatKnowledge): number[] {
    const b = this.board.loadState(k.board);
    const out: number[] = [];
    if (b.tilesOnBoard === 0) {
      if (k.forcedLead >= 0) return (k.hand & (1 << k.forcedLead)) !== 0 ? [k.forcedLead << 2] : [];
      for (let m = k.hand; m !== 0; m &= m - 1) out.push((31 - Math.clz32(m & -m)) << 2);
    } else {
      const ends = b.armsOpen !== 0 ? 4 : 2;
      for (let e = 0; e < ends; e++) {
        for (let m = k.hand & MATCH[b.endVal[e]]; m !== 0; m &= m - 1) out.push(((31 - Math.clz32(m & -m)) << 2) | e);
      }
    }
    if (out.length > 1) {
      const next = (k.seat + 1) % k.players;
      const g = greedyMove(
        b,
        k.hand,
        k.forcedLead,
        k.unseen,
        k.onBoard[k.seat] ? YELLOW_TABLE : GREY_TABLE,
        k.onBoard[next] ? YELLOW_TABLE : GREY_TABLE,
        !k.onBoard[next],
        this.scratch,
      );
      const i = out.indexOf(g);
      if (i > 0) {
        out.splice(i, 1);
        out.unshift(g);
      }
    }
    return out;
  }

  /**
   * The chosen play (tile*4+end) with every candidate's mean value, or null
   * when the seat has no play. Tournament tables of 3 or 4 seats only.
   */
  search(k: SeatKnowledge, rng: RngState): { move: number; values: { move: number; value: number }[] } | null {
    const cands = this.candidates(k);
    if (cands.length === 0) return null;
    if (cands.length === 1) return { move: cands[0], values: [{ move: cands[0], value: 0 }] };
    const o = this.opts;
    const n = k.players;

    // slots: the other seats, then the sleeping tiles (3-seat table)
    const slotSeats: number[] = [];
    const need: number[] = [];
    const allowed: number[] = [];
    for (let s = 0; s < n; s++) {
      if (s === k.seat) continue;
      slotSeats.push(s);
      need.push(k.counts[s]);
      allowed.push(allowedTiles(k.voids[s]));
    }
    if (k.sleeping > 0) {
      need.push(k.sleeping);
      allowed.push(k.unseen);
    }
    this.sampler.prepare(k.unseen, need, allowed);

    const hands = [0, 0, 0, 0];
    hands[k.seat] = k.hand;
    const pos: FastPosition = {
      players: n === 3 ? 3 : 4,
      hands,
      sleeping: 0,
      scores: k.scores,
      onBoard: k.onBoard,
      turn: k.seat,
      board: k.board,
      forcedLead: k.forcedLead,
      handPoints: k.handPoints,
    };
    for (let s = 0; s < 4; s++) {
      this.startScores[s] = s < n ? k.scores[s] : 0;
      this.startOn[s] = s < n && k.onBoard[s] ? 1 : 0;
    }
    const C = cands.length;
    const totals = new Float64Array(C);
    const counts = new Int32Array(C);
    const alive = cands.map((_, c) => c);
    const dealt = this.dealt;
    const runSamples = (count: number, which: readonly number[]): void => {
      for (let i = 0; i < count; i++) {
        this.sampler.sample(rng, dealt);
        for (let j = 0; j < slotSeats.length; j++) hands[slotSeats[j]] = dealt[j];
        pos.sleeping = k.sleeping > 0 ? dealt[slotSeats.length] : 0;
        this.world.loadPosition(pos);
        for (const c of which) {
          const g = this.game;
          g.copyFrom(this.world);
          g.play(cands[c]);
          greedyPlayout(g, this.scratch, o.rolloutThreat);
          totals[c] += outcomeValue(g, k.seat, this.startScores, this.startOn, o);
          counts[c]++;
        }
      }
    };
    const mean = (c: number): number => (counts[c] > 0 ? totals[c] / counts[c] : -Infinity);
    if (C <= 2) {
      runSamples(clamp(Math.floor(o.rollouts / C), o.minSamples, o.maxSamples), alive);
    } else {
      // two stages: every candidate on the first deals, then the best third (at least two) on more
      const first = clamp(Math.floor(o.rollouts / (2 * C)), o.minSamples, o.maxSamples);
      runSamples(first, alive);
      const keep = Math.max(2, Math.ceil(C / 3));
      const ranked = alive.slice().sort((a, b) => mean(b) - mean(a) || a - b).slice(0, keep).sort((a, b) => a - b);
      const rest = clamp(Math.floor((o.rollouts - first * C) / keep), 0, o.maxSamples - first);
      runSamples(rest, ranked);
      for (let c = 0; c < C; c++) if (!ranked.includes(c)) counts[c] = -counts[c];
    }
    let best = -1;
    for (let c = 0; c < C; c++) if (counts[c] > 0 && (best < 0 || mean(c) > mean(best))) best = c;
    return { move: cands[best], values: cands.map((move, c) => ({ move, value: totals[c] / Math.abs(counts[c]) })) };
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

function searchable(view: PlayerView): boolean {
  return RULESETS[view.ruleset].tournament && (view.players === 3 || view.players === 4) && !view.forfeited.some(Boolean);
}

/** The expert's action for the viewer of `view` (on turn). Uses the view only. */
export function expertAction(view: PlayerView, rng: RngState, search: ExpertSearch): Action {
  const seat = view.viewer;
  const legal = (view.legalMoves ?? []).filter((a) => a.type !== 'reshuffle');
  if (seat === null || legal.length === 0) throw new Error('expert: the viewer has no move');
  if (legal.length === 1) return legal[0];
  if (!searchable(view)) return greedyAction(view);
  const k = knowledgeFromView(view);
  const r = search.search(k, rng);
  if (!r) return legal[0];
  return moveToPlay(seat, r.move, k.board.tilesOnBoard === 0);
}

export function expertBot(opts: ExpertBotOptions = {}): Bot {
  const search = new ExpertSearch(opts);
  return makeBot('expert', (view, rng) => expertAction(view, rng, search));
}
