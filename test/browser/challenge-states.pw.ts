import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { platform } from './support/platform-control';

/**
 * A challenge page before, during and after play: "Live" only while it is played, the draw's own time before it
 * (not "noon" for a challenge that starts at another hour), and once it is over the placements first, numbered once.
 */
test.describe('a challenge page through its states', () => {
  test.describe.configure({ timeout: 240_000 });

  test('before the draw: no Live badge, the start time it is drawn at; cancelled: no promise of a draw', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 8, start: false });
    await page.goto(`/challenges/${ch.challengeId}`);
    await screens(page, 'challenge-before-draw', async (p) => {
      const note = p.getByText(/The bracket is drawn when the challenge starts \(.+\)\./);
      await expect(note).toBeVisible();
      await expect(note).not.toContainText('noon');
      await expect(p.getByRole('heading', { level: 2, name: 'Bracket' })).toBeVisible();
      await expect(p.getByRole('status').filter({ hasText: /^(Live|Connecting…?)$/ })).toHaveCount(0);
      await expectAccessible(p);
    });
    // Too few players at the start: cancelled, and the page no longer says a bracket will be drawn.
    const few = await platform.challenge({ checkedIn: 4 });
    await page.goto(`/challenges/${few.challengeId}`);
    await expect(page.getByText(/only 4 players checked in/)).toBeVisible();
    await expect(page.getByText('No bracket: the challenge was cancelled.')).toBeVisible();
    await expect(page.getByText(/The bracket is drawn/)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^(Live|Connecting…?)$/ })).toHaveCount(0);
  });

  test('played to its end: Live while it runs; then the placements first, each place written once', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16, breakSeconds: 0 });
    await page.goto(`/challenges/${ch.challengeId}`);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Final placements' })).toHaveCount(0);
    // 16 players: four tables, two, then the final — each round's tables played out as they are seated
    for (let round = 1; round <= 3; round++) {
      let tables: { id: string; status: string }[] = [];
      await expect(async () => {
        tables = (await platform.bracket(ch.challengeId)).rounds.find((r) => r.round === round)?.tables ?? [];
        expect(tables.length).toBe(4 >> (round - 1));
      }).toPass({ timeout: 60_000 });
      for (const t of tables) await platform.play(t.id);
    }

    const placements = page.getByRole('region', { name: 'Final placements' });
    await expect(placements).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0, { timeout: 15_000 });
    await screens(page, 'challenge-completed', async (p) => {
      const items = placements.getByRole('listitem');
      await expect(items).toHaveCount(16);
      // "1 Flow 3 · 500 points", not "1. 1 Flow 3": the list draws no numbers of its own
      await expect(items.first()).toHaveText(/^1 \S/);
      expect(await items.first().evaluate((li) => li.ownerDocument.defaultView!.getComputedStyle(li.parentElement!).listStyleType)).toBe('none');
      // on a phone too, the placements come before the bracket
      const placed = (await p.getByRole('heading', { name: 'Final placements' }).boundingBox())!.y;
      const bracket = (await p.getByRole('heading', { level: 2, name: 'Bracket' }).boundingBox())!.y;
      expect(placed).toBeLessThan(bracket);
      await expect(p.getByRole('group', { name: 'Download the results' })).toBeVisible();
      await expectAccessible(p);
    });
    // the placements as a file (docs/operations.md, "Exports"): the documented columns, every player, the winner first
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Download the results' }).getByRole('link', { name: 'CSV (spreadsheet)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dcs-challenge-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-results\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('challengeId,date,placement,playerId,displayName,seed,roundsPlayed,lastRound,tablesAdvanced,rankingPoints,prizeCents,disqualified');
    expect(lines).toHaveLength(17);
    expect(lines[1].split(',').slice(0, 3)).toEqual([ch.challengeId, expect.any(String), '1']);
  });

  test('on a phone the bracket opens on the current round; between rounds the next one counts down to its start', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const ch = await platform.challenge({ checkedIn: 16, breakSeconds: 600 });
    let tables: { id: string }[] = [];
    await expect(async () => {
      tables = (await platform.bracket(ch.challengeId)).rounds.find((r) => r.round === 1)?.tables ?? [];
      expect(tables.length).toBe(4);
    }).toPass({ timeout: 60_000 });
    for (const t of tables) await platform.play(t.id);
    await expect(async () => expect((await platform.bracket(ch.challengeId)).rounds.find((r) => r.round === 2)?.status).toBe('pending')).toPass({ timeout: 60_000 });

    await page.goto(`/challenges/${ch.challengeId}`);
    const next = page.getByRole('region', { name: 'Round 2' });
    await expect(next).toContainText('not seated yet');
    await expect(next).toContainText(/Starts in (9|10):\d\d/);
    await screens(page, 'challenge-between-rounds', async (p) => {
      // the round to come is the one in view in the sideways strip of rounds, not round 1
      const strip = (await p.getByRole('group', { name: 'Bracket rounds' }).boundingBox())!;
      const shown = (await p.getByRole('region', { name: 'Round 2' }).boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(strip.x - 1);
      expect(shown.x + Math.min(shown.width, 100)).toBeLessThanOrEqual(strip.x + strip.width + 1);
      // on a phone (one round to a screen) round 1 has scrolled out to the left
      if (p.viewportSize()!.width < 700) expect((await p.getByRole('region', { name: 'Round 1' }).boundingBox())!.x).toBeLessThan(strip.x);
      await expectAccessible(p);
    });
  });
});
