import { expect, test } from '@playwright/test';
import { keepScreenshot } from './support/pages';
import { platform } from './support/platform-control';

test.describe('journey: an anonymous visitor follows a running challenge', () => {
  test('sees the bracket, a table finishing and the next round seated, live, without reloading', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16, breakSeconds: 0 });
    const [round1] = (await platform.bracket(ch.challengeId)).rounds;
    expect(round1.tables).toHaveLength(4);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/challenges/${ch.challengeId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('challenge');
    const r1 = page.getByRole('region', { name: 'Round 1' });
    await expect(r1.getByRole('heading', { name: /^Table \d/ })).toHaveCount(4);
    await expect(r1.getByText('Flow 1 ', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Round 2' })).toHaveCount(0);
    // Subscribed before anything happens; a marker proves the page is never reloaded.
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await page.evaluate(() => Object.assign(globalThis, { journeyMarker: 'same page' }));

    const first = page.locator(`#table-${round1.tables[0].id}`);
    await expect(first.getByText('advances')).toHaveCount(0);
    await platform.play(round1.tables[0].id);
    // Two of the four advance (after a 6-4/5-5 draw if a tie across the cut needs one).
    await expect(first.getByText('✓ advances')).toHaveCount(2, { timeout: 45_000 });
    await expect(first.getByText('finished', { exact: true })).toBeVisible();
    await expect(page.getByTestId('announcer')).toContainText('Round 1, table 1 finished');
    await keepScreenshot(page, 'journey-table-finished-1280');

    for (const t of round1.tables.slice(1)) await platform.play(t.id);
    const r2 = page.getByRole('region', { name: 'Round 2' });
    await expect(r2.getByRole('heading', { name: /^Table \d/ })).toHaveCount(2, { timeout: 60_000 });
    await expect(page.getByTestId('announcer')).toContainText('Round 2 is seated');
    await expect(r1.getByText('✓ advances')).toHaveCount(8);

    // The round-2 tables seat exactly the players shown as advancing from round 1.
    const advanced = (await r1.locator('.seats li.advanced .seat-name').allInnerTexts()).map((s) => s.trim()).sort();
    const seated = (await r2.locator('.seats li .seat-name').allInnerTexts()).map((s) => s.trim()).sort();
    expect(seated).toEqual(advanced);
    expect(await page.evaluate(() => (globalThis as { journeyMarker?: string }).journeyMarker)).toBe('same page');
    await keepScreenshot(page, 'journey-round-2-seated-1280');
  });
});
