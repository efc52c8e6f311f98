import { expect, test } from './support/journey';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { signInAs } from './support/staff';

/** SPEC 7: a director runs only the cities an admin assigned them; the admin assigns them on /admin/directors. */
test.describe('directors and their cities', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a director with no city sees none in the console; an admin assigns one; the console then shows that city alone', async ({ browser }) => {
    const ch = await platform.challenge({ checkedIn: 4, start: false });
    const { cityName } = (await (await fetch(`${apiBase}/api/challenges/${ch.challengeId}`)).json()) as { cityName: string };
    const director = await platform.user({ roles: ['director'], displayName: 'Nadia Nocity' });
    const admin = await platform.user({ roles: ['admin'], displayName: 'Amara Admin' });

    const directorPage = await (await browser.newContext()).newPage();
    await signInAs(directorPage, director);
    await directorPage.goto('/director');
    await expect(directorPage.getByRole('heading', { level: 1, name: 'Director console' })).toBeVisible();
    await expect(directorPage.getByText('No city is assigned to you yet')).toBeVisible();
    await expect(directorPage.getByRole('heading', { level: 2, name: cityName })).toHaveCount(0);
    // Another city's challenge, opened by its address, says so instead of offering the director's acts.
    await directorPage.goto(`/director/challenges/${ch.challengeId}`);
    await expect(directorPage.getByRole('alert')).toContainText('Not one of your cities');

    const adminPage = await (await browser.newContext()).newPage();
    await signInAs(adminPage, admin);
    await adminPage.getByRole('link', { name: 'Directors' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Directors and their cities' })).toBeVisible();
    const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { level: 2, name: /Nadia Nocity/ }) });
    await expect(card.getByText('No city yet.')).toBeVisible();
    await card.getByLabel('City for Nadia Nocity').selectOption({ label: cityName });
    await card.getByRole('button', { name: 'Assign to Nadia Nocity' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: `Nadia Nocity now directs ${cityName}.` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Remove ${cityName} from Nadia Nocity` })).toBeVisible();
    await screens(adminPage, 'admin-directors', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Directors and their cities' })).toBeVisible();
      await expectAccessible(p);
    });

    // The director's console now lists that city, and only cities assigned to them.
    await directorPage.goto('/director');
    await expect(directorPage.getByRole('heading', { level: 2, name: cityName })).toBeVisible();
    await expect(directorPage.getByText('No city is assigned to you yet')).toHaveCount(0);
    await expect(directorPage.locator('ul.cities > li')).toHaveCount(1);
    await screens(directorPage, 'director-console-assigned', async (p) => {
      await expect(p.getByRole('heading', { level: 2, name: cityName })).toBeVisible();
      await expectAccessible(p);
    });
  });
});
