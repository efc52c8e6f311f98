/**
 * Judges one decision of one seat against the expert's valuation, given only what
 * that seat knew at that moment (its PlayerView: its tiles, the board, every seat's
 * tile count, the scores, Grey/Yellow, and the numbers each seat knocked on).
 *
 * Every option of the seat (each legal play with its end; the knock too when the
 * seat knocked while holding a playable tile) is played in the same sampled
 * deals of the unseen tiles (common random numbers: the deals are consistent with
 * the counts and the knocks, as the expert and the anti-cheat analysis sample
 * them) and the hand is rolled out with greedy play for every seat. An option's
 * value is its mean outcome for the seat, valued as the expert values a hand: its
 * points minus the others' mean, plus the worth of turning Yellow and of winning.
 *
 * Unlike the expert's search (which prunes to save time while playing), every
 * option gets every deal: the gap between two options is what the analysis shows.
 */
import { FastGame, MOVE_KNOCK, type FastPosition } from '../fast';
import { allowedTiles, type SeatKnowledge } from '../bots/knowledge';
import { MiniBoard } from '../bots/mini-board';
import { greedyPlayout, outcomeValue, type OutcomeWeights } from '../bots/rollout';
import { DealSampler } from '../bots/sampler';
import { ExpertSearch } from '../bots/expert';
import type { RngState } from '../rng';

export interface OptionValue {
  /** a fast move: tile * 4 + end, or MOVE_KNOCK */
  move: number;
  /** mean outcome for the seat over the sampled deals (expert points) */
  value: number;
}

export interface JudgeOptions extends OutcomeWeights {
  /** sampled deals per decision, every option on each (default 64) */
  samples: number;
  /** a decision that seems to lose at least `confirmLoss` points is judged again on `confirmSamples` deals (defaults 3 and 320) */
  confirmLoss: number;
  confirmSamples: number;
  /** rollout players weigh what the next seat could score (default true, as the expert) */
  threat: boolean;
}

export const JUDGE_DEFAULTS: JudgeOptions = { samples: 64, confirmLoss: 3, confirmSamples: 320, threat: true, onBoardValue: 20, winValue: 60 };

/** Reusable scratch (one per analysis; nothing is allocated per rollout). */
export class DecisionJudge {
  private readonly world = new FastGame(1, 4);
  private readonly game = new FastGame(1, 4);
  private readonly scratch = new MiniBoard();
  private readonly sampler = new DealSampler();
  private readonly candidates = new ExpertSearch();
  private readonly startScores = new Int32Array(4);
  private readonly startOn = new Uint8Array(4);
  private readonly dealt: number[] = [0, 0, 0, 0, 0];

  constructor(private readonly opts: JudgeOptions = JUDGE_DEFAULTS) {}

  /** The seat's options: every legal play (with its end), and the knock when `withKnock`. */
  options(k: SeatKnowledge, withKnock: boolean): number[] {
    const plays = this.candidates.candidates(k);
    return withKnock ? [...plays, MOVE_KNOCK] : plays;
  }

  /**
   * Every option's value on the same sampled deals; when `played` seems to lose `confirmLoss` or more, every
   * option again on `confirmSamples` deals (a mark must not be the noise of a few deals).
   */
  judge(k: SeatKnowledge, moves: readonly number[], played: number, rng: RngState): OptionValue[] {
    const first = this.values(k, moves, rng);
    const best = Math.max(...first.map((v) => v.value));
    const mine = first.find((v) => v.move === played)?.value ?? best;
    return best - mine >= this.opts.confirmLoss ? this.values(k, moves, rng, this.opts.confirmSamples) : first;
  }

  /** Every option's value on the same sampled deals. */
  values(k: SeatKnowledge, moves: readonly number[], rng: RngState, samples = this.opts.samples): OptionValue[] {
    const n = k.players;
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
    const totals = new Float64Array(moves.length);
    const dealt = this.dealt;
    for (let i = 0; i < samples; i++) {
      this.sampler.sample(rng, dealt);
      for (let j = 0; j < slotSeats.length; j++) hands[slotSeats[j]] = dealt[j];
      pos.sleeping = k.sleeping > 0 ? dealt[slotSeats.length] : 0;
      this.world.loadPosition(pos);
      for (let c = 0; c < moves.length; c++) {
        const g = this.game;
        g.copyFrom(this.world);
        if (moves[c] === MOVE_KNOCK) g.knock();
        else g.play(moves[c]);
        greedyPlayout(g, this.scratch, this.opts.threat);
        totals[c] += outcomeValue(g, k.seat, this.startScores, this.startOn, this.opts);
      }
    }
    return moves.map((move, c) => ({ move, value: totals[c] / samples }));
  }
}
