import AxeBuilder from '@axe-core/playwright';
import { errors, expect, test, type Page } from '@playwright/test';

export const WIDTHS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

/** No serious or critical accessibility violation (axe-core, WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** How long one screenshot for people to look at may take before it is given up (logged, not failed). */
export const SCREENSHOT_TIMEOUT_MS = 30_000;

/**
 * A screenshot for people to look at (test-results/screens/<name>.png), outside the journey's pass/fail budget:
 * animations stopped, bounded by its own timeout, and the time it took given back to the test's timeout. One that
 * times out (a loaded machine) is logged and noted on the test (annotation `screenshot-timeout`), never a failure;
 * any other error (a closed page) still fails the journey.
 */
export async function keepScreenshot(page: Page, name: string, opts: { fullPage?: boolean; timeout?: number } = {}): Promise<void> {
  const path = `test-results/screens/${name}.png`;
  const started = Date.now();
  try {
    await page.screenshot({ path, fullPage: opts.fullPage ?? true, animations: 'disabled', timeout: opts.timeout ?? SCREENSHOT_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const note = `${path} not taken: ${error.message.split('\n')[0]}`;
    console.warn(`[screenshot] ${note}`);
    test.info().annotations.push({ type: 'screenshot-timeout', description: note });
  } finally {
    const budget = test.info().timeout;
    if (budget > 0) test.info().setTimeout(budget + (Date.now() - started));
  }
}

/** Full-page screenshots at phone and desktop width (keepScreenshot), each after `ready`'s checks pass at that width. */
export async function screens(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await ready(page);
    await keepScreenshot(page, `${name}-${label === 'phone' ? 375 : 1280}`);
  }
}

/** Waits until a seated player's move is taken (`.my-hand` shows a version other than `version`) or the game-result notice shows. */
export async function moveTaken(page: Page, version: string | null): Promise<void> {
  const result = page.getByTestId('game-result');
  await expect(async () => {
    if (await result.isVisible()) return;
    const now = await page.locator('.my-hand').getAttribute('data-version', { timeout: 1000 }).catch(() => null);
    expect(now).not.toBe(version);
  }).toPass({ timeout: 20_000 });
}

/**
 * Plays my turns at the live table — the first legal tile with the mouse (its first end when asked), K to knock when
 * nothing fits — until `turns` of mine are played, the game-result notice shows or, asked at each of my turns, `until`
 * says so.
 */
export async function playMyTurns(page: Page, turns = Infinity, until?: () => Promise<boolean>): Promise<{ plays: number; knocks: number; draws: number }> {
  const result = page.getByTestId('game-result');
  const turn = page.locator('.my-hand [role="status"]');
  const hand = page.getByRole('toolbar', { name: 'My tiles' });
  let plays = 0;
  let knocks = 0;
  let draws = 0;
  while (plays + knocks < turns) {
    // `until` is asked while waiting too: the others stop at their turns once it holds, so mine may never come.
    let waiting = true;
    const stop = async (): Promise<'stop'> => {
      while (waiting && !(await until!())) await new Promise((r) => setTimeout(r, 500));
      return 'stop';
    };
    const state = await Promise.race([
      result.waitFor({ state: 'visible', timeout: 60_000 }).then(() => 'over' as const),
      turn.filter({ hasText: 'Your turn' }).waitFor({ timeout: 60_000 }).then(() => 'turn' as const),
      ...(until ? [stop()] : []),
    ]).finally(() => (waiting = false));
    if (state !== 'turn' || (await result.isVisible()) || (until && (await until()))) break;
    const version = await page.locator('.my-hand').getAttribute('data-version');
    if ((await turn.innerText()).includes('no tile fits')) {
      // Where the rules make a player draw from the yard first (Citizen), K does nothing: D draws.
      // A draw is not a turn played: the turn stays mine until a tile fits or the yard is empty (counting it, the other
      // page could stop waiting on a turn this one would then never pass).
      const draw = page.locator('.my-hand').getByRole('button', { name: /^Draw/ });
      if ((await draw.isVisible()) && (await draw.isEnabled())) {
        await page.keyboard.press('d');
        draws++;
      } else {
        await page.keyboard.press('k');
        knocks++;
      }
    } else {
      await hand.locator('.hand-tile.legal').first().click();
      const choice = page.getByRole('group', { name: /Which end for/ });
      if (await choice.isVisible()) await choice.getByRole('button').first().click();
      plays++;
    }
    await moveTaken(page, version);
  }
  return { plays, knocks, draws };
}

/** Creates an account through the sign-up page and waits until the banner names it. */
export async function signUp(page: Page, name: string): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name shown to other players').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@browser.test`);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();
}

/**
 * The live table's details (places if the game ended now, chat, voice, reports, the fair deal): beside the table from
 * 1000 px, in a drawer below that, opened by the "Table" button (its name carries the chat's count). Waits for the
 * layout of the width just set (the button appears once the page has seen the narrower screen), then opens it.
 */
export async function openTableDetails(page: Page): Promise<void> {
  const panel = page.getByTestId('table-panel');
  if (page.viewportSize()!.width >= 1000) return expect(panel).toBeVisible();
  const details = page.getByRole('button', { name: /^Table\b/ });
  await expect(details).toBeVisible();
  if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
  await expect(panel).toBeVisible();
}
