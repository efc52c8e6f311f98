import { get, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from './support/journey';
import { keepScreenshot, screens, WIDTHS } from './support/pages';
import { apiBase, platform } from './support/platform-control';

/** Issue 43, what a newcomer stumbles on: a blank page on a slow line, errors in codes, jargon, times in the wrong zone. */

/** The bytes as they travel, not decoded (the browser's own decoding hides the encoding from the page). */
const raw = (p: string, headers: Record<string, string>) =>
  new Promise<{ headers: IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
    get(`${apiBase}${p}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ headers: res.headers, bytes }));
    }).on('error', reject);
  });

test('the app is served compressed, and a slow line shows the page taking shape, not a blank screen', async ({ page }) => {
  const index = await (await fetch(`${apiBase}/`, { headers: { Accept: 'text/html' } })).text();
  const bundle = /<script type="module"[^>]*src="([^"]+\.js)"/.exec(index)?.[1];
  expect(bundle).toMatch(/^\/assets\/index-.*\.js$/);
  const plain = await raw(bundle!, { 'Accept-Encoding': 'identity' });
  const br = await raw(bundle!, { 'Accept-Encoding': 'gzip, deflate, br' });
  const gzip = await raw(bundle!, { 'Accept-Encoding': 'gzip' });
  expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
  for (const r of [br, gzip, plain]) {
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
  }
  expect(br.bytes).toBeLessThan(plain.bytes / 3);
  expect(gzip.bytes).toBeLessThan(plain.bytes / 2.5);
  console.log(`[compression] ${bundle}: ${plain.bytes} B plain, ${gzip.bytes} B gzip, ${br.bytes} B brotli`);

  // The app's JavaScript held back: the page already shows its header and where the content will be.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading… · Cargando…');
    await expect(page.locator('.boot-header')).toContainText('DCS Dominoes');
    await keepScreenshot(page, `skeleton-${label === 'phone' ? 375 : 1280}`);
  }
  release();
  await page.reload();
  await expect(page.locator('.boot')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('an error says in words what went wrong; its code waits behind "Details", in both languages', async ({ page }) => {
  await page.goto('/challenges/not-a-challenge');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This link is broken');
  await expect(alert.getByText(/must be a UUID/).first()).toBeHidden();
  await expect(alert.getByText('Code: INVALID_ID')).toBeHidden();
  await alert.getByText('Details', { exact: true }).click();
  await expect(alert.getByText('Code: INVALID_ID')).toBeVisible();
  await screens(page, 'error-in-words', async (p) => expect(p.getByRole('alert').getByText('Code: INVALID_ID')).toBeVisible());

  await page.evaluate(() => localStorage.setItem('dcs.language', 'es'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Este enlace está roto');
  await expect(page.getByRole('alert').getByText('Detalles', { exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('dcs.language'));
});

test('a notice and its e-mail write the check-in deadline the same way, in the zone the browser gave at sign-up', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/Chicago', locale: 'en-US' });
  const page = await context.newPage();
  const email = `zone-${Date.now()}@browser.test`;
  await page.goto('/sign-up');
  await page.getByLabel('Name shown to other players').fill('Zoe Zone');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByText('Zoe Zone')).toBeVisible();
  const verification = await platform.mail(email, 'Confirm your e-mail address');
  await page.goto(`/verify-email?token=${verification.token}`);
  await expect(page.getByRole('status')).toContainText(`${email} is confirmed`);

  const ch = await platform.openChallenge({ bots: 3 });
  await page.goto(`/challenges/${ch.challengeId}`);
  const reg = page.getByRole('region', { name: 'Your registration' });
  await reg.getByRole('button', { name: 'Register' }).click();
  await expect(reg.getByTestId('my-registration')).toContainText('You are registered.');
  expect((await platform.remind(ch.challengeId, 'check_in_open')).notified).toBeGreaterThan(0);

  await page.goto('/me/notifications');
  const notice = page.getByRole('listitem').filter({ hasText: 'check-in is open' });
  const shape = /before (\w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d\s[AP]M CST)/;
  await expect(notice).toContainText(shape);
  await expect(notice).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
  const written = shape.exec(await notice.innerText())![1];
  await screens(page, 'notice-times', async (p) => expect(p.getByRole('listitem').filter({ hasText: 'check-in is open' })).toBeVisible());
  // The e-mail of the same notice: the same words, though the player never opened their settings.
  const mail = await platform.mail(email, 'check-in is open');
  expect(mail.text.replace(/\s/g, ' ')).toContain(`before ${written.replace(/\s/g, ' ')}`);
  expect(mail.text).toContain('Times are in America/Chicago');
});
