import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import type { CreatedSeason } from './support/control-types';

interface Row { playerId: string; displayName: string; rank: number; points: number; tiebreak: string | null; status: string }
const REASON: Record<string, string> = { points: 'Points', 'head-to-head': 'Head-to-head', 'tournament-wins': 'Tournament wins', 'score-differential': 'Score differential', 'games-played': 'Games played', 'recent-performance': 'Recent performance' };
const STATUS: Record<string, string> = { clinched: 'Clinched', 'in-contention': 'In contention', eliminated: 'Eliminated' };

/** Journey 6: the standings of a simulated 12-week season (10 weeks played, 60 players): statuses, the tiebreaker column, the cut line, the Elite Six, paging and search in the URL, a player's page. */
test.describe('season standings and the player page', () => {
  let season: CreatedSeason;
  let api: { total: number; items: Row[] }[];
  let six: { qualifiers: { displayName: string; seed: number }[] };

  test.beforeAll(async () => {
    season = await platform.season({ players: 60, weeksPlayed: 10 });
    const base = `${apiBase}/api/cities/${season.cityId}/seasons/${season.seasonId}`;
    api = await Promise.all([1, 2].map(async (page) => (await fetch(`${base}/standings?page=${page}&pageSize=50`)).json() as Promise<{ total: number; items: Row[] }>));
    six = (await (await fetch(`${base}/elite-six`)).json()) as typeof six;
  });

  /** Every row on screen shows the rank, name, points, the tiebreaker and the status the API gives. */
  async function expectRows(page: Page, rows: Row[]) {
    const body = page.getByRole('table').locator('tbody tr');
    await expect(body).toHaveCount(rows.length);
    const column = (sel: string) => page.locator(`tbody tr > ${sel}`).allInnerTexts();
    const [ranks, players, points, reasons, statuses] = await Promise.all([column('td:nth-child(1)'), column('th a'), column('td:nth-child(3)'), column('td:nth-child(4)'), column('td:nth-child(5)')]);
    const shown = ranks.map((rank, i) => [rank, players[i], points[i], reasons[i], statuses[i]].map((t) => t.trim()));
    expect(shown).toEqual(rows.map((r) => [String(r.rank), r.displayName, r.points.toLocaleString('en-US'), r.tiebreak ? REASON[r.tiebreak] : r.rank === 1 ? '—' : 'Tied', STATUS[r.status]]));
  }

  test('statuses, tiebreakers, the cut line and the Elite Six; pages and search kept in the URL', async ({ page }) => {
    const all = [...api[0].items, ...api[1].items];
    expect(api[0].total).toBe(60);
    // The simulated season has all three races and at least one place decided by a tiebreaker.
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['clinched', 'in-contention', 'eliminated']));
    expect(all.some((r) => r.tiebreak !== null && r.tiebreak !== 'points')).toBe(true);

    await page.goto(`/cities/${season.cityId}/standings`);
    await screens(page, 'standings', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: /Season standings/ })).toBeVisible();
      await expect(p.getByText('10 of 12 challenges played')).toBeVisible();
      await expect(p.getByRole('columnheader', { name: 'Separated by' })).toBeVisible();
      await expectRows(p, api[0].items);
      // The page itself never scrolls sideways, at 375 px too: only the table does, inside its own box.
      expect(await p.locator('html').evaluate((html: { scrollWidth: number; clientWidth: number }) => html.scrollWidth - html.clientWidth)).toBe(0);
      // The Elite Six cut line: under the 6th row, announced to screen readers.
      await expect(p.locator('tbody tr.cut')).toHaveCount(1);
      await expect(p.locator('tbody tr').nth(5)).toHaveClass(/cut/);
      await expect(p.locator('tbody tr').nth(5)).toContainText('Elite Six cut line below this player');
      const list = p.getByRole('region', { name: /Elite Six/ }).getByRole('listitem');
      await expect(list).toHaveText(six.qualifiers.map((q) => new RegExp(`Seed ${q.seed} ${q.displayName} `)));
      await expect(p.getByRole('group', { name: 'Download the standings' })).toBeVisible();
      await expectAccessible(p);
    });

    // The whole table as a file (docs/operations.md, "Exports"): every player, in standings order, the documented columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV (spreadsheet)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dcs-season-\d+-[0-9a-f]{8}-standings\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('position,rank,playerId,displayName,points,tournamentWins,gamesPlayed,avgScoreDiff,tiebreak,eliteSixEligible,status,pointsStillPossible,resets,eliteSixSeed,eliteSixBenefit');
    expect(lines.filter(Boolean)).toHaveLength(61);
    expect(lines.slice(1, 61).map((l) => l.split(',')[2])).toEqual(all.map((r) => r.playerId));

    // Keyboard paging: Tab to "Next", then → moves on; the URL keeps the page.
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expectRows(page, api[1].items);
    await expect(page.locator('.pager-at')).toHaveText('Page 2 of 2');
    await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page).not.toHaveURL(/page=/);
    await expectRows(page, api[0].items);
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/[?&]page=2/);

    // Search on the server; the URL can be shared and reloads to the same result.
    await page.getByLabel('Find a player').fill('Season 7');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=Season\+7/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText('Season 7');
    await page.reload();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByLabel('Find a player')).toHaveValue('Season 7');
    await page.getByLabel('Find a player').fill('nobody at all');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No player matches “nobody at all”.')).toBeVisible();
  });

  test("a player's page: results, Elite Six status, head-to-head", async ({ page }) => {
    const top = api[0].items[0];
    const other = api[0].items[1];
    await page.goto(`/cities/${season.cityId}/standings`);
    await page.getByRole('table').getByRole('link', { name: top.displayName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/players/${top.playerId}$`));
    await screens(page, 'player', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: top.displayName })).toBeVisible();
      const results = p.getByRole('table').locator('tbody tr');
      await expect(results).toHaveCount(10);
      await expect(p.getByRole('region', { name: 'Seasons and Elite Six' })).toContainText(STATUS[top.status]);
      await expect(p.getByRole('region', { name: 'Seasons and Elite Six' })).toContainText(top.points.toLocaleString('en-US'));
      await expectAccessible(p);
    });
    await page.getByLabel(/Compare with a player/).fill(other.displayName);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: new RegExp(`Head-to-head with ${other.displayName} `) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?vs=${other.playerId}`));
    await expect(page.getByText(new RegExp(`${top.displayName} vs ${other.displayName}: 0 wins, 0 losses`))).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown season city: a readable error', async ({ page }) => {
    await page.goto('/cities/00000000-0000-4000-8000-000000000000/standings');
    await expect(page.getByRole('alert')).toContainText('Code: NOT_FOUND');
    await page.goto('/players/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('This player could not be loaded');
  });
});
