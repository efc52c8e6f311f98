import { expect, test } from './support/journey';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { apiCall, apiToken, signInAs } from './support/staff';

test.describe('journey: the review board decides a case and, independently, its appeal', () => {
  test('a reviewer replays the game and decides; the appeal is refused to them (NOT_INDEPENDENT) and decided by a second reviewer', async ({ page, browser }) => {
    // Three pages at two widths with axe each: on a loaded machine this passes the default 2 minutes.
    test.setTimeout(300_000);
    // Setup through the API, as test/integrity.e2e-spec.ts does: a finished game of the subject, a case about it.
    const ch = await platform.challenge({ checkedIn: 16, breakSeconds: 0 });
    const subject = ch.login;
    // The subject's own table: a case by hand is about games its players played (NOT_THEIR_GAME otherwise).
    const me = await apiCall<{ displayName: string }>(await apiToken(subject), 'GET', '/api/me');
    const table = (await platform.bracket(ch.challengeId)).rounds[0].tables.find((x) => x.seats.some((s) => s.displayName === me.displayName))!;
    const tableView = (await (await fetch(`${apiBase}/api/tables/${table.id}`)).json()) as { game: { gameId: string } | null };
    const gameId = tableView.game!.gameId;
    await platform.play(table.id);
    const first = await platform.user({ roles: ['reviewer'], displayName: 'Rita Reviewer' });
    const second = await platform.user({ roles: ['reviewer'], displayName: 'Ivo Independent' });
    const firstToken = await apiToken(first);
    const summary = `Browser journey: peeking suspected (${ch.challengeId.slice(0, 6)})`;
    const opened = await apiCall<{ id: string }>(firstToken, 'POST', '/api/integrity/cases', { subjectIds: [subject.userId], summary, gameIds: [gameId] });

    // 1. The first reviewer finds the case in the queue, replays its game and decides.
    await signInAs(page, first);
    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Review board: cases' })).toBeVisible();
    await page.getByLabel('Source').selectOption('manual');
    await expect(page.getByRole('link', { name: summary })).toBeVisible();
    await screens(page, 'review-cases', async (p) => {
      await expect(p.getByRole('link', { name: summary })).toBeVisible();
      await expectAccessible(p);
    });
    await page.getByRole('link', { name: summary }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(summary);

    await page.getByRole('link', { name: 'Replay' }).click();
    const viewer = page.getByRole('group', { name: /^Replay:/ });
    await expect(viewer).toBeVisible();
    const counter = page.getByTestId('replay-step');
    await expect(counter).toContainText('Step 1 /');
    await expect(page.getByTestId('replay-move')).toHaveText('Hand 1: the deal.');
    await viewer.focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toContainText('Step 2 /');
    await expect(page.getByTestId('replay-move')).toContainText(' plays ');
    await expect(page.getByTestId('announcer')).toContainText('Step 2 of');
    await expect(page.getByRole('figure', { name: 'Board at step 2' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByTestId('replay-move')).toContainText('Game over.');
    const total = (await counter.innerText()).match(/\/ (\d+)/)![1];
    await expect(counter).toContainText(`Step ${total} / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toContainText(`Step ${Number(total) - 1} / ${total}`);
    await page.keyboard.press('Home');
    await expect(counter).toContainText('Step 1 /');
    await page.getByRole('button', { name: 'Next ▶' }).click();
    await page.getByRole('button', { name: 'Next ▶' }).click();
    await expect(counter).toContainText('Step 3 /');
    await screens(page, 'review-replay', async (p) => {
      await expect(p.getByRole('figure', { name: 'Board at step 3' })).toBeVisible();
      await expectAccessible(p);
    });
    await page.goBack();

    await page.getByRole('button', { name: /^Decide on / }).click();
    const decide = page.getByRole('dialog', { name: /^Decide on / });
    await decide.getByRole('radio', { name: /^Minor/ }).check();
    await decide.getByLabel('Reason (kept in the audit log)').fill('looked at an opponent’s tiles on video');
    await screens(page, 'review-decide-dialog', async (p) => {
      await expect(decide).toBeVisible();
      await expectAccessible(p);
    });
    await decide.getByRole('button', { name: 'Record the decision' }).click();
    await expect(decide).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'minor → minor 1' })).toBeVisible();
    await screens(page, 'review-case', async (p) => {
      await expect(p.getByText(/Decided: minor → minor 1/)).toBeVisible();
      await expectAccessible(p);
    });

    // 2. The player appeals (through the API, as a player would from their own page).
    const decision = (await apiCall<{ decisions: { id: string }[] }>(firstToken, 'GET', `/api/integrity/cases/${opened.id}`)).decisions[0];
    await apiCall(await apiToken(subject), 'POST', '/api/appeals', { decisionId: decision.id, statement: 'I only looked at my own tiles, the camera angle misleads.' });

    // 3. The deciding reviewer is refused the appeal, readably.
    await page.goto('/review/appeals');
    await expect(page.getByRole('heading', { level: 1, name: 'Review board: appeals' })).toBeVisible();
    const mine = page.getByRole('listitem').filter({ hasText: 'the camera angle misleads' });
    await mine.getByRole('button', { name: /^Decide the appeal/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Decide the appeal' });
    await dialog.getByRole('radio', { name: /^Overturned/ }).check();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('I decided this case myself');
    await dialog.getByRole('button', { name: 'Record the outcome' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Only a reviewer independent of the case may decide its appeal');
    await expect(dialog.getByRole('alert')).toContainText('Code: NOT_INDEPENDENT');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // 4. An independent reviewer, on a fresh page, decides it.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await other.setViewportSize({ width: 1280, height: 900 });
    await signInAs(other, second);
    await other.goto('/review/appeals');
    const appeal = other.getByRole('listitem').filter({ hasText: 'the camera angle misleads' });
    await expect(appeal).toBeVisible();
    await screens(other, 'review-appeals', async (p) => {
      await expect(appeal).toBeVisible();
      await expectAccessible(p);
    });
    await appeal.getByRole('button', { name: /^Decide the appeal/ }).click();
    dialog = other.getByRole('dialog', { name: 'Decide the appeal' });
    await dialog.getByRole('radio', { name: /^Overturned/ }).check();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('the video shows no peeking');
    await dialog.getByRole('button', { name: 'Record the outcome' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(other.getByRole('status').filter({ hasText: 'Appeal overturned.' })).toBeVisible();
    await expect(other.getByRole('listitem').filter({ hasText: 'the camera angle misleads' })).toHaveCount(0);
    await otherContext.close();
  });
});
