import { get, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from './support/journey';
import { keepScreenshot, screens, signUp, WIDTHS } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { signInAs } from './support/staff';

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

  // On a trip (a browser in another zone), the page still writes the account's zone, as its e-mails do; once the player
  // saves another zone in their settings, the page writes that one.
  const away = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  try {
    const there = await away.newPage();
    await signInAs(there, { email, password: 'a long enough password' });
    await expect(there.getByRole('banner').getByText('Zoe Zone')).toBeVisible();
    await there.goto('/me/notifications');
    const seen = there.getByRole('listitem').filter({ hasText: 'check-in is open' });
    await expect(seen).toContainText(`before ${written}`);
    await expect(seen).not.toContainText(/\d:\d\d\s[AP]M PST/);
    const token = (await there.evaluate("localStorage.getItem('dcs.accessToken')")) as string;
    expect((await there.request.put('/api/me/delivery-settings', { headers: { Authorization: `Bearer ${token}` }, data: { timeZone: 'America/New_York' } })).status()).toBe(200);
    await there.reload();
    await expect(there.getByRole('listitem').filter({ hasText: 'check-in is open' })).toContainText(/before \w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d\s[AP]M EST/);
  } finally {
    await away.close();
  }
});

test('history leads somewhere: a finished house game is in "My games", its replay names the computer, the player page says what head-to-head will show', async ({ page }) => {
  await signUp(page, 'Hana History');
  const call = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const token = localStorage.getItem('dcs.accessToken');
        const res = await fetch(p as string, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
        return (await res.json()) as { id: string; gameId: string };
      },
      [path, body],
    );
  const opened = await call('/api/house/tables', { ruleset: 'citizen', seats: 2, purpose: 'friendly', computers: ['hard'], clockMs: 20_000 });
  await call(`/api/house/tables/${opened.id}/forfeit`, {});

  await page.goto('/me/games');
  const game = page.locator('.my-games li').first();
  await expect(game).toContainText('House table · Citizen');
  await expect(game).toContainText('Computer 2 (hard)');
  await screens(page, 'my-games-house', async (p) => expect(p.locator('.my-games li').first()).toContainText(/finished/i));
  await game.getByRole('link', { name: 'Replay' }).click();
  await expect(page.locator('ol.players')).toContainText('Computer 2 (hard)');
  await expect(page.locator('ol.players')).not.toContainText('Seat 2');
  await screens(page, 'replay-house', async (p) => expect(p.locator('ol.players')).toContainText('Computer 2 (hard)'));

  // The house table's game-over offers the replay, not an "Analysis" that would say the game is not analysed.
  await page.goto(`/house/tables/${opened.id}`);
  await expect(page.getByRole('link', { name: 'Replay' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analysis' })).toHaveCount(0);

  const me = await page.evaluate(async () => ((await (await fetch('/api/me', { headers: { Authorization: `Bearer ${localStorage.getItem('dcs.accessToken')}` } })).json()) as { id: string }).id);
  await page.goto(`/players/${me}`);
  const h2h = page.getByRole('region', { name: 'Head-to-head' });
  await expect(h2h).toContainText('has no season results yet');
  await screens(page, 'player-h2h-empty', async (p) => expect(p.getByRole('region', { name: 'Head-to-head' })).toContainText('compare'));
});

test('How to play explains the tournament game, Grey and Yellow and the four house rulesets with pictures, in both languages; /rules links to it', async ({ page }) => {
  await page.goto('/rules');
  await page.getByRole('link', { name: /How to play/ }).click();
  await expect(page).toHaveURL(/\/how-to-play$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to play' })).toBeVisible();
  const grey = page.getByRole('region', { name: 'Grey and Yellow: getting on the board' });
  await expect(grey).toContainText('exactly 10');
  await expect(grey.getByRole('figure', { name: 'Exactly 10: the 6-4 led, ends 6 and 4' })).toBeVisible();
  const spinner = page.getByRole('region', { name: 'The spinner: four open ends' });
  await expect(spinner.getByRole('figure', { name: 'A spinner: the 6-6 with tiles on all four sides' })).toContainText('10');
  const house = page.getByRole('region', { name: 'House tables: the four house rulesets' });
  for (const name of ['Citizen', 'Mook Camp Fitness', 'Inmate', 'DCF Inmate Gym']) await expect(house.getByRole('heading', { name: new RegExp(`\\(${name}\\)`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'the rules' })).toHaveAttribute('href', '/rules');
  await screens(page, 'how-to-play', async (p) => expect(p.getByRole('heading', { level: 1, name: 'How to play' })).toBeVisible());

  await page.evaluate(() => localStorage.setItem('dcs.language', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo se juega' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gris y Amarillo: entrar al tablero' })).toContainText('exactamente 10');
  await screens(page, 'how-to-play-es', async (p) => expect(p.getByRole('heading', { level: 1, name: 'Cómo se juega' })).toBeVisible());
  await page.evaluate(() => localStorage.removeItem('dcs.language'));
});

test('the house lobby opens on "Play the computer" and "Quick match", explains each ruleset in a line, and a Play 2 Pay table shows its expense to the table and in the result', async ({ page, browser }) => {
  await signUp(page, 'Nora Newcomer');
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/house');
  const vs = page.getByRole('region', { name: 'Play the computer' });
  const quick = page.getByRole('region', { name: 'Quick match' });
  const open = page.getByRole('heading', { name: 'Open tables' });
  const custom = page.getByRole('region', { name: 'Custom table' });
  await expect(vs).toBeVisible();
  const y = async (l: import('@playwright/test').Locator) => (await l.boundingBox())!.y;
  // first things first on a phone: both ways in before the open tables, the custom form last
  expect(await y(vs)).toBeLessThan(WIDTHS.phone.height);
  expect(await y(vs)).toBeLessThan(await y(quick));
  expect(await y(quick)).toBeLessThan(await y(open));
  expect(await y(open)).toBeLessThan(await y(custom));
  // the ruleset in plain words, the rulebook's name beside it, and one line on what it is like
  await vs.getByLabel('Ruleset').selectOption({ label: 'Quick workout (Mook Camp Fitness)' });
  await expect(vs.getByText('Fast and forgiving: scores of 5 count')).toBeVisible();
  await expect(custom.getByLabel('Points to get on the board ("Get on with")', { exact: true })).toBeAttached();
  await screens(page, 'house-lobby', async (p) => expect(p.getByRole('region', { name: 'Play the computer' })).toBeVisible());

  // Play the computer: one click, a dealt table against it
  await vs.getByLabel('Ruleset').selectOption('citizen');
  await vs.getByLabel('How strong').selectOption('hard');
  await vs.getByRole('button', { name: 'Play the computer' }).click();
  await expect(page).toHaveURL(/\/house\/tables\//);
  await expect(page.getByText('Computer 2 (hard)').first()).toBeVisible();
  await expect(page.locator('.my-hand')).toBeVisible();
  await page.getByRole('button', { name: 'Forfeit…' }).click();
  await page.getByRole('button', { name: 'Yes, forfeit' }).click();
  await expect(page.getByTestId('settlement')).toBeVisible();

  // Quick match: the first player opens a table that waits, the next one sits at it
  const others = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all(others.map((c) => c.newPage()));
  await signUp(first, 'Quin Quick');
  await signUp(second, 'Rita Ready');
  for (const p of [first, second]) {
    await p.goto('/house');
    await p.getByRole('region', { name: 'Quick match' }).getByLabel('Ruleset').selectOption('inmate');
    await p.getByRole('region', { name: 'Quick match' }).getByRole('button', { name: 'Quick match' }).click();
    await expect(p).toHaveURL(/\/house\/tables\//);
  }
  expect(second.url()).toBe(first.url());
  await expect(second.locator('.my-hand')).toBeVisible();

  // Play 2 Pay: the host writes the expense; the table and its result show it
  await page.goto('/house');
  await custom.getByLabel('Ruleset', { exact: true }).selectOption('citizen');
  await custom.getByLabel('Seats', { exact: true }).selectOption('2');
  await custom.getByLabel('Seat 2', { exact: true }).selectOption('easy');
  await custom.getByRole('radio', { name: /Play 2 Pay/ }).check();
  await custom.getByLabel('What the loser pays for').fill('the coffee');
  await screens(page, 'house-custom-play2pay', async (p) => expect(p.getByLabel('What the loser pays for')).toHaveValue('the coffee'));
  await custom.getByRole('button', { name: 'Open the table' }).click();
  await expect(page).toHaveURL(/\/house\/tables\//);
  await expect(page.getByText('the coffee').first()).toBeVisible();
  await page.getByRole('button', { name: 'Forfeit…' }).click();
  await page.getByRole('button', { name: 'Yes, forfeit' }).click();
  await expect(page.getByTestId('play-to-pay-result')).toContainText('“the coffee” — won by Computer 2 (easy)');
  await screens(page, 'house-play2pay-result', async (p) => expect(p.getByTestId('play-to-pay-result')).toBeVisible());
});
