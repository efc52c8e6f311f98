import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type WebSocket } from '@playwright/test';
import { expect, test } from './support/journey';
import { expectAccessible, keepScreenshot, screens, signUp, WIDTHS } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { signInAs } from './support/staff';

/**
 * Issue 42, getting to the table: the home page's "next thing to do" in each state (nothing, registered,
 * check-in open, seated, between rounds), the challenge page's switch to "Go to my table" at the seating,
 * a live challenge listed on the home page until it completes, the phone's compact header, and the app's
 * installability (read from Chromium's DevTools protocol), the offline shell and the install offer.
 */

/** Opens a challenge page and waits until its live socket has joined the challenge's room (the join's acknowledgement). */
async function openLive(page: Page, challengeId: string): Promise<void> {
  let joined!: () => void;
  const ack = new Promise<void>((resolve) => (joined = resolve));
  const watch = (ws: WebSocket) => ws.on('framereceived', (f) => typeof f.payload === 'string' && /^43(\/live,)?\d*\[\{"ok":true,"challengeId"/.test(f.payload) && joined());
  page.on('websocket', watch);
  try {
    await page.goto(`/challenges/${challengeId}`);
    await ack;
  } finally {
    page.off('websocket', watch);
  }
}

/** Every link and button the player can tap in `scope` is at least 44 px tall and wide (WCAG 2.5.5 target size). */
async function tapTargets(page: Page, scope: string): Promise<void> {
  type Box = { getBoundingClientRect(): { width: number; height: number }; textContent: string | null };
  const small = await page.locator(scope).evaluate((root) => {
    const out: string[] = [];
    for (const el of Array.from((root as unknown as { querySelectorAll(s: string): ArrayLike<Box> }).querySelectorAll('a, button'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown at this width
      if (r.height < 44 || r.width < 44) out.push(`${(el.textContent ?? '').trim()} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
  expect(small).toEqual([]);
}

/** The browser's install prompt, as Chromium fires it when the app is installable (counted in `__prompted` when shown). */
const firePrompt = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (t: string) => object; __prompted?: number };
    const e = Object.assign(new w.Event('beforeinstallprompt'), {
      prompt: async () => void (w.__prompted = (w.__prompted ?? 0) + 1),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    w.dispatchEvent(e);
  });
const stored = (page: Page, key: string) => page.evaluate((k) => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(k), key);

const nextHeading = (page: Page) => page.getByTestId('next-thing').getByRole('heading', { level: 2 });

test.describe('journey: from the home page to the table', () => {
  test.setTimeout(300_000);

  test('the home page says what to do next in every state, the challenge page switches to my table at the seating, a live challenge stays listed', async ({ page, browser }) => {
    await page.setViewportSize(WIDTHS.phone);
    await signUp(page, 'Next Player');
    await page.goto('/');

    // Nothing to do yet. The phone's header is one row: the page's own content starts within 64 px.
    await expect(nextHeading(page)).toHaveText('Nothing to do right now');
    expect(await page.locator('#main').evaluate((m) => m.getBoundingClientRect().top)).toBeLessThanOrEqual(64);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs.getByRole('link')).toHaveText(['Challenges', 'House tables', 'My games', 'Notifications']);
    await tapTargets(page, 'header');
    await tapTargets(page, 'nav.main-nav');
    await keepScreenshot(page, 'header-375', { fullPage: false });
    // The rest of the sections, the language and the account are in the one menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const more = page.getByRole('navigation', { name: 'More' });
    await expect(more.getByRole('link')).toHaveText(['Wallet', 'My penalties', 'Settings']);
    await expect(page.getByRole('banner').getByRole('group', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await tapTargets(page, '#site-menu');
    await expectAccessible(page);
    await keepScreenshot(page, 'header-menu-375', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(more).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeFocused();

    // Registered, check-in not open yet: the challenge and when play starts.
    const later = await platform.openChallenge({ bots: 3, checkInOpensInMs: 3_600_000 });
    await page.goto(`/challenges/${later.challengeId}`);
    await page.getByRole('region', { name: 'Your registration' }).getByRole('button', { name: 'Register' }).click();
    await expect(page.getByTestId('my-registration')).toContainText('You are registered.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
    await expect(nextHeading(page)).toContainText('You are registered (play starts in');

    // Check-in open: "Check in now (closes in …)" first, the other registration below it. 15 checked in before me:
    // with me, 16 — four tables of four in round 1, so I am seated at the start.
    const ch = await platform.openChallenge({ bots: 15 });
    await page.goto(`/challenges/${ch.challengeId}`);
    await page.getByRole('region', { name: 'Your registration' }).getByRole('button', { name: 'Register' }).click();
    await expect(page.getByTestId('my-registration')).toContainText('You are registered.');
    await page.goto('/');
    await expect(nextHeading(page)).toContainText(/Check in now \(closes in \d+:\d\d\)/);
    await expect(page.getByRole('list', { name: 'Also to do' })).toContainText('You are registered (play starts in');
    await screens(page, 'home-signed-in', async (p) => {
      await expect(nextHeading(p)).toContainText('Check in now');
      await tapTargets(p, '[data-testid="next-thing"]');
      await expectAccessible(p);
    });
    await page.setViewportSize(WIDTHS.phone);
    await page.getByTestId('next-thing').getByRole('button', { name: 'Check in' }).click();
    await expect(nextHeading(page)).toContainText('You are checked in (play starts in');

    // Seated: the challenge page switches to "Go to my table" from the seating's live event (the page's
    // reads poll every 30 s: only the event can make it within 2 s).
    await openLive(page, ch.challengeId);
    await expect(page.getByRole('region', { name: 'Your registration' })).toBeVisible();
    await platform.start(ch.challengeId);
    const go = page.getByRole('link', { name: 'Go to my table' });
    await expect(go).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('region', { name: 'Your registration' })).toHaveCount(0);
    const tableHref = await go.getAttribute('href');
    expect(tableHref).toMatch(/^\/tables\/[0-9a-f-]{36}$/);
    await page.goto('/');
    await expect(nextHeading(page)).toHaveText('Your table is ready — take your seat');
    await expect(page.getByTestId('next-thing').getByRole('link', { name: 'Take my seat' })).toHaveAttribute('href', tableHref!);
    // The running challenge is listed first in its city and under "Live now".
    const { cityName } = (await (await fetch(`${apiBase}/api/challenges/${ch.challengeId}`)).json()) as { cityName: string };
    await expect(page.getByRole('region', { name: 'Live now' }).getByRole('link', { name: `${cityName}: follow the bracket live` })).toBeVisible();
    await page.getByTestId('next-thing').getByRole('link', { name: 'Take my seat' }).click();
    await expect(page).toHaveURL(tableHref!);

    // My game is played to its end (my first game): the table page hears it end.
    await platform.play(tableHref!.split('/').pop()!);
    await expect.poll(() => stored(page, 'dcs.playedGame')).toBe('1');

    // Between rounds, in a challenge of 17 (round 1: one 3-player table, the 14 top seeds have byes; a 100 s break): a
    // player with a bye waits for round 2; when the one table of round 1 ends, the break's countdown, live.
    const b = await platform.challenge({ checkedIn: 17, breakSeconds: 100 });
    const bracket = (await (await fetch(`${apiBase}/api/challenges/${b.challengeId}/bracket`)).json()) as { rounds: { byes: { userId: string }[]; tables: { tableId: string }[] }[] };
    const byeLogin = await platform.password(bracket.rounds[0].byes[0].userId);
    const byeContext = await browser.newContext({ viewport: WIDTHS.phone });
    const bye = await byeContext.newPage();
    await signInAs(bye, byeLogin);
    await bye.goto('/');
    await expect(nextHeading(bye)).toHaveText('You are through — round 2 starts when round 1 ends');
    await openLive(bye, b.challengeId);
    await expect(bye.getByRole('region', { name: 'You are through — round 2 starts when round 1 ends' })).toBeVisible();
    await platform.play(bracket.rounds[0].tables[0].tableId);
    await expect(bye.getByRole('region', { name: /^Round 2 starts in \d+:\d\d$/ })).toBeVisible();
    await bye.goto('/');
    await expect(nextHeading(bye)).toContainText(/^Round 2 starts in \d+:\d\d$/);

    // My first game ended: the install offer comes once, away from the table, when the browser allows it.
    await page.goto('/');
    await firePrompt(page);
    const offer = page.getByRole('complementary', { name: 'Install DCS Dominoes' });
    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Install' }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __prompted?: number }).__prompted)).toBe(1);
    await page.reload();
    await firePrompt(page);
    await expect(page.getByTestId('next-thing')).toBeVisible();
    await expect(offer).toHaveCount(0);

    // A visitor finds the running challenges first, and a live table to watch.
    const visitorContext = await browser.newContext({ viewport: WIDTHS.phone });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Weekly challenges' })).toBeVisible();
    const live = visitor.getByRole('region', { name: 'Live now' });
    await expect(live.getByRole('link', { name: `${cityName}: follow the bracket live` })).toBeVisible();
    await expect(live.getByRole('link', { name: /^Watch live/ })).toBeVisible();
    const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { level: 3, name: cityName }) });
    await expect(card.getByText('Live now')).toBeVisible();
    await screens(visitor, 'home-visitor', async (p) => {
      await expect(p.getByRole('region', { name: 'Live now' })).toBeVisible();
      await expectAccessible(p);
    });
    await keepScreenshot(visitor, 'header-visitor-1280', { fullPage: false });
  });

  test('the app is installable, opens offline with an offline notice, and offers the install once after a first game', async () => {
    // Chromium answers "in-incognito" for a browser context without a profile: this check gets a profile of its own.
    const dir = await mkdtemp(join(tmpdir(), 'dcs-install-'));
    const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', baseURL: apiBase, viewport: WIDTHS.phone });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await installable(page);
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Chromium's installability check, the offline shell and no install offer before a first game. */
async function installable(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // Offline: the page comes from the service worker's copy and says it is offline.
  await page.reload(); // now controlled by the worker
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'home-offline-375', { fullPage: false });
  await page.context().setOffline(false);

  // No game played in this browser: the browser's prompt is kept, not offered.
  await page.reload();
  await firePrompt(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly challenges' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Install DCS Dominoes' })).toHaveCount(0);
}
