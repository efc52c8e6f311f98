import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';

const tokenOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('dcs.accessToken'));

test.describe('journey: the platform reaches a player outside the page', () => {
  test.setTimeout(240_000);

  test('signs up and verifies the address from the mail, resets a forgotten password, gets the check-in reminder by e-mail and push, and the seated table calls a background tab', async ({ page }) => {
    const email = `reach-${Date.now()}@browser.test`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign up; the verification link arrives at the test's SMTP server.
    await page.goto('/sign-up');
    await page.getByLabel('Name shown to other players').fill('Reach Player');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('banner').getByText('Reach Player')).toBeVisible();
    const verification = await platform.mail(email, 'Confirm your e-mail address');
    expect(verification.text).toContain(`${apiBase}/verify-email?token=`);
    await page.goto(`/verify-email?token=${verification.token}`);
    await expect(page.getByRole('status')).toContainText(`${email} is confirmed`);
    await screens(page, 'verify-email', async (p) => {
      await expect(p.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
      await expectAccessible(p);
    });

    // Forget the password: sign out, ask for a link from the sign-in page, choose a new password.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account has this address');
    const reset = await platform.mail(email, 'Reset your password');
    await page.goto(`/reset-password?token=${reset.token}`);
    await screens(page, 'reset-password', async (p) => {
      await expect(p.getByLabel('New password')).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('New password').fill('my brand new password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('status')).toContainText('every device was signed out');
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('my brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByText('Reach Player')).toBeVisible();

    // The notification settings page; a push device of the test's push service for this account.
    await page.goto('/me/settings/notifications');
    await screens(page, 'notification-settings', async (p) => {
      await expect(p.getByText('confirmed', { exact: true })).toBeVisible();
      await expect(p.getByRole('checkbox', { name: 'Check-in is open by push' })).toBeChecked();
      await expectAccessible(p);
    });
    // The private calendar feed: its address shown once, replaced by a new one on demand.
    await page.setViewportSize({ width: 1280, height: 900 });
    const feed = page.getByRole('region', { name: 'My calendar feed' });
    await feed.getByRole('button', { name: 'Make my feed address' }).click();
    await expect(feed.getByLabel(/Your feed address/)).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const firstFeed = await feed.getByLabel(/Your feed address/).inputValue();
    expect((await page.request.get(new URL(firstFeed).pathname)).headers()['content-type']).toBe('text/calendar; charset=utf-8');
    await feed.getByRole('button', { name: /Make a new address/ }).click();
    await expect(feed.getByLabel(/Your feed address/)).not.toHaveValue(firstFeed);
    const gone = await page.request.get(new URL(firstFeed).pathname);
    expect([gone.status(), (await gone.json()).code]).toEqual([404, 'CALENDAR_FEED_UNKNOWN']);
    await screens(page, 'calendar-feed', async (p) => {
      await expect(p.getByRole('region', { name: 'My calendar feed' }).getByLabel(/Your feed address/)).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    const { device } = await platform.pushDevice((await tokenOf(page)) as string);

    // Register for a challenge in its check-in window; the countdowns read as a person reads time.
    const ch = await platform.openChallenge({ bots: 15 });
    await page.goto(`/challenges/${ch.challengeId}`);
    const reg = page.getByRole('region', { name: 'Your registration' });
    await expect(reg.getByText(/Check-in closes in \d+:\d\d \(/)).toBeVisible();
    await reg.getByRole('button', { name: 'Register' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('You are registered.');
    await screens(page, 'challenge-countdown', async () => {
      await expect(reg.getByText('Check-in closes in')).toBeVisible();
    });
    // "Add to calendar": the challenge's .ics and a Google Calendar link.
    const add = page.getByRole('group', { name: 'Add to calendar' });
    const ics = await page.request.get((await add.getByRole('link', { name: '.ics file' }).getAttribute('href')) as string);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`UID:challenge-${ch.challengeId}@`);
    await expect(add.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
    await screens(page, 'add-to-calendar', async () => {
      await expect(add).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The check-in reminder, by e-mail and by push.
    expect((await platform.remind(ch.challengeId, 'check_in_open')).notified).toBeGreaterThan(0);
    const reminder = await platform.mail(email, 'check-in is open');
    expect(reminder.text).toContain(`/challenges/${ch.challengeId}`);
    expect(reminder.copies).toBe(1);
    const pushed = await platform.push(device, 'reminder.check_in_open');
    expect(pushed).toMatchObject({ url: `/challenges/${ch.challengeId}` });
    await reg.getByRole('button', { name: 'Check in' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('Checked in.');

    // The page goes to the background. Headless Chromium keeps every tab visible (another tab brought to the
    // front, a minimised window: still "visible"), so the page is told what a browser tells a background tab:
    // document.hidden / visibilityState and a visibilitychange event. The table is then seated for real.
    const title = await page.title();
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        const doc = globalThis as unknown as { document: { dispatchEvent(e: unknown): void } };
        Object.defineProperty(doc.document, 'hidden', { configurable: true, get: () => h });
        Object.defineProperty(doc.document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        doc.document.dispatchEvent(new (globalThis as unknown as { Event: new (t: string) => unknown }).Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    expect((await platform.start(ch.challengeId)).result).toBe('started');
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`● Your table is seated — ${title}`);
    await expect.poll(() => page.evaluate(() => Number((globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset.attentionSounds ?? 0))).toBeGreaterThan(0);
    await platform.mail(email, 'your table');
    // Back in front: the title is the page's own again.
    await setHidden(false);
    await expect.poll(() => page.title()).toBe(title);
  });

  test('an admin reads the outbox page', async ({ page }) => {
    const admin = await platform.user({ roles: ['admin'] });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Outbox' }).click();
    await screens(page, 'admin-outbox', async (p) => {
      await expect(p.getByRole('heading', { name: 'Outbox' })).toBeVisible();
      await expect(p.getByText('E-mail is sent through SMTP_URL')).toBeVisible();
      await expectAccessible(p);
    });
  });
});
