import { expect, test } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { apiCall, apiToken, signInAs } from './support/staff';

/** The staff consoles' forms: a director creates a challenge, a reviewer works a case (assignment, notes, evidence). */
test.describe('staff work', () => {
  // Two pages at two widths with axe each: minutes on a loaded 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('a director creates a special event: the API refuses it without a reason (shown as sent), then creates it; the audit log shows it', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 4, start: false });
    const { cityName } = (await (await fetch(`${apiBase}/api/challenges/${ch.challengeId}`)).json()) as { cityName: string };
    const director = await platform.user({ roles: ['director'], displayName: 'Carla Creator', directsChallenges: [ch.challengeId] });
    await signInAs(page, director);
    await page.goto('/director');
    await expect(page.getByRole('heading', { level: 1, name: 'Director console' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: cityName }) });
    await card.getByRole('button', { name: `Create challenge in ${cityName}` }).click();
    const form = card.getByRole('form', { name: `New challenge in ${cityName}` });
    await expect(form).toBeVisible();

    // 18:30 is not a Saturday noon: a special event, which needs a reason.
    await form.getByLabel('Start time (local)').fill('18:30');
    await form.getByRole('button', { name: 'Create challenge' }).click();
    await expect(form.getByRole('alert')).toContainText('The challenge was not created');
    await expect(form.getByRole('alert')).toContainText('A special event (another date or time than a Saturday at 12:00) needs a reason');
    await expect(form.getByRole('alert')).toContainText('Code: REASON_REQUIRED');
    await screens(page, 'director-create-challenge-error', async (p) => {
      await expect(form.getByRole('alert')).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A bad prize pool is refused field by field (VALIDATION_FAILED lists prizePoolCents).
    await form.getByLabel('Reason (audited)').fill('evening exhibition for the sponsor');
    await form.getByLabel('Prize pool (US$)').fill('-5');
    await form.getByRole('button', { name: 'Create challenge' }).click();
    await expect(form.getByRole('alert')).toContainText('Code: VALIDATION_FAILED');
    await expect(form.getByRole('alert').getByRole('listitem').filter({ hasText: 'prizePoolCents' })).toBeVisible();

    await form.getByLabel('Prize pool (US$)').fill('');
    await form.getByRole('button', { name: 'Create challenge' }).click();
    const created = form.getByRole('status').filter({ hasText: /Challenge created for \d{4}-\d{2}-\d{2}/ });
    await expect(created).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await screens(page, 'director-create-challenge', async (p) => {
      await expect(created).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await created.getByRole('link', { name: 'Run it' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Run the ${cityName} challenge`);
    const terms = page.getByRole('form', { name: 'Tier and prize pool' });
    await expect(terms).toContainText('Now tier T1, $500');

    // Its tier changed, with a reason: the audit log of the challenge shows both acts.
    await terms.getByLabel('Tier').selectOption('T2');
    await terms.getByLabel('Reason (audited)').fill('sponsor doubled the pool');
    await terms.getByRole('button', { name: 'Save' }).click();
    await expect(terms.getByRole('status')).toHaveText('Saved.');
    await expect(terms).toContainText('Now tier T2');
    await page.goto('/director/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await screens(page, 'director-audit', async (p) => {
      await expect(p.getByText('sponsor doubled the pool').first()).toBeVisible();
      await expectAccessible(p);
    });
  });

  test('a reviewer assigns a case to themself, adds a note and requests a video; an empty note is refused readably', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 4, start: false });
    const reviewer = await platform.user({ roles: ['reviewer'], displayName: 'Nora Notes' });
    const summary = `Browser: notes and evidence (${ch.challengeId.slice(0, 6)})`;
    const opened = await apiCall<{ id: string }>(await apiToken(reviewer), 'POST', '/api/integrity/cases', { subjectIds: [ch.login.userId], summary, highStakes: true });

    await signInAs(page, reviewer);
    await page.goto(`/review/cases/${opened.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(summary);
    await expect(page.getByTestId('assigned')).toHaveText('Nobody is assigned.');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByTestId('assigned')).toHaveText('Assigned to you.');
    await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

    const notes = page.getByRole('region', { name: 'Notes' });
    await expect(notes.getByText('No notes yet.')).toBeVisible();
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('alert')).toContainText('Code: VALIDATION_FAILED');
    await notes.getByLabel('Add a note').fill('Asked the floor judge for the camera 2 footage.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('listitem').filter({ hasText: 'Asked the floor judge for the camera 2 footage.' })).toContainText('You ·');
    await expect(notes.getByRole('alert')).toHaveCount(0);
    await expect(notes.getByLabel('Add a note')).toHaveValue('');

    const evidence = page.getByRole('region', { name: 'Evidence' });
    await expect(evidence.getByText(/No evidence yet\. This case needs a video review/)).toBeVisible();
    await evidence.getByLabel('Description').fill('Footage of table 3, round 2, both angles');
    await evidence.getByRole('button', { name: 'Request video' }).click();
    await expect(evidence.getByRole('listitem').filter({ hasText: 'Footage of table 3, round 2, both angles' })).toContainText('Video request');

    // All of it is the case as the API now has it (a fresh load shows the same).
    await page.reload();
    await expect(page.getByTestId('assigned')).toHaveText('Assigned to you.');
    await screens(page, 'review-case-work', async (p) => {
      await expect(p.getByRole('region', { name: 'Notes' }).getByText('Asked the floor judge for the camera 2 footage.')).toBeVisible();
      await expect(p.getByRole('region', { name: 'Evidence' }).getByText('Footage of table 3, round 2, both angles')).toBeVisible();
      await expectAccessible(p);
    });
  });
});
