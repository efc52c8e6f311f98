import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/journey';
import { expectAccessible, playMyTurns, screens, signUp } from './support/pages';

/** The lobby's "Custom table" form. */
async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'House tables' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('House tables');
  return page.getByRole('region', { name: 'Custom table' });
}

/** Opens the table the form describes and waits for its page. */
async function openTable(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Open the table' }).click();
  await expect(page).toHaveURL(/\/house\/tables\/[0-9a-f-]{36}$/);
}

/** The live table is dealt: my hand is on screen, and a few of my turns are played through the page (the board grows). */
async function playAFewTurns(page: Page, turns: number): Promise<void> {
  const board = page.locator('.board .board-tile');
  await expect(page.getByRole('toolbar', { name: 'My tiles' })).toBeVisible({ timeout: 60_000 });
  const { plays, knocks } = await playMyTurns(page, turns);
  expect(plays + knocks).toBeGreaterThan(0);
  if (plays > 0) await expect(board.first()).toBeVisible();
  // The version on my hand moved past the deal: moves were taken.
  expect(Number(await page.locator('.my-hand').getAttribute('data-version'))).toBeGreaterThan(0);
}

test.describe('journeys: friendly, workout and partner tables, and a seat by invitation code', () => {
  test.setTimeout(300_000);

  test('a friendly Citizen table against the computer with a 10 s clock', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, 'Friendly Host');
    const form = await openForm(page);
    await form.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
    await form.getByLabel('Seats', { exact: true }).selectOption('2');
    await form.getByLabel('Seat 2', { exact: true }).selectOption('easy');
    await expect(form.getByLabel('Friendly: points only')).toBeChecked();
    // Against the computer alone a friendly table starts with the clock off; the host turns it on and sets 10 s (3-60 s).
    const runClock = form.getByLabel(/Run a clock/);
    await expect(runClock).not.toBeChecked();
    await expect(form.getByLabel(/Seconds a turn/)).toHaveCount(0);
    await runClock.check();
    const seconds = form.getByLabel(/Seconds a turn \(3-60/);
    await expect(seconds).toHaveValue('20');
    await seconds.fill('10');
    await screens(page, 'house-open-form', async (p) => {
      await expect(form.getByLabel(/Seconds a turn/)).toHaveValue('10');
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTable(page, form);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Citizen table · you are seat 1');
    const players = page.getByRole('region', { name: 'Players' });
    await expect(players.locator('.player')).toHaveCount(2);
    await expect(players.locator('.player.me')).toContainText('10 s clock');
    await expect(players.locator('.player:not(.me)')).toContainText('Computer 2 (easy)');
    await playAFewTurns(page, 3);
  });

  test('a Mook Camp Fitness workout table against the computer with the clock off', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, 'Workout Host');
    const form = await openForm(page);
    await form.getByLabel('Ruleset', { exact: true }).selectOption('mook-camp-fitness');
    await form.getByLabel('Seats', { exact: true }).selectOption('2');
    await form.getByLabel('Seat 2', { exact: true }).selectOption('medium');
    await expect(form.getByText('Mook Camp Fitness tables are always workout tables')).toBeVisible();
    // A workout table starts at its 10 s; against the computer alone the host may turn it off.
    const runClock = form.getByLabel(/Run a clock/);
    await expect(runClock).toBeChecked();
    await expect(form.getByLabel(/Seconds a turn/)).toHaveValue('10');
    await runClock.uncheck();
    await expect(form.getByLabel(/Seconds a turn/)).toHaveCount(0);
    // With a person in seat 2 the clock may not be off: the choice goes away.
    await form.getByLabel('Seat 2', { exact: true }).selectOption('person');
    await expect(form.getByLabel(/Run a clock/)).toHaveCount(0);
    await expect(form.getByText('With people at the table the clock is always on.')).toBeVisible();
    await form.getByLabel('Seat 2', { exact: true }).selectOption('medium');
    await form.getByLabel(/Run a clock/).uncheck();
    await openTable(page, form);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mook Camp Fitness table · you are seat 1');
    const players = page.getByRole('region', { name: 'Players' });
    await expect(players.locator('.player.me')).toContainText('no clock');
    await playAFewTurns(page, 3);
  });

  test('a partners table, 2 v 2 with three computers', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, 'Partner Host');
    const form = await openForm(page);
    await form.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
    await form.getByLabel('Seats', { exact: true }).selectOption('4');
    await form.getByLabel(/Partners/).check();
    for (const seat of [2, 3, 4]) await form.getByLabel(`Seat ${seat}`, { exact: true }).selectOption('medium');
    await openTable(page, form);
    const players = page.getByRole('region', { name: 'Players' });
    await expect(players.locator('.player')).toHaveCount(4);
    // Seats 1 and 3 against 2 and 4.
    await expect(players.locator('.player.me')).toContainText('Team A');
    await expect(players.locator('.player', { hasText: 'Team A' })).toHaveCount(2);
    await expect(players.locator('.player', { hasText: 'Team B' })).toHaveCount(2);
    await playAFewTurns(page, 2);
    await screens(page, 'house-partners-table', async (p) => {
      await expect(players.locator('.player', { hasText: 'Team B' })).toHaveCount(2);
      await expectAccessible(p);
      const overflow = await p.locator('html').evaluate((html: { scrollWidth: number; clientWidth: number }) => html.scrollWidth - html.clientWidth);
      expect(overflow).toBe(0);
    });
  });

  test("a second player joins the first player's unlisted table by its invitation code, and both play", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, 'Inviting Host');
    const form = await openForm(page);
    await form.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
    await form.getByLabel('Seats', { exact: true }).selectOption('2');
    await form.getByLabel('Seat 2', { exact: true }).selectOption('person');
    await form.getByLabel(/List it in the open lobby/).uncheck();
    await openTable(page, form);
    const tableUrl = page.url();
    await expect(page.getByText('The game is dealt as soon as every seat is taken.')).toBeVisible();
    const code = (await page.locator('dt:text-is("Invitation code") + dd code').innerText()).trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const guestContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const guest = await guestContext.newPage();
      await signUp(guest, 'Invited Guest');
      await guest.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'House tables' }).click();
      await guest.getByLabel('Invitation code (8 letters and digits)').fill(code.toLowerCase());
      await guest.getByRole('button', { name: 'Join', exact: true }).click();
      await expect(guest).toHaveURL(tableUrl);
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Citizen table · you are seat 2');
      // Both see the dealt table with both names, each their own hand.
      for (const p of [page, guest]) {
        const players = p.getByRole('region', { name: 'Players' });
        await expect(players.locator('.player')).toHaveCount(2, { timeout: 30_000 });
        await expect(players).toContainText('Inviting Host');
        await expect(players).toContainText('Invited Guest');
        await expect(p.getByRole('toolbar', { name: 'My tiles' })).toBeVisible();
      }
      // Two turns each, through their own pages, alternating as the turn passes.
      await Promise.all([playMyTurns(page, 2), playMyTurns(guest, 2)]);
      const versions = await Promise.all([page, guest].map(async (p) => Number(await p.locator('.my-hand').getAttribute('data-version'))));
      expect(Math.min(...versions)).toBeGreaterThanOrEqual(3);
    } finally {
      await guestContext.close();
    }
  });
});
