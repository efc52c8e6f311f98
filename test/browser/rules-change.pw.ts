import { expect, test } from './support/journey';
import { expectAccessible, screens } from './support/pages';
import { platform } from './support/platform-control';
import { signInAs } from './support/staff';

/** SPEC 6 "Rules changes": an admin publishes a change; a signed-in player is told and accepts it before registering. */
test.describe('journey: a rules change', () => {
  test.afterAll(async () => {
    await platform.withdrawRules();
  });

  test('the admin publishes; the player sees what changed, is refused registration until accepting, accepts and registers; staff see the acceptance', async ({ browser }) => {
    test.setTimeout(180_000);
    const summary = 'From next Saturday the 6-4/5-5 draw window is 10 seconds instead of 5.';
    const admin = await platform.user({ roles: ['admin'], displayName: 'Ada Admin' });
    const player = await platform.user({ roles: [], displayName: 'Rita Rules' });
    const ch = await platform.openChallenge({ bots: 3 });

    // The admin publishes the change from /admin/rules.
    const staff = await (await browser.newContext()).newPage();
    await staff.setViewportSize({ width: 1280, height: 900 });
    await signInAs(staff, admin);
    await staff.getByRole('link', { name: 'Rules' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Rules versions' })).toBeVisible();
    await expect(staff.getByText('No version published yet.')).toBeVisible();
    await staff.getByLabel('What changed (every player reads this before accepting)').fill(summary);
    staff.once('dialog', (d) => void d.accept());
    await staff.getByRole('button', { name: 'Publish the new version' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /Version 1 published; \d+ players told\./ })).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'Version 1', exact: true })).toBeVisible();
    await expect(staff.getByText(/^0 of \d+$/)).toBeVisible();

    // The player signs in: the banner says what changed, on every page.
    const page = await (await browser.newContext()).newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, player);
    const banner = page.getByRole('region', { name: 'The rules have changed (version 1)' });
    await expect(banner).toContainText(summary);
    await page.goto(`/challenges/${ch.challengeId}`);
    await expect(banner).toBeVisible();
    await screens(page, 'rules-change-banner', async (p) => {
      await expect(p.getByRole('region', { name: 'The rules have changed (version 1)' })).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Registering before accepting is refused with the reason, and nothing is registered.
    const reg = page.getByRole('region', { name: 'Your registration' });
    await reg.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(/The rules changed \(version 1\); read what changed and accept them/)).toBeVisible();
    await expect(reg.getByTestId('my-registration')).toContainText('You are not registered.');

    // Told in the inbox too.
    await page.goto('/me/notifications');
    await expect(page.getByText('The rules have changed (version 1)').first()).toBeVisible();

    // Accepting from the banner; the banner goes, registering works.
    await page.goto(`/challenges/${ch.challengeId}`);
    await banner.getByRole('button', { name: 'I accept the rules (version 1)' }).click();
    await expect(banner).toHaveCount(0);
    await reg.getByRole('button', { name: 'Register' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('You are registered.');
    await page.goto('/rules');
    await expect(page.getByText(/^You accepted version 1 on /)).toBeVisible();
    await screens(page, 'rules-page', async (p) => {
      await expect(p.getByRole('heading', { name: 'Version 1', exact: true })).toBeVisible();
      await expectAccessible(p);
    });

    // Staff see who accepted.
    await staff.reload();
    await expect(staff.getByText(/^1 of \d+$/)).toBeVisible();
    await staff.getByRole('button', { name: 'Who accepted' }).click();
    await expect(staff.getByRole('cell', { name: 'Rita Rules' })).toBeVisible();
    await screens(staff, 'admin-rules', async (p) => {
      await expect(p.getByRole('cell', { name: 'Rita Rules' })).toBeVisible();
      await expectAccessible(p);
    });
  });
});
