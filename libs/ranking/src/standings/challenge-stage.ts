import * as seasonIndexModule from './season-index';
import type { SeasonIndex } from './season-index';
import type { TableGame } from './types';

const { grown, grownFloat } = seasonIndexModule;

/**
 * One challenge copied out of its entries by `SeasonAccumulator.add` before anything is folded in:
 * per entry its player number, points, win and (player, game) pairs; per distinct table game (a
 * slot) its seats' player numbers, places and scores. Reused from one challenge to the next.
 */
export class ChallengeStage {
  number = new Int32Array(0);
  pointsOf = new Float64Array(0);
  won = new Uint8Array(0);
  skip = new Uint8Array(0);
  pairsEnd = new Int32Array(0);
  pairSlot = new Int32Array(1024);
  pairOwn = new Int32Array(1024);
  /** Seats of slot s: [slotStart[s], slotStart[s + 1]). */
  slotStart = new Int32Array(1024);
  seatNumber = new Int32Array(4096);
  seatPlace = new Float64Array(4096);
  seatScore = new Float64Array(4096);
  private games: TableGame[] = [];
  private slots = 0;
  private entryByNumber = new Int32Array(0);

  /** Room for `entries` entries; forgets the previous challenge's games. */
  reserveEntries(entries: number): this {
    if (this.number.length < entries) {
      this.number = new Int32Array(entries);
      this.pointsOf = new Float64Array(entries);
      this.won = new Uint8Array(entries);
      this.skip = new Uint8Array(entries);
      this.pairsEnd = new Int32Array(entries);
    }
    this.games.length = 0;
    this.slots = 0;
    this.slotStart[0] = 0;
    return this;
  }

  /** A new slot for `game`: its seats copied, their players not numbered yet (-1). */
  addGame(game: TableGame): number {
    const slot = this.slots++;
    if (slot + 2 > this.slotStart.length) this.slotStart = grown(this.slotStart, this.slotStart.length * 2);
    const from = this.slotStart[slot];
    const to = from + game.length;
    if (to > this.seatNumber.length) {
      const size = Math.max(to, this.seatNumber.length * 2);
      this.seatNumber = grown(this.seatNumber, size);
      this.seatPlace = grownFloat(this.seatPlace, size);
      this.seatScore = grownFloat(this.seatScore, size);
    }
    for (let k = 0; k < game.length; k++) {
      const seat = game[k];
      this.seatNumber[from + k] = -1;
      this.seatPlace[from + k] = seat.place;
      this.seatScore[from + k] = seat.score;
    }
    this.slotStart[slot + 1] = to;
    this.games.push(game);
    return slot;
  }

  /** Entry index by player number, -1 for none (left all -1 by whoever used it last). */
  entryOf(players: number): Int32Array<ArrayBuffer> {
    if (this.entryByNumber.length < players) {
      const next = new Int32Array(Math.max(players, this.entryByNumber.length * 2)).fill(-1);
      next.set(this.entryByNumber);
      this.entryByNumber = next;
    }
    return this.entryByNumber;
  }

  addPair(j: number, slot: number, own: number): void {
    if (j === this.pairSlot.length) {
      this.pairSlot = grown(this.pairSlot, j * 2);
      this.pairOwn = grown(this.pairOwn, j * 2);
    }
    this.pairSlot[j] = slot;
    this.pairOwn[j] = own;
  }

  numberUnclaimedSeats(ix: SeasonIndex): void {
    for (let slot = 0; slot < this.slots; slot++) {
      const from = this.slotStart[slot];
      for (let k = from; k < this.slotStart[slot + 1]; k++) {
        if (this.seatNumber[k] === -1) this.seatNumber[k] = ix.ensure(this.games[slot][k - from].playerId);
      }
    }
  }
}
