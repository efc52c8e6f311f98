import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, moveTaken, openTableDetails, signUp } from './support/pages';

/**
 * Issue 42, the live table on one screen: a whole house game against three computers at 375 × 667 (with a
 * look at landscape) and at 1280 × 800, checked at every one of my turns — the board's tiles, every seat's
 * score and clock, my hand and the turn marker inside the viewport, the document not scrolling, no tile
 * outside the board's box, controls at least 44 px — the hand-end summary read (every seat's tiles
 * revealed) before the next deal, and the warning after the 4th run-out in a turn. Then the longest line a
 * hand can have (28 tiles, the spinner's four arms) drawn inside the board at both widths. Screenshots
 * of the table early, mid and late in a hand go to docs/images/ (table-after-*).
 */

type Box = { x: number; y: number; width: number; height: number };
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

const inside = (b: Box, outer: Box, slack = 0.5) => b.x >= outer.x - slack && b.y >= outer.y - slack && b.x + b.width <= outer.x + outer.width + slack && b.y + b.height <= outer.y + outer.height + slack;

async function boxOf(l: Locator): Promise<Box> {
  const b = await l.boundingBox({ timeout: 5_000 });
  if (!b) throw new Error(`${l.toString()} is not rendered`);
  return b;
}

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `docs/images/${name}.png`, animations: 'disabled' }).catch((e: Error) => console.warn(`[screenshot] ${name}: ${e.message.split('\n')[0]}`));
}

/** The boxes the one-screen checks need, read in one go from the page (a string: the journeys are compiled without the DOM's types). */
const MEASURE = `(() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const all = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  return {
    scroll: { h: document.documentElement.scrollHeight - window.innerHeight, w: document.documentElement.scrollWidth - window.innerWidth, y: window.scrollY },
    board: box(document.querySelector('[data-testid="board-box"]')),
    tiles: all('.board-tile').map((t) => ({ name: t.getAttribute('data-tile'), box: box(t) })),
    seats: all('.seat-card').map((s) => ({
      name: s.querySelector('.seat-name-text')?.textContent ?? '?',
      parts: [['score', s.querySelector('[data-testid="seat-score"]')], ['tiles left', s.querySelector('.seat-tiles')],
        ['clock', s.querySelector('.clock-ring') ?? Array.from(s.querySelectorAll('.player-facts > *')).find((e) => / s clock|no clock/.test(e.textContent))]]
        .map(([what, el]) => ({ what, box: el ? box(el) : null })),
    })),
    turnMarker: all('.seat-card[aria-current="true"] .tag-turn').map(box),
    hand: all('.my-hand .hand-tile').map((t) => ({ name: t.getAttribute('data-tile'), box: box(t) })),
    turnLine: all('.my-hand [role="status"]').map(box),
    controls: all('.ts-main button, .ts-main a').filter((c) => c.offsetParent !== null).map((c) => ({ name: (c.getAttribute('aria-label') || c.textContent || '').trim(), box: box(c) })),
  };
})()`;

interface Measured {
  scroll: { h: number; w: number; y: number };
  board: Box;
  tiles: { name: string; box: Box }[];
  seats: { name: string; parts: { what: string; box: Box | null }[] }[];
  turnMarker: Box[];
  hand: { name: string; box: Box }[];
  turnLine: Box[];
  controls: { name: string; box: Box }[];
}

/** The last tile has moved to its place (it flies in from its player's side, 0.3 s): measure where tiles rest. */
const settled = (page: Page) =>
  expect.poll(() => page.evaluate(`(document.querySelector('.board-svg')?.getAnimations({ subtree: true }) ?? []).every((a) => a.playState !== 'running')`), { timeout: 5_000 }).toBe(true);

/** Everything a player needs on one screen, measured: a failure names the part that is off screen. */
async function expectOneScreen(page: Page, opts: { hand: boolean; targets?: boolean }): Promise<void> {
  const vp = page.viewportSize()!;
  const screen = { x: 0, y: 0, width: vp.width, height: vp.height };
  await settled(page);
  const m = (await page.evaluate(MEASURE)) as Measured;
  expect(m.scroll.y, 'the document is not scrolled').toBe(0);
  expect(m.scroll.h, 'the document is no taller than the screen').toBeLessThanOrEqual(0);
  expect(m.scroll.w, 'the document is no wider than the screen').toBeLessThanOrEqual(0);
  expect(inside(m.board, screen), 'the board is on screen').toBe(true);
  for (const t of m.tiles) expect(inside(t.box, m.board), `tile ${t.name} inside the board's box`).toBe(true);
  expect(m.seats).toHaveLength(4);
  for (const seat of m.seats) for (const part of seat.parts) expect(part.box && inside(part.box, screen), `${seat.name}'s ${part.what} on screen`).toBe(true);
  for (const b of m.turnMarker) expect(inside(b, screen), 'the turn marker on screen').toBe(true);
  if (opts.hand) {
    expect(m.hand.length, 'my hand is drawn').toBeGreaterThan(0);
    for (const t of m.hand) expect(inside(t.box, screen), `hand tile ${t.name} on screen`).toBe(true);
    for (const b of m.turnLine) expect(inside(b, screen), 'whose turn, in words, on screen').toBe(true);
  }
  // Tap targets of the table: 44 px at least.
  if (opts.targets) for (const c of m.controls) expect(Math.min(c.box.width, c.box.height), `"${c.name}" is at least 44 px`).toBeGreaterThanOrEqual(43.5);
}

/** Opens a house table against three computers from the lobby's form. */
async function openHouseTable(page: Page, ruleset: string, clockS: number): Promise<void> {
  await page.goto('/house');
  const form = page.getByRole('region', { name: 'Custom table' });
  await form.getByLabel('Ruleset', { exact: true }).selectOption(ruleset);
  const runClock = form.getByLabel(/Run a clock/);
  if (await runClock.isVisible()) await runClock.check();
  await form.locator('#open-clock').fill(String(clockS));
  await form.getByRole('button', { name: 'Open the table' }).click();
  await expect(page).toHaveURL(/\/house\/tables\/[0-9a-f-]{36}$/);
}

/**
 * Plays the game to its end: at every turn of mine the one-screen checks, then the first legal tile (its
 * first end) or K/D; every hand-end summary is read while it shows (before the next hand's first move is
 * mine to make). Screenshots early, mid and late in the second hand.
 */
async function playMeasured(page: Page, label: string, landscapeOnce = false): Promise<{ turns: number; summaries: number }> {
  const result = page.getByTestId('game-result');
  const turn = page.locator('.my-hand [role="status"]');
  const hand = page.getByRole('toolbar', { name: 'My tiles' });
  const summary = page.locator('.ts-board').getByTestId('hand-summary');
  let turns = 0;
  let summaries = 0;
  let inHand = 0;
  let handNo = -1;
  const shot = new Set<string>();
  for (;;) {
    const state = await Promise.race([
      result.waitFor({ state: 'visible', timeout: 90_000 }).then(() => 'over' as const),
      summary.waitFor({ state: 'visible', timeout: 90_000 }).then(() => 'summary' as const),
      turn.filter({ hasText: 'Your turn' }).waitFor({ timeout: 90_000 }).then(() => 'turn' as const),
    ]);
    if (state === 'over' || (await result.isVisible())) break;
    if (await summary.isVisible()) {
      const n = Number((await summary.getAttribute('data-hand', { timeout: 1_000 }).catch(() => null)) ?? -1);
      if (n >= 0 && !shot.has(`summary-${n}`)) {
        shot.add(`summary-${n}`);
        // Read before the next deal is played: how it ended, four seats, each one's tiles revealed (or none left).
        await expect(summary).toContainText(`Hand ${n + 1} over`);
        await expect(summary).toContainText(/Ended by (domino|lock|a reshuffle)/);
        const rows = summary.locator('.hand-summary-seats li');
        await expect(rows).toHaveCount(4);
        for (const row of await rows.all()) await expect(row.getByTestId('revealed')).toHaveAttribute('aria-label', /held (\d-\d)(, \d-\d)*$|no tiles left/);
        const shown = await summary.getByTestId('revealed').locator('svg').count();
        expect(shown, 'the tiles left are drawn').toBeGreaterThan(0);
        // Nothing of the new hand is on the board while it shows.
        await expect(page.locator('.board-tile')).toHaveCount(0);
        summaries++;
        if (summaries === 1) {
          await snap(page, `table-after-hand-end-${label}`);
          await expectAccessible(page);
        }
        await summary.waitFor({ state: 'hidden', timeout: 15_000 });
      }
      continue;
    }
    if (!(await turn.innerText()).includes('Your turn')) continue;
    const hi = Number(await page.getByTestId('yard').innerText({ timeout: 5_000 }).then((t) => /hand (\d+)/.exec(t)?.[1] ?? '0'));
    if (hi !== handNo) {
      handNo = hi;
      inHand = 0;
    }
    inHand++;
    turns++;
    await expectOneScreen(page, { hand: true, targets: turns === 1 });
    const left = await hand.locator('.hand-tile').count();
    const phase = inHand === 1 ? 'early' : inHand === 3 ? 'mid' : left <= 2 ? 'late' : null;
    if (phase && handNo >= 2 && !shot.has(phase)) {
      shot.add(phase);
      await snap(page, `table-after-${phase}-${label}`);
    }
    if (landscapeOnce && turns === 2) {
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: size.height, height: size.width });
      await expect(page.locator('.my-hand')).toBeVisible();
      await expectOneScreen(page, { hand: true });
      await snap(page, `table-after-landscape-${size.height}`);
      await page.setViewportSize(size);
    }
    const version = await page.locator('.my-hand').getAttribute('data-version');
    if (!(await turn.innerText()).includes('Your turn')) continue;
    if ((await turn.innerText()).includes('no tile fits')) {
      const draw = page.locator('.my-hand').getByRole('button', { name: /^Draw/ });
      await page.keyboard.press((await draw.isVisible()) && (await draw.isEnabled()) ? 'd' : 'k');
    } else {
      await hand.locator('.hand-tile.legal').first().click();
      const choice = page.getByRole('group', { name: /Which end for/ });
      if (await choice.isVisible()) await choice.getByRole('button').first().click();
    }
    await moveTaken(page, version);
  }
  return { turns, summaries };
}

test.describe('journey: the live table on one screen (issue 42)', () => {
  test.setTimeout(900_000);
  // A step that cannot happen fails in 10 s, not at the journey's end.
  test.use({ actionTimeout: 10_000 });

  test('at 375 × 667: the 4th run-out in a turn warns that one more forfeits, then a whole game vs three computers fits one screen at every turn, hand ends summarised with the tiles revealed', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUp(page, 'Phone Player');
    // Mook Camp Fitness writes dumbbells: the 5th in one turn forfeits the game. A 5-second clock.
    await openHouseTable(page, 'mook-camp-fitness', 5);
    await expect(page.locator('.ts-full')).toBeVisible();
    const turn = page.locator('.my-hand [role="status"]');
    await expect(turn).toContainText('Your turn', { timeout: 60_000 });
    await expect(page.getByTestId('my-clock')).toBeVisible();
    await expectOneScreen(page, { hand: true, targets: true });
    await expectAccessible(page);

    // An illegal tap explains itself in place (when a tile in my hand is not playable now).
    const notLegal = page.locator('.my-hand .hand-tile:not(.legal)').first();
    if (await notLegal.count()) {
      // (force: the tile is aria-disabled, which Playwright will not click; a finger does)
      await notLegal.click({ force: true });
      await expect(page.getByTestId('why-not')).toHaveText(/fits no open end|opens with|No tile fits/);
    }

    // The details are one tap away, in a drawer, and closing it gives the table back.
    await openTableDetails(page);
    const panel = page.getByRole('complementary', { name: 'Table details' });
    await expect(panel.getByTestId('table-settings')).toBeVisible();
    await expect(panel.getByLabel('A soft sound when it is my turn')).toBeChecked();
    await expectAccessible(page);
    await snap(page, 'table-after-drawer-375');
    await panel.getByRole('button', { name: 'Back to the table' }).click();
    await expect(panel).toBeHidden();

    // I let my clock run out four times on this turn: the warning says a fifth forfeits the game.
    const warning = page.getByTestId('last-run-out');
    await expect(warning).toContainText('One more run-out forfeits this game', { timeout: 60_000 });
    await expect(page.locator('.seat-card.me').getByTestId('tickets')).toHaveText('4 dumbbells');
    await expect(page.getByTestId('my-clock')).toBeVisible();
    await snap(page, 'table-after-last-run-out-375');
    await expectOneScreen(page, { hand: true });

    const { turns, summaries } = await playMeasured(page, '375', true);
    expect(turns).toBeGreaterThan(3);
    expect(summaries, 'at least one hand ended before the game did').toBeGreaterThan(0);
    await expect(page.getByTestId('game-result')).toContainText('Final scores');
    await expect(page.locator('.ts-full')).toHaveCount(0);
    // The last hand, revealed under the result: every seat's tiles left.
    const final = page.getByTestId('hand-summary');
    await expect(final.getByTestId('revealed')).toHaveCount(4);
    for (const seat of await final.getByTestId('revealed').all()) await expect(seat).toHaveAttribute('aria-label', /held (\d-\d)(, \d-\d)*$|no tiles left/);
    test.info().annotations.push({ type: 'measured', description: `375 × 667: ${turns} turns checked on one screen, ${summaries} hand ends read` });
  });

  test('at 1280 × 800: a whole game vs three computers uses the width the same way, checked at every turn', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, 'Desk Player');
    await openHouseTable(page, 'citizen', 20);
    await expect(page.locator('.my-hand [role="status"]')).toContainText('Your turn', { timeout: 60_000 });
    // Wide: the details stand beside the table, no drawer.
    await expect(page.getByRole('complementary', { name: 'Table details' }).getByTestId('table-settings')).toBeVisible();
    await expectAccessible(page);
    const { turns, summaries } = await playMeasured(page, '1280');
    expect(turns).toBeGreaterThan(3);
    expect(summaries).toBeGreaterThan(0);
    await expect(page.getByTestId('game-result')).toContainText('Final scores');
    test.info().annotations.push({ type: 'measured', description: `1280 × 800: ${turns} turns checked on one screen, ${summaries} hand ends read` });
  });

  test('the longest line a hand can have (28 tiles, the spinner\u2019s four arms) stays inside the board, its four ends readable, at 375, landscape and 1280', async ({ page }) => {
    const tableId = '00000000-0000-4000-8000-000000000042';
    // A table whose game's view carries the whole set on the board (a seated view: my hand is empty).
    await page.route(`**/api/tables/${tableId}`, (route) => route.fulfill({ json: longLineTable(tableId) }));
    for (const size of [PHONE, { width: 667, height: 375 }, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(`/tables/${tableId}`);
      await expect(page.locator('.board-tile')).toHaveCount(28);
      await settled(page);
      const board = await boxOf(page.getByTestId('board-box'));
      for (const tile of await page.locator('.board-tile').all()) expect(inside(await boxOf(tile), board), `tile ${await tile.getAttribute('data-tile')} inside the board`).toBe(true);
      // The four open ends: each arm's outermost tile, on screen and big enough to read (a half at least 12 px).
      for (const end of ['6-0', '5-0', '4-0', '0-0']) {
        const b = await boxOf(page.locator(`.board-tile[data-tile="${end}"]`));
        expect(inside(b, { x: 0, y: 0, ...size }), `${end} on screen`).toBe(true);
        expect(Math.min(b.width, b.height), `${end} readable`).toBeGreaterThanOrEqual(12);
      }
      await expect(page.getByTestId('open-ends')).toHaveText('Open ends: west 0, east 0, north 0, south 0');
      await snap(page, `table-after-28-tiles-${size.width}`);
    }
  });
});

/** The whole double-six set laid out from the 6-6 spinner: west, east, north and south arms of 9, 9, 5 and 4 tiles, each ending on a 0. */
function longLineTable(tableId: string) {
  // Each arm as the numbers it exposes outward, tile by tile, from the spinner's 6.
  const arm = (outers: number[]) => outers.map((n, i) => {
    const inner = i === 0 ? 6 : outers[i - 1];
    return { tile: `${Math.max(inner, n)}-${Math.min(inner, n)}`, outer: n, double: inner === n };
  });
  const board = {
    lead: { tile: '6-6', w: 6, e: 6 },
    spinner: { value: 6, arm: 'lead', index: 0 },
    arms: { W: arm([5, 5, 4, 4, 3, 3, 1, 6, 0]), E: arm([4, 2, 2, 1, 1, 0, 2, 5, 0]), N: arm([3, 5, 1, 4, 0]), S: arm([2, 3, 0, 0]) },
  };
  const tiles = ['6-6', ...Object.values(board.arms).flatMap((a) => a.map((t) => t.tile))];
  if (new Set(tiles).size !== 28) throw new Error(`the long line has ${new Set(tiles).size} different tiles`);
  const view = {
    viewer: 0, ruleset: 'dcs-tournament', settings: { getOn: 10, minScore: 5, target: 150, handSize: 7 }, players: 4, partners: false, version: 40,
    finished: false, winner: null, endedBy: null, scores: [35, 20, 15, 0], onBoard: [true, true, true, false], forfeited: [false, false, false, false], skunked: [],
    handIndex: 2, turn: 1, pendingLead: null, lead: { seat: 0, tile: '6-6', reason: 'previous-winner' }, board,
    openEnds: [{ end: 'W', value: 0 }, { end: 'E', value: 0 }, { end: 'N', value: 0 }, { end: 'S', value: 0 }], sum: 0,
    tileCounts: [0, 0, 0, 0], yardCount: 0, yardDrawable: true, log: [{ seat: 0, type: 'play', tile: '0-0', end: 'S', sum: 0, points: 0 }],
    handEndedBy: null, handWinner: null, handPoints: [0, 0, 0, 0], history: [], lastHand: null, hand: [], legalMoves: [],
  };
  const names = ['Ana Long', 'Bo Line', 'Cy Spinner', 'Di Arms'];
  return {
    id: tableId, challengeId: '00000000-0000-4000-8000-000000000043', round: 1, index: 0, status: 'playing', result: null,
    seats: names.map((displayName, seat) => ({ seat, userId: `00000000-0000-4000-8000-00000000005${seat}`, displayName, seed: seat + 1 })),
    game: { gameId: '00000000-0000-4000-8000-000000000044', tableId, houseTableId: null, seat: 0, status: 'playing', seedHash: 'a'.repeat(64), seed: null, turnDeadline: null, fairness: { contributions: null, dealClosesAt: null }, view },
  };
}
