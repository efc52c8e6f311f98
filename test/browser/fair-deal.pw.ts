import { writeFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/journey';
import { expectAccessible, playMyTurns, screens, signUp } from './support/pages';

/**
 * Deals no one can steer (issue 24): four people in four browsers sit at a house table; each page
 * sends its own random contribution by itself, the game is dealt from the server's seed and the four
 * contributions, played through a hand until three give it up, and the verifier page (/verify, linked from the finished game's
 * page) recomputes every hand in the browser; a record edited by hand shows its first difference.
 */
test.describe('journey: a deal from four browsers, verified in the browser', () => {
  test.setTimeout(900_000);

  test('four players contribute, play a hand and give the game up, and the verifier ticks every hand; an edited record shows the first difference', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, 'Fair Host');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'House tables' }).click();
    const form = page.getByRole('region', { name: 'Custom table' });
    await form.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
    await form.getByLabel('Seats', { exact: true }).selectOption('4');
    for (const seat of [2, 3, 4]) await form.getByLabel(`Seat ${seat}`, { exact: true }).selectOption('person');
    await form.getByLabel(/List it in the open lobby/).uncheck();
    await form.getByRole('button', { name: 'Open the table' }).click();
    await expect(page).toHaveURL(/\/house\/tables\/[0-9a-f-]{36}$/);
    const tableUrl = page.url();
    const tableId = tableUrl.split('/').pop()!;
    const code = (await page.locator('dt:text-is("Invitation code") + dd code').innerText()).trim();

    const contexts = await Promise.all([1, 2, 3].map(() => browser.newContext({ viewport: { width: 375, height: 812 } })));
    try {
      const guests: Page[] = [];
      for (const [i, ctx] of contexts.entries()) {
        const guest = await ctx.newPage();
        await signUp(guest, `Fair Guest ${i + 1}`);
        await guest.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'House tables' }).click();
        await guest.getByLabel('Invitation code (8 letters and digits)').fill(code);
        await guest.getByRole('button', { name: 'Join', exact: true }).click();
        await expect(guest).toHaveURL(tableUrl);
        guests.push(guest);
      }
      const pages = [page, ...guests];
      // Each page contributed by itself: the deal came from four contributions, none empty.
      for (const p of pages) await expect(p.getByRole('toolbar', { name: 'My tiles' })).toBeVisible({ timeout: 60_000 });
      const token = (await page.evaluate("localStorage.getItem('dcs.accessToken')")) as string;
      const table = await (await page.request.get(`/api/house/tables/${tableId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
      const gameId = table.gameId as string;
      const view = await (await page.request.get(`/api/games/${gameId}/view`)).json();
      expect(view.fairness.dealClosesAt).toBeNull();
      expect(view.fairness.contributions).toHaveLength(4);
      expect(view.fairness.contributions.filter((c: string) => /^[0-9a-f]{64}$/.test(c))).toHaveLength(4);

      // Everyone plays their own turns through their own page until the first hand has ended and the second is dealt
      // (two deals to verify); then the three guests give the game up through their own page, which ends it. (A game to
      // 150 took 3 to 9 minutes here; other journeys play whole games.)
      const secondHandDealt = async () => {
        const v = await (await page.request.get(`/api/games/${gameId}/view`)).json();
        return v.view?.lastHand != null;
      };
      await Promise.all(pages.map((p) => playMyTurns(p, Infinity, secondHandDealt)));
      expect(await secondHandDealt()).toBe(true);
      for (const guest of guests) {
        const hand = guest.locator('.my-hand');
        await hand.getByRole('button', { name: 'Forfeit…' }).click({ timeout: 30_000 });
        const answered = guest.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/house/tables/${tableId}/forfeit`), { timeout: 30_000 });
        await hand.getByRole('button', { name: 'Yes, forfeit' }).click({ timeout: 30_000 });
        expect((await answered).status()).toBe(200);
      }
      await expect(page.getByTestId('game-result')).toContainText('Final scores');

      // The finished game's page links to the verifier, which recomputes every hand here.
      await page.goto(`/games/${gameId}`);
      await page.getByRole('link', { name: 'Verify the deal' }).click();
      await expect(page).toHaveURL(new RegExp(`/verify\\?game=${gameId}$`));
      const verdict = page.getByTestId('verify-verdict');
      await expect(verdict).toHaveText('✓ Verified: every deal and every move', { timeout: 30_000 });
      const hands = page.getByTestId('hands').getByRole('listitem');
      const n = await hands.count();
      expect(n).toBeGreaterThan(0);
      await expect(page.getByTestId('hands').locator('li[data-ok="true"]')).toHaveCount(n);
      await expect(page.getByTestId('contributions').getByRole('listitem')).toHaveCount(4);
      await expect(page.getByTestId('first-difference')).toHaveCount(0);
      await screens(page, 'verify-verified', async (p) => {
        await expect(p.getByTestId('verify-verdict')).toBeVisible();
        await expectAccessible(p);
      });
      await page.setViewportSize({ width: 1280, height: 900 });

      // A record edited by hand: the second tile dealt to seat 1 is swapped with seat 2's first.
      const record = await (await page.request.get(`/api/games/${gameId}/record`)).json();
      const [a, b] = [record.hands[0].deal[0][1], record.hands[0].deal[1][0]];
      record.hands[0].deal[0][1] = b;
      record.hands[0].deal[1][0] = a;
      mkdirSync('test-results', { recursive: true });
      const file = `test-results/edited-record-${gameId}.json`;
      writeFileSync(file, JSON.stringify(record));
      await page.getByLabel('or a record file (JSON)').setInputFiles(file);
      await expect(verdict).toHaveText('✗ Not verified');
      const diff = page.getByTestId('first-difference');
      await expect(diff).toContainText('First difference — hand 1');
      await expect(diff).toContainText(`seat 0 was dealt`);
      await expect(diff).toContainText(`the record says`);
      await expect(page.getByTestId('hands').locator('li[data-ok="false"]')).toHaveCount(1);
      await screens(page, 'verify-difference', async (p) => {
        await expect(p.getByTestId('first-difference')).toBeVisible();
        await expectAccessible(p);
      });
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
