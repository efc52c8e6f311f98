import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot, screens, WIDTHS } from './support/pages';
import { platform } from './support/platform-control';
import type { CreatedChallenge } from './support/control-types';

/** Every page: what it shows, no serious/critical axe violation at phone and desktop width, screenshots of both. */
test.describe('pages', () => {
  let ch: CreatedChallenge;
  // Two axe passes and two full-page screenshots per page: minutes on a loaded 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    ch = await platform.challenge({ checkedIn: 37 });
  });

  const both = async (page: Page, name: string, ready: (page: Page) => Promise<void>) => {
    await screens(page, name, async (p) => {
      await ready(p);
      await expectAccessible(p);
    });
  };

  test('home: cities with their next challenges', async ({ page }) => {
    await page.goto('/');
    await both(page, 'home', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Weekly challenges' })).toBeVisible();
      await expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(p.getByRole('link', { name: /challenge in Flow City/ }).first()).toBeVisible();
    });
  });

  test('sign in: a wrong password shows the API message; the right one signs in and shows the name', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ch.login.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Sign-in failed');
    await expect(page.getByRole('alert')).toContainText(/Code: [A-Z_]+/);
    await both(page, 'sign-in-error', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });
    await page.getByLabel('Password').fill(ch.login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByText('Flow 1')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('sign up: creates an account and signs in', async ({ page }) => {
    await page.goto('/sign-up');
    await both(page, 'sign-up', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    });
    await page.getByLabel('Name shown to other players').fill('Browser Newcomer');
    await page.getByLabel('Email').fill(`newcomer-${Date.now()}@browser.test`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('banner').getByText('Browser Newcomer')).toBeVisible();
  });

  test('challenge: the bracket with the 3-player table and byes; signed in, "my path" marks the player', async ({ page }) => {
    await page.goto(`/challenges/${ch.challengeId}`);
    await both(page, 'challenge', async (p) => {
      const r1 = p.getByRole('region', { name: 'Round 1' });
      // 37 players: 26 byes to the top seeds, two 4-seat tables and one of 3.
      await expect(r1.getByRole('heading', { name: /^Table \d/ })).toHaveCount(3);
      await expect(r1.getByText('3 players')).toHaveCount(1);
      await expect(r1.getByText('26 byes')).toBeVisible();
    });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ch.login.email);
    await page.getByLabel('Password').fill(ch.login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByText('Flow 1')).toBeVisible();
    await page.goto(`/challenges/${ch.challengeId}`);
    await both(page, 'challenge-my-path', async (p) => {
      await expect(p.locator('.table-card.mine, .byes .me').first()).toBeVisible();
    });
  });

  test('table: the spectator view with the board, scores and clocks', async ({ page }) => {
    // A fresh table a few moves in (an idle one would forfeit seat by seat on the 20-second clock).
    const fresh = await platform.challenge({ checkedIn: 16 });
    const tableId = (await platform.bracket(fresh.challengeId)).rounds[0].tables[0].id;
    await platform.play(tableId, 9);
    await page.goto(`/tables/${tableId}`);
    await both(page, 'table', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: /Round 1, table 1/ })).toBeVisible();
      await expect(p.getByRole('figure', { name: 'Board of table 1' })).toBeVisible();
      await expect(p.getByText(/Open ends:/)).toBeVisible();
      await expect(p.getByText('Hard stop in')).toBeVisible();
      // the clock of the seat on turn, a ring beside it (the table on one screen, issue 42)
      await expect(p.getByRole('timer', { name: /'s clock: \d+ s$/ })).toBeVisible();
    });
  });

  test('errors and empty pages: an unknown challenge, an unknown address', async ({ page }) => {
    await page.goto('/challenges/00000000-0000-4000-8000-000000000000');
    await both(page, 'challenge-not-found', async (p) => {
      await expect(p.getByRole('alert')).toContainText('This challenge could not be loaded');
      await expect(p.getByRole('alert')).toContainText('Code: NOT_FOUND');
    });
    await page.goto('/no/such/page');
    await both(page, 'not-found', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    });
  });

  test('a 512-player bracket: round 1 of 8 with 128 tables, jump to a player', async ({ page }) => {
    test.setTimeout(240_000);
    const big = await platform.challenge({ checkedIn: 512 });
    await page.setViewportSize(WIDTHS.phone);
    await page.goto(`/challenges/${big.challengeId}`);
    const r1 = page.getByRole('region', { name: 'Round 1' });
    await expect(r1.getByRole('heading', { name: /^Table \d/ })).toHaveCount(128, { timeout: 30_000 });
    // Only seated rounds are in the bracket: round 1 of 8 at the start.
    await expect(page.getByRole('heading', { name: /^Round \d$/ })).toHaveCount(1);
    await page.getByLabel('Jump to a player').fill('Flow 300');
    await page.getByRole('button', { name: 'Find' }).click();
    const hit = page.locator('.table-card.lit');
    await expect(hit).toHaveCount(1);
    await expect(hit).toBeFocused();
    await expect(hit.locator('.seats li.hit')).toContainText('Flow 300');
    await expect(page.getByText(/Flow 300: round 1, table \d+\./)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'bracket-512-jump-375', { fullPage: false });
    await page.setViewportSize(WIDTHS.desktop);
    await page.getByRole('slider', { name: 'Zoom' }).fill('60');
    await page.getByRole('button', { name: 'Find' }).click();
    await keepScreenshot(page, 'bracket-512-zoom-1280', { fullPage: false });
  });
});
