import { expect, test } from '@playwright/test';
import { expectAccessible, keepScreenshot, screens } from './support/pages';
import { platform } from './support/platform-control';

test.describe('journey: a tied competitor takes part in the 6-4/5-5 draw', () => {
  test('picks a face-down tile within the window and sees the reveal', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ch.login.email);
    await page.getByLabel('Password').fill(ch.login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByText('Flow 1')).toBeVisible();

    // My games (fresh load) leads to my round-1 table.
    await page.goto('/me/games');
    await page.getByRole('link', { name: 'Go to the table' }).first().click();
    await expect(page.getByRole('toolbar', { name: 'My tiles' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    await platform.tie(ch.login.userId);
    const draw = page.getByRole('region', { name: '6-4 / 5-5 draw' });
    await expect(draw.getByText(/Pick 7 face-down tiles: 0 of 7 taken/)).toBeVisible({ timeout: 10_000 });
    await draw.getByRole('button', { name: 'Tile 1', exact: true }).click();
    await expect(draw.getByText(/1 of 7 taken/)).toBeVisible();
    await expect(draw.getByRole('button', { name: 'Tile 1, taken by you' })).toBeVisible();
    await keepScreenshot(page, 'tiebreak-picking-1280');

    // The window closes (5 s); the reveal names who holds 6-4 or 5-5 (a split repeats the draw).
    await expect(page.getByTestId('tiebreak-reveal').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('tiebreak-reveal').first()).toContainText(/wins? the draw|Split|Nobody drew/);
    await expect(page.getByTestId('announcer')).toContainText('Draw revealed');
    await screens(page, 'tiebreak-reveal', async (p) => {
      await expect(p.getByTestId('tiebreak-reveal').first()).toBeVisible();
      await expectAccessible(p);
    });
  });
});
