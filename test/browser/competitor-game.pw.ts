import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, moveTaken, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';

// Long enough for the page checks below to run inside the first clock, short enough to wait one out.
const TURN_MS = 40_000;

async function myId(page: Page): Promise<string> {
  const token = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('dcs.accessToken'));
  const res = await fetch(`${apiBase}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { id: string }).id;
}

test.describe('journey: a competitor plays a whole game in the browser', () => {
  test.setTimeout(420_000);

  test('signs up, registers, checks in, plays against the three bots at their table with the keyboard (a knock, a clock run-out) and sees the result', async ({ page }) => {
    const started = Date.now();
    const ch = await platform.openChallenge({ bots: 15, turnMs: TURN_MS });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign up.
    await page.goto('/sign-up');
    await page.getByLabel('Name shown to other players').fill('Keyboard Player');
    await page.getByLabel('Email').fill(`keyboard-${Date.now()}@browser.test`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('banner').getByText('Keyboard Player')).toBeVisible();

    // Register and check in from the challenge page (fresh load), with the windows as countdowns.
    await page.goto(`/challenges/${ch.challengeId}`);
    const reg = page.getByRole('region', { name: 'Your registration' });
    await expect(reg.getByText('Check-in closes in')).toBeVisible();
    await expect(reg.getByTestId('my-registration')).toContainText('You are not registered.');
    await reg.getByRole('button', { name: 'Register' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('You are registered.');
    await screens(page, 'challenge-registered', async (p) => {
      await expect(p.getByRole('button', { name: 'Check in' })).toBeVisible();
      await expectAccessible(p);
    });
    // Withdraw and register again (the place is freed, then taken again), then check in.
    await reg.getByRole('button', { name: 'Withdraw' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('You are not registered.');
    await reg.getByRole('button', { name: 'Register' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('You are registered.');
    await reg.getByRole('button', { name: 'Check in' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('Checked in.');

    // 12:00: the bracket is drawn; bots take the other three seats.
    const userId = await myId(page);
    expect((await platform.start(ch.challengeId)).result).toBe('started');
    const { tableId } = await platform.bots(userId, { knock: true });

    // My games (fresh load) links to the live table.
    await page.goto('/me/games');
    await page.getByRole('link', { name: 'Go to the table' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/tables/${tableId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('you are seat');
    const hand = page.getByRole('toolbar', { name: 'My tiles' });
    await expect(hand).toBeVisible();

    // The first time it is my turn, let the clock run out (checking the page meanwhile): a ticket, announced, the turn not skipped.
    const turn = page.locator('.my-hand [role="status"]');
    await expect(turn).toContainText('Your turn', { timeout: 30_000 });
    await screens(page, 'table-my-turn', async (p) => {
      // the deal decides (about one deal in eight leaves no 6 to follow the 6-6 lead): a highlighted tile, or the knock offered
      if ((await turn.innerText()).includes('no tile fits')) await expect(p.getByRole('button', { name: /^Knock/ })).toBeEnabled();
      else await expect(hand.locator('.hand-tile.legal').first()).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('.player.me').getByTestId('tickets')).toHaveText(/^\d tickets?$/, { timeout: TURN_MS + 10_000 });
    await expect(page.getByTestId('announcer')).toContainText('You ran out of time: ticket 1 of 5');
    await expect(turn).toContainText('Your turn');
    // A reload keeps everyone's tickets: the join's view carries them (game:clock only counts on from there).
    const tickets = await page.locator('.player.me').getByTestId('tickets').innerText();
    await page.reload();
    await expect(hand).toBeVisible();
    await expect(page.locator('.player.me').getByTestId('tickets')).toHaveText(new RegExp(`^[${tickets[0]}-4] tickets?$`));
    await expect(turn).toContainText('Your turn');

    // Play to the end with the keyboard alone: Tab to a highlighted tile, Enter (and an end key when asked), K to knock.
    let knocks = 0;
    let plays = 0;
    const result = page.getByTestId('game-result');
    while (!(await result.isVisible())) {
      const state = await Promise.race([
        result.waitFor({ state: 'visible', timeout: 60_000 }).then(() => 'over' as const),
        turn.filter({ hasText: 'Your turn' }).waitFor({ timeout: 60_000 }).then(() => 'turn' as const),
      ]);
      if (state === 'over') break;
      const text = await turn.innerText();
      const version = await page.locator('.my-hand').getAttribute('data-version');
      if (text.includes('no tile fits')) {
        await page.keyboard.press('k');
        knocks++;
      } else {
        const tile = hand.locator('.hand-tile.legal').first();
        await tile.focus({ timeout: 15_000 });
        await page.keyboard.press('Enter');
        const choice = page.getByRole('group', { name: /Which end for/ });
        if (await choice.isVisible()) {
          const end = (await choice.getByRole('button').first().locator('kbd').innerText()).trim();
          await page.keyboard.press(end.toLowerCase());
        }
        plays++;
      }
      // Wait until the move is taken (a new version) or the game ends.
      await moveTaken(page, version);
    }
    expect(plays).toBeGreaterThan(0);
    expect(knocks).toBeGreaterThan(0);
    await expect(result).toContainText('Final scores');
    await expect(result).toContainText(/You finished place \d/, { timeout: 20_000 });
    await screens(page, 'table-game-over', async (p) => {
      await expect(result).toBeVisible();
      await expectAccessible(p);
    });
    test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s, ${plays} plays, ${knocks} knocks` });
  });
});
