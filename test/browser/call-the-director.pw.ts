import { expect, test } from './support/journey';
import { expectAccessible, openTableDetails, screens } from './support/pages';
import { platform } from './support/platform-control';
import { signInAs } from './support/staff';

/** SPEC 7, "call the director": from the live table to the city director's console and back, live on both pages. */
test.describe('journey: a player calls the director', () => {
  test('the player calls from the table; the director sees it live, acknowledges and resolves it; the player sees the answer', async ({ browser }) => {
    test.setTimeout(300_000);
    const ch = await platform.challenge({ checkedIn: 16 });
    const director = await platform.user({ roles: ['director'], displayName: 'Dora Director', directsChallenges: [ch.challengeId] });
    const [round1] = (await platform.bracket(ch.challengeId)).rounds;
    const table = round1.tables.find((t) => (t.seats as unknown as { userId: string }[]).some((s) => s.userId === ch.login.userId))!;

    // The director's console, open before the call and never reloaded.
    const console = await (await browser.newContext()).newPage();
    await console.setViewportSize({ width: 1280, height: 900 });
    await signInAs(console, director);
    await console.goto(`/director/challenges/${ch.challengeId}`);
    const calls = console.getByRole('region', { name: /Calls for the director/ });
    await expect(calls.getByTestId('calls-waiting')).toHaveText('0 waiting');
    await expect(calls.getByText('Live')).toBeVisible();
    // The live health: every table of the round still playing, the journey's player not connected yet.
    await expect(calls.getByTestId('challenge-health')).toContainText('16 seats disconnected');

    // A signed-in spectator who plays at no table of it and is not staff is not offered the call (the API would refuse it).
    const watcher = await (await browser.newContext()).newPage();
    await signInAs(watcher, await platform.user({ roles: [], displayName: 'Sam Spectator' }));
    await watcher.goto(`/tables/${table.id}`);
    await expect(watcher.getByRole('heading', { level: 1 })).toContainText(`table ${table.index + 1}`);
    await expect(watcher.getByRole('heading', { level: 1 })).not.toContainText('you are seat');
    await expect(watcher.getByRole('button', { name: 'Call the director' })).toHaveCount(0);

    // The player at their table.
    const player = await (await browser.newContext()).newPage();
    await player.setViewportSize({ width: 375, height: 812 });
    await signInAs(player, ch.login);
    await player.goto(`/tables/${table.id}`);
    await expect(player.getByRole('heading', { level: 1 })).toContainText('you are seat');
    // On a phone the table fills the screen: calling the director is in the table's details (a drawer).
    await openTableDetails(player);
    await player.getByRole('button', { name: 'Call the director' }).click();
    const dialog = player.getByRole('dialog', { name: 'Call the director' });
    await expect(dialog.getByLabel('What is the problem?')).toBeFocused();
    await dialog.getByLabel('What is the problem?').selectOption({ label: 'A problem with the clock' });
    await dialog.getByLabel('Message for the director').fill('My clock jumped by ten seconds after my play');
    await dialog.getByRole('button', { name: 'Send to the director' }).click();
    await expect(dialog).toHaveCount(0);
    const mine = player.getByTestId('my-director-call');
    await expect(mine).toContainText('Waiting for the director');
    await expect(player.getByRole('button', { name: 'Call the director' })).toHaveCount(0);

    // The console hears of it at once: the count, the table, the message and the time waiting
    // (and the next poll of the live health sees the player connected).
    await expect(calls.getByTestId('challenge-health')).toContainText('15 seats disconnected', { timeout: 20_000 });
    await expect(calls.getByTestId('calls-waiting')).toHaveText('1 waiting');
    const card = calls.getByTestId('director-call');
    await expect(card).toContainText(`Round 1, table ${table.index + 1}`);
    await expect(card).toContainText('My clock jumped by ten seconds after my play');
    await expect(card).toContainText(/Waiting \d+ s/);
    await screens(console, 'director-calls-console', async (p) => {
      await expect(p.getByTestId('director-call')).toBeVisible();
      await expectAccessible(p);
    });
    await console.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('button', { name: /^Acknowledge/ }).click();
    await expect(card).toContainText('acknowledged by Dora Director');
    await expect(mine).toContainText('Dora Director is on it');

    await card.getByRole('button', { name: /^Resolve/ }).click();
    const answer = console.getByRole('dialog', { name: /^Answer / });
    await answer.getByLabel(/^Answer \(the caller sees it/).fill('The log shows your clock was right: play on.');
    await answer.getByRole('button', { name: 'Resolve' }).click();
    await expect(answer).toHaveCount(0);
    await expect(calls.getByTestId('calls-waiting')).toHaveText('0 waiting');
    await expect(calls.getByText('Answered lately (1)')).toBeVisible();

    // The player sees the answer at the table without reloading, and may call again.
    await expect(mine).toContainText('Answered');
    await expect(mine).toContainText('Director: The log shows your clock was right: play on.');
    await expect(player.getByRole('button', { name: 'Call the director' })).toBeVisible();
    await screens(player, 'director-calls-table', async (p) => {
      await expect(p.getByTestId('my-director-call')).toBeVisible();
      await expectAccessible(p);
    });
  });
});
