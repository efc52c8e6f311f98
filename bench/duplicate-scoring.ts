/**
 * Duplicate night scoring benchmark (SPEC 9.3, issue 38): `npm run bench:duplicate` (15 timed runs) or
 * `npm run bench:duplicate -- --quick` (3). The night: 128 people at 32 tables, 3 rounds of 6 boards, seated by the
 * movement draw, every board played at every table by seeded random legal play (realistic board scores, a few
 * voids and one forfeit). Timed, single core, after one warm-up: the whole scoring after the last board —
 * matchpoints, percentages, places and every traveller (hands re-derived from the seed) — as the median of the runs.
 * Also printed: the movement draw of one round. Prints figures; asserts nothing (the target is < 200 ms).
 */
import { performance } from 'node:perf_hooks';
import { playRandomGame, seedRng } from '@dcs/engine';
import { boardGame, boardScores, drawRound, drawRounds, duplicateResults, isComputerId, travellers, type ScoringInput, type TableRoundInput } from '../libs/tournament/src/duplicate/index';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 3 : 15;
const PEOPLE = 128;
const ROUNDS = 3;
const BOARDS = 6;
const SEED = 'bench-duplicate-night';

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number): string => `${x.toFixed(1)} ms`;

const people = Array.from({ length: PEOPLE }, (_, i) => `user-${String(i).padStart(3, '0')}`);
let t = performance.now();
const seatings = drawRounds(SEED, people, ROUNDS);
const movementMs = performance.now() - t;

t = performance.now();
const tables: TableRoundInput[] = [];
for (const seating of seatings) {
  seating.tables.forEach((seats, k) => {
    const boards = [];
    for (let b = 1; b <= BOARDS; b++) {
      // about one table-board in 100 hits the limit (void)
      if ((k * 7 + b * 13 + seating.round) % 100 === 0) {
        boards.push({ board: b, status: 'void' as const });
        continue;
      }
      const { state } = playRandomGame(boardGame(SEED, seating.round, b), seedRng(`${seating.round}:${k}:${b}`), { falseKnockRate: 0.02 });
      boards.push({ board: b, status: 'finished' as const, scores: boardScores(state) });
    }
    tables.push({
      round: seating.round,
      table: k + 1,
      seats: seats.map((id) => ({ id, computer: isComputerId(id) })),
      boards,
      forfeits: seating.round === 2 && k === 5 ? [{ seat: 1, fromBoard: 4 }] : [],
    });
  });
}
const playMs = performance.now() - t;
const input: ScoringInput = { rounds: ROUNDS, boardsPerRound: BOARDS, tables, disqualified: [] };

function scoreNight(): { seats: number; travellers: number } {
  const results = duplicateResults(input);
  const sheets = travellers(SEED, results.boards);
  return { seats: results.boards.length, travellers: sheets.length };
}

scoreNight(); // warm-up
const times: number[] = [];
let last = { seats: 0, travellers: 0 };
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  last = scoreNight();
  times.push(performance.now() - start);
}

t = performance.now();
drawRound({ seed: SEED, people, rounds: ROUNDS, round: 3, previous: seatings.slice(0, 2) });
const oneRoundMs = performance.now() - t;

console.log(`night: ${PEOPLE} people, ${seatings[0].tables.length} tables, ${ROUNDS} rounds x ${BOARDS} boards (setup: movement ${ms(movementMs)}, ${tables.length * BOARDS} table-boards played in ${ms(playMs)})`);
console.log(`scoring + travellers (${last.seats} seat-boards, ${last.travellers} travellers): median ${ms(median(times))} of ${RUNS} runs (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}); target < 200 ms`);
console.log(`movement draw of round 3: ${ms(oneRoundMs)}`);
