/** Deals shared by the engine's scenario tests. */
// Deal B: seat 0 can chain out on E (sums 12, 17, 22, 16, 20, 15, 13); the others hold 55 + 37 + 15 = 107 pips.
export const DEAL_B = [
  '6-6 6-5 5-5 5-4 4-4 4-3 3-1',
  '6-4 6-3 6-2 6-1 6-0 5-3 5-2',
  '5-1 5-0 4-2 4-1 4-0 3-3 3-2',
  '3-0 2-2 2-1 2-0 1-1 1-0 0-0',
];
/** Seat 0 plays Deal B out on E while the others knock (seats 1 and 2 sometimes falsely). */
export const DOMINO_B = [
  '0 6-6', '1 knock', '2 knock', '3 knock',
  '0 6-5 E', '1 knock', '2 knock', '3 knock',
  '0 5-5 E', '1 knock', '2 knock', '3 knock',
  '0 5-4 E', '1 knock', '2 knock', '3 knock',
  '0 4-4 E', '1 knock', '2 knock', '3 knock',
  '0 4-3 E', '1 knock', '2 knock', '3 knock',
  '0 3-1 E',
];
