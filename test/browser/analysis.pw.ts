import { expect, test } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import type { RecordedMove } from './support/control-types';
import { signInAs } from './support/staff';

const END = { W: 'west', E: 'east', N: 'north', S: 'south' } as const;
/** A played tile as the viewer words it. */
const words = (m: RecordedMove) => `plays ${m.tile}${m.end ? ` on the ${END[m.end]} end` : ''}`;

test.describe('journey: a player opens the post-game analysis of their finished game', () => {
  test('the game is judged by the worker, the planted blunder is marked at its move with the better play, and an outsider is told when it opens', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const ch = await platform.challenge({ checkedIn: 16, breakSeconds: 0 });
    // The player's game dealt again from a fixed seed and played to the end by the expert, the player's
    // seat playing the worst option once where it cost 30 expected points or more: a known blunder.
    const b = await platform.blunder(ch.login.userId);
    expect(b.played.type).toBe('play');
    const replay = (await (await fetch(`${apiBase}/api/games/${b.gameId}/replay`)).json()) as { steps: { hand: number; action: number | null }[] };
    const step = replay.steps.findIndex((s) => s.hand === b.hand && s.action === b.action) + 1;
    expect(step).toBeGreaterThan(1);

    // An outsider (signed out) may replay it, but its analysis is the challenge's players' until the challenge is complete.
    const outsider = await browser.newPage();
    await outsider.goto(`/games/${b.gameId}`);
    await expect(outsider.getByRole('group', { name: /^Replay:/ })).toBeVisible();
    await expect(outsider.getByTestId('analysis-closed')).toContainText('The analysis is public once the challenge is complete');
    await outsider.close();

    // The player: my games → the finished game's Analysis.
    await signInAs(page, ch.login);
    await page.goto('/me/games');
    const card = page.locator(`[data-game="${b.gameId}"]`);
    await expect(card).toContainText('finished');
    await card.getByRole('link', { name: /^Analysis/ }).click();
    await expect(page).toHaveURL(new RegExp(`/games/${b.gameId}$`));
    const analysis = page.getByRole('region', { name: 'Analysis' });
    // Pending ("Analysing…", asked again every 2 s) until the worker's scan has judged it.
    const seats = analysis.getByRole('list', { name: 'Accuracy per player' });
    await expect(seats).toBeVisible({ timeout: 60_000 });
    // Only the player's own decisions before the challenge is complete: one seat, theirs, with the blunder counted.
    await expect(seats.getByRole('listitem')).toHaveCount(1);
    await expect(seats.getByRole('listitem')).toContainText('(you)');
    await expect(seats.getByRole('listitem')).toContainText(/%.*decisions.* [1-9]\d* blunders?$/);
    await expect(analysis).toContainText('Your decisions only');

    // Jump from the deal through the flagged moves until the blunder's move.
    const counter = page.getByTestId('replay-step');
    await expect(counter).toContainText('Step 1 /');
    const next = page.getByRole('button', { name: 'Next mistake ›' });
    for (let n = 0; n < 20 && !(await counter.innerText()).startsWith(`Step ${step} /`); n++) await next.click();
    await expect(counter).toContainText(`Step ${step} /`);
    await expect(page.getByTestId('replay-move')).toContainText(`(you) ${words(b.played)}`);
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toContainText('Blunder');
    await expect(verdict).toContainText(`Better: `);
    await expect(verdict).toContainText(`(you) ${words(b.best)} — expected gain +`);
    await expect(page.getByTestId('announcer')).toContainText('Blunder:');
    // The flagged list names it too, and stepping away and back with the keyboard (P/N) returns to it.
    await expect(analysis.getByRole('button', { name: new RegExp(`^Blunder step ${step}: .*${words(b.played)}`) })).toBeVisible();
    await page.getByRole('group', { name: /^Replay:/ }).focus();
    await page.keyboard.press('Home');
    await expect(counter).toContainText('Step 1 /');
    await analysis.getByRole('button', { name: new RegExp(`^Blunder step ${step}:`) }).click();
    await expect(counter).toContainText(`Step ${step} /`);
    await screens(page, 'analysis-blunder', async (p) => {
      await expect(p.getByTestId('verdict')).toContainText('Blunder');
      await expectAccessible(p);
    });
  });
});
