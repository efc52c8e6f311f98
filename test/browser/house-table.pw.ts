import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, playMyTurns, screens } from './support/pages';
import { platform } from './support/platform-control';

/** Plays my turns to the end of the game (support/pages.ts playMyTurns). */
const playToTheEnd = (page: Page) => playMyTurns(page);

test.describe('journey: a house table against three computers', () => {
  test.setTimeout(600_000);

  test('opens a cash table (18+ confirmed, an error shown readably), plays it through to the result and the settlement, then sees wallet, file and workouts', async ({ page }) => {
    const started = Date.now();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/sign-up');
    await page.getByLabel('Name shown to other players').fill('House Player');
    const email = `house-${Date.now()}@browser.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('banner').getByText('House Player')).toBeVisible();

    // A new account's welcome grant is held until it has played (SPEC 7 Decision): the wallet says what to do.
    await page.goto('/me/wallet');
    await expect(page.getByTestId('welcome-grant')).toContainText('Finish 3 more friendly games');
    await expect(page.getByTestId('balances').locator('.balance').first()).toHaveText('0 DD');
    // This journey stands for an account that has: its grant is paid as the settlement pays it.
    expect((await platform.grant(email)).posted).toBe(true);
    await page.goto('/');

    // The nav entry leads to the lobby and the "Custom table" form.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'House tables' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('House tables');
    const form = page.getByRole('region', { name: 'Custom table' });
    await form.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
    await form.getByLabel('Seats', { exact: true }).selectOption('4');
    await form.getByLabel('Points to win', { exact: true }).selectOption('150');
    await form.getByLabel('Points to get on the board ("Get on with")', { exact: true }).selectOption('0');
    await form.getByLabel('Smallest score that counts', { exact: true }).selectOption('5');
    for (const seat of [2, 3, 4]) await expect(form.getByLabel(`Seat ${seat}`, { exact: true })).toHaveValue('medium');
    await form.getByLabel('Play-money bet (Dominologist Dollars, no cash value)').check();
    await expect(form.getByTestId('adult')).toContainText('Stake tables are for adults');
    await screens(page, 'house-lobby', async (p) => {
      await expect(form).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A stake whose hold (2 × 10,000) is more than the 10,000 DD granted: the API's code and message, readably.
    await form.getByLabel(/Stake per player/).fill('10000');
    await form.getByLabel(/Ticket fine/).fill('10');
    await form.getByLabel('I am 18 or older').check();
    await form.getByRole('button', { name: 'Open the table' }).click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toContainText('The table was not opened');
    await expect(refusal).toContainText('Code: INSUFFICIENT_FUNDS');
    await expect(page).toHaveURL(/\/house$/);

    // The 18+ confirmation was saved with the first try; a stake the wallet covers opens the table, dealt at once.
    await expect(form.getByTestId('adult')).toHaveCount(0);
    await form.getByLabel(/Stake per player/).fill('100');
    await form.getByRole('button', { name: 'Open the table' }).click();
    await expect(page).toHaveURL(/\/house\/tables\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Citizen table · you are seat 1');
    const players = page.getByRole('region', { name: 'Players' });
    await expect(players.locator('.player')).toHaveCount(4);
    await expect(players.locator('.player-name', { hasText: /Computer \d \(medium\)/ })).toHaveCount(3);
    await expect(players.locator('.player.me')).toContainText('20 s clock');
    await expect(page.getByTestId('yard')).toContainText('Yard: 0 tiles');

    const turn = page.locator('.my-hand [role="status"]');
    await expect(turn).toContainText('Your turn', { timeout: 60_000 });
    await screens(page, 'house-table-my-turn', async (p) => {
      // The deal is the server's (random): my first turn shows a playable tile highlighted, or, when none fits, the knock.
      if ((await p.locator('.my-hand [role="status"]').innerText()).includes('no tile fits')) await expect(p.getByRole('button', { name: /^Knock/ })).toBeEnabled();
      else await expect(p.getByRole('toolbar', { name: 'My tiles' }).locator('.hand-tile.legal').first()).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Play it through to the end; then the settlement (the hold released, the stake paid or won).
    const { plays, knocks } = await playToTheEnd(page);
    expect(plays).toBeGreaterThan(0);
    const result = page.getByTestId('game-result');
    await expect(result).toContainText('Final scores');
    const settlement = page.getByTestId('settlement');
    await expect(settlement).toContainText(/You (won|paid) [\d,]+ DD at this game/, { timeout: 30_000 });
    await expect(settlement).toContainText('hold: -200 DD');
    await expect(settlement).toContainText('release: +200 DD');
    await expect(result.getByRole('button', { name: 'Rematch' })).toBeVisible();
    // The table's settlement: each of the three losers paid the winner (the stake, or double if skunked).
    const payments = settlement.getByTestId('payments').getByRole('listitem');
    await expect(payments).toHaveCount(3);
    for (const line of await payments.allInnerTexts()) expect(line).toMatch(/ paid .* (100|200) DD/);
    // A reload after the settlement shows it again (the table carries it).
    await page.reload();
    await expect(page.getByTestId('settlement').getByTestId('payments').getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId('settlement')).toContainText(/You (won|paid) [\d,]+ DD at this game/);
    await screens(page, 'house-table-settled', async (p) => {
      await expect(settlement).toBeVisible();
      await expectAccessible(p);
    });

    // Wallet: balances, level, the ledger with the grant, hold and release.
    await settlement.getByRole('link', { name: 'My wallet' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My wallet');
    await expect(page.getByTestId('balances')).toContainText('Dominologist Dollars');
    await expect(page.getByTestId('balances')).toContainText('100 soups');
    const ledger = page.getByTestId('ledger');
    for (const kind of ['grant', 'hold', 'release']) await expect(ledger.getByRole('rowheader', { name: new RegExp(`^${kind}`) }).first()).toBeVisible();
    // Assistive technology: the checkbox on my level, +10 s on my stake-table clock.
    // (A player the loaded machine made run out of clock is in court: the court clock stays as it is.)
    const level = page.getByRole('region', { name: 'My level' });
    const clock = level.locator('dt:text-is("Stake-table clock") + dd');
    const before = await clock.innerText();
    expect(before).toMatch(/^\d+ s/);
    await level.getByLabel(/I use assistive technology/).check();
    await expect(clock).toHaveText(before.includes('court') ? before : `${parseInt(before, 10) + 10} s (with +10 s for assistive technology)`);
    await page.reload();
    await expect(page.getByRole('region', { name: 'My level' }).getByLabel(/I use assistive technology/)).toBeChecked();
    await screens(page, 'house-wallet', async (p) => {
      await expect(ledger).toBeVisible();
      await expectAccessible(p);
      // Nothing scrolls sideways, at 375 px too: the ledger is stacked on a phone.
      type Box = { scrollWidth: number; clientWidth: number };
      const overflow = {
        page: await p.locator('html').evaluate((html: Box) => html.scrollWidth - html.clientWidth),
        ledger: await p.getByRole('region', { name: /^Ledger in/ }).evaluate((region: Box) => region.scrollWidth - region.clientWidth),
      };
      expect(overflow).toEqual({ page: 0, ledger: 0 });
    });

    // My file and my workouts (a cash table writes no dumbbells: nothing owed).
    await page.getByRole('navigation', { name: 'House tables' }).getByRole('link', { name: 'My file' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My file');
    await expect(page.getByText('Level', { exact: true })).toBeVisible();
    await screens(page, 'house-file', async (p) => {
      await expectAccessible(p);
    });
    await page.getByRole('navigation', { name: 'House tables' }).getByRole('link', { name: 'Workouts' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My workouts');
    await expect(page.getByText('Excuses from the jar this week')).toBeVisible();
    await expectAccessible(page);
    test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s, ${plays} plays, ${knocks} knocks` });
  });
});
