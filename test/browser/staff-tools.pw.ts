import { expect, test } from '@playwright/test';
import { expectAccessible, openTableDetails, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { apiCall, apiToken, signInAs } from './support/staff';

type Line = { userId: string; displayName: string; status: string };

/** Issue 43, staff tools: the registrations list and the audit log in words, the create form at full width, appeals named, a case by hand, a player's report. */
test.describe('staff tools', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a director finds a player in the registrations list, disqualifies them from it, and reads it in words in the audit log', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 4, start: false });
    const director = await platform.user({ roles: ['director'], displayName: 'Lena Lists', directsChallenges: [ch.challengeId] });
    const lines = await apiCall<Line[]>(await apiToken(director), 'GET', `/api/challenges/${ch.challengeId}/roster`);
    const victim = lines[1];
    const { cityName } = (await (await fetch(`${apiBase}/api/challenges/${ch.challengeId}`)).json()) as { cityName: string };

    await signInAs(page, director);
    await page.goto(`/director/challenges/${ch.challengeId}`);
    const list = page.getByRole('region', { name: 'Registrations' });
    await expect(list.getByRole('status')).toHaveText('4 players');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').first()).toContainText('checked in');

    // Search by a part of the name, any case: one line left.
    await list.getByLabel('Name').fill(victim.displayName.slice(-4).toLowerCase());
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(victim.displayName);
    await list.getByRole('button', { name: `Disqualify ${victim.displayName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disqualify ${victim.displayName}` });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('played under another player’s account');
    await dialog.getByRole('button', { name: 'Disqualify' }).click();
    await expect(dialog).toHaveCount(0);
    const line = list.getByRole('listitem').filter({ hasText: victim.displayName });
    await expect(line).toContainText('disqualified');
    await expect(line).toContainText('Disqualified: played under another player’s account');
    await expect(line.getByRole('button')).toHaveCount(0);
    await list.getByLabel('Name').fill('');
    await list.getByLabel('Show').selectOption('checked_in');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await screens(page, 'director-registrations', async (p) => {
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The audit log in words, filtered by the player's name and the kind of act.
    await page.goto('/director/audit');
    const filters = page.getByRole('form', { name: 'Audit log filters' });
    await filters.getByLabel('Person').fill(victim.displayName);
    await filters.getByLabel('What happened').selectOption({ label: 'Disqualifications' });
    await filters.getByRole('button', { name: 'Filter' }).click();
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Lena Lists disqualified ${victim.displayName} from ${cityName}`);
    await expect(entries.first()).toContainText('Reason: played under another player’s account');
    await screens(page, 'director-audit-words', async (p) => {
      await expect(entries).toHaveCount(1);
      await expectAccessible(p);
    });
    // A day before today holds none of it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await filters.getByLabel('To', { exact: true }).fill('2020-01-01');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No entry.')).toBeVisible();

    // The create-challenge form takes the row's whole width on a desktop.
    await page.goto('/director');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: cityName }) });
    await card.getByRole('button', { name: `Create challenge in ${cityName}` }).click();
    const form = card.getByRole('form', { name: `New challenge in ${cityName}` });
    await expect(form).toBeVisible();
    const main = (await page.getByRole('main').boundingBox())!;
    expect((await form.boundingBox())!.width).toBeGreaterThan(main.width * 0.85);
    await screens(page, 'director-create-challenge-wide', async (p) => {
      await expect(form).toBeVisible();
      await expectAccessible(p);
    });

    // In Spanish: the list and the log in words.
    await page.goto(`/director/challenges/${ch.challengeId}`);
    await page.getByRole('button', { name: 'Español' }).click();
    const lista = page.getByRole('region', { name: 'Inscripciones' });
    await expect(lista.getByRole('status')).toHaveText('4 jugadores');
    await expect(page.getByRole('list', { name: 'Entradas de auditoría, de la más reciente a la más antigua' }).getByRole('listitem').first()).toContainText(`Lena Lists descalificó a ${victim.displayName} de ${cityName}`);
    await screens(page, 'es-director-registrations', async (p) => {
      await expect(lista.getByRole('listitem')).toHaveCount(4);
      await expectAccessible(p);
    });
  });

  test('the appeals list names the appellant and the case; a reviewer opens a case by hand from a player\'s recent games', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16 });
    const first = await platform.user({ roles: ['reviewer'], displayName: 'Ivo Opener' });
    const second = await platform.user({ roles: ['reviewer'], displayName: 'Vera Second' });
    const firstToken = await apiToken(first);
    const appellant = await platform.user({ roles: [], displayName: `Appellant ${ch.challengeId.slice(0, 4)}` });
    const summary = `Seen passing tiles (${ch.challengeId.slice(0, 6)})`;
    const opened = await apiCall<{ id: string }>(firstToken, 'POST', '/api/integrity/cases', { subjectIds: [appellant.userId], summary });
    const decision = await apiCall<{ id: string }>(firstToken, 'POST', `/api/integrity/cases/${opened.id}/decisions`, { userId: appellant.userId, finding: 'minor', reason: 'two witnesses' });
    await apiCall(await apiToken(appellant), 'POST', '/api/appeals', { decisionId: decision.id, statement: 'I never passed a tile, ask the table.' });

    await signInAs(page, second);
    await page.goto('/review/appeals');
    const appeal = page.getByRole('listitem').filter({ hasText: 'I never passed a tile' });
    await expect(appeal.getByRole('heading', { level: 2 })).toHaveText(`Appeal by Appellant ${ch.challengeId.slice(0, 4)}`);
    await expect(appeal).toContainText(summary);
    await expect(appeal.getByRole('link', { name: /^Case opened .* \(manual\)$/ })).toHaveAttribute('href', `/review/cases/${opened.id}`);
    await screens(page, 'review-appeals-named', async (p) => {
      await expect(appeal).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A case by hand about a seated player of the running challenge, on the game they are playing.
    const bracket = await platform.bracket(ch.challengeId);
    const { displayName: seatName, userId: seatId } = bracket.rounds[0].tables[0].seats[1];
    await page.goto('/review');
    await page.getByRole('button', { name: 'Open a case' }).click();
    const form = page.getByRole('form', { name: 'Open a case' });
    await form.getByLabel('Player').fill(seatName);
    // other challenges on this platform seat players of the same name: those carry their id's start
    await form.getByRole('list', { name: 'Players found' }).getByRole('button', { name: new RegExp(`^${seatName}( · #${seatId.slice(0, 8)})?$`) }).click();
    await expect(form).toContainText(`About ${seatName}`);
    const games = form.getByRole('group', { name: `Games of ${seatName} (the latest)` });
    await expect(games.getByRole('checkbox')).toHaveCount(1);
    await games.getByRole('checkbox').check();
    await form.getByLabel('Why (what was seen, where)').fill('Looked at the next seat’s tiles twice.\nThe table saw it.');
    await screens(page, 'review-open-case', async (p) => {
      await expect(form).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Open the case' }).click();
    await expect(page).toHaveURL(/\/review\/cases\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Looked at the next seat’s tiles twice.');
  });

  test('a player reports suspected cheating from the table and from a finished game; the board sees it in its queue', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16 });
    const bracket = await platform.bracket(ch.challengeId);
    const me = await apiCall<{ displayName: string }>(await apiToken(ch.login), 'GET', '/api/me');
    const table = bracket.rounds[0].tables.find((x) => x.seats.some((s) => s.displayName === me.displayName))!;
    const [suspect, another] = table.seats.filter((s) => s.displayName !== me.displayName).map((s) => s.displayName);

    await signInAs(page, ch.login);
    await page.goto(`/tables/${table.id}`);
    const dialog = page.getByRole('dialog', { name: 'Report suspected cheating' });
    // On a phone the table fills the screen and the report is in its details (a drawer); beside the table on a desktop.
    const openReport = async (p: typeof page) => {
      await openTableDetails(p);
      if (!(await dialog.isVisible())) await p.getByRole('button', { name: 'Report suspected cheating' }).click();
      await expect(dialog).toBeVisible();
    };
    await screens(page, 'report-from-table', async (p) => {
      await openReport(p);
      await expectAccessible(p);
    });
    await openReport(page);
    await dialog.getByLabel('Who').selectOption({ label: suspect });
    await dialog.getByRole('radio', { name: /^Collusion/ }).check();
    await dialog.getByLabel('What did you see?').fill('Kept passing when they could play,\nso their partner went out.');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Thank you: your report about ${suspect} is in the review board's queue.` })).toBeVisible();
    // Again for the same game and player: added to the first report, not a second one.
    await page.getByRole('button', { name: 'Report suspected cheating' }).click();
    await dialog.getByLabel('Who').selectOption({ label: suspect });
    await dialog.getByLabel('What did you see?').fill('It happened again in the next hand.');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByRole('status').filter({ hasText: `You had already reported ${suspect} for this game` })).toBeVisible();

    // A finished game's page offers the same form (about another player of that table).
    const finished = await platform.blunder(ch.login.userId);
    await page.goto(`/games/${finished.gameId}`);
    await page.getByRole('button', { name: 'Report suspected cheating' }).click();
    await dialog.getByLabel('Who').selectOption({ label: another });
    await dialog.getByLabel('What did you see?').fill('Always knew which tiles I held.');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Thank you: your report about ${another}` })).toBeVisible();
    await screens(page, 'report-from-game', async (p) => {
      await expect(p.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    });

    // The review board's queue: the reports' case about that player.
    const reviewer = await platform.user({ roles: ['reviewer'], displayName: 'Queue Reader' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAs(page, reviewer);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/review');
    await page.getByLabel('Source').selectOption('report');
    const queued = page.getByRole('listitem').filter({ hasText: 'Community report (collusion): Kept passing when they could play' });
    await expect(queued).toBeVisible();
    // One report (the second was added to it), about that one player.
    await expect(queued).toContainText('1 player');
    await expect(queued).toContainText('1 report');
  });
});
