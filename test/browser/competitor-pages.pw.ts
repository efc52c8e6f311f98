import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { platform } from './support/platform-control';
import type { CreatedChallenge } from './support/control-types';

/** The competitor's own pages, signed in as a seated player: what they show, axe at 375 and 1280 px, screenshots. */
test.describe('competitor pages', () => {
  let ch: CreatedChallenge;

  test.beforeAll(async () => {
    ch = await platform.challenge({ checkedIn: 16 });
  });

  const signIn = async (page: Page) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ch.login.email);
    await page.getByLabel('Password').fill(ch.login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByText('Flow 1')).toBeVisible();
  };
  const both = (page: Page, name: string, ready: (page: Page) => Promise<void>) =>
    screens(page, name, async (p) => {
      await ready(p);
      await expectAccessible(p);
    });

  test('notifications: the seating, unread until marked read', async ({ page }) => {
    await signIn(page);
    await page.goto('/me/notifications');
    await both(page, 'notifications', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await expect(p.getByRole('heading', { name: /Round 1: your table/ })).toBeVisible();
    });
    await expect(page.getByText('1 unread')).toBeVisible();
    await page.getByRole('button', { name: 'Mark read' }).click();
    await expect(page.getByText('0 unread')).toBeVisible();
  });

  test('my games: links to my live table', async ({ page }) => {
    await signIn(page);
    await page.goto('/me/games');
    await both(page, 'my-games', async (p) => {
      await expect(p.getByRole('link', { name: 'Go to the table' })).toBeVisible();
    });
    await page.getByRole('link', { name: 'Go to the table' }).click();
    await expect(page.getByRole('toolbar', { name: 'My tiles' })).toBeVisible();
  });

  test('my games: my game from the API, its round, table, seat and status, the live one first', async ({ page }) => {
    const { rounds } = await platform.bracket(ch.challengeId);
    const mine = rounds[0].tables.find((t) => t.seats.some((s) => s.displayName === 'Flow 1'))!;
    await signIn(page);
    await page.goto('/me/games');
    const game = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`round 1, table ${mine.index + 1}`) }) });
    await expect(game).toContainText('playing now');
    await expect(game).toContainText(/seat \d · scores \d+ – \d+ – \d+ – \d+/);
    await expect(game.getByRole('link', { name: new RegExp(`^Go to the table ?: round 1, table ${mine.index + 1}$`) })).toHaveAttribute('href', `/tables/${mine.id}`);
    await expect(game.getByRole('link', { name: /^The bracket/ })).toHaveAttribute('href', `/challenges/${ch.challengeId}`);
  });

  test('my record: no penalties, no conduct violations', async ({ page }) => {
    await signIn(page);
    await page.goto('/me/record');
    await both(page, 'my-record', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'My penalties' })).toBeVisible();
      await expect(p.getByText('No penalties.')).toBeVisible();
      await expect(p.getByText('No conduct violations.')).toBeVisible();
    });
  });
});
