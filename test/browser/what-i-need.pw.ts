import { expect, test } from '@playwright/test';
import { placesIfEndedNow } from '../../libs/engine/src/places-now';
import { expectAccessible, openTableDetails, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { signInAs } from './support/staff';

type Need = { clinch: { level: string; challenges: number; points: number } | null; outBelow: number };
interface Row { playerId: string; displayName: string; rank: number; points: number; status: string; need: Need | null }

/** "What I need" (issue 24, part 3): a player in contention sees it on the standings and their page; a live challenge table shows the places if the game ended now. */
test.describe('what I need', () => {
  test('a player in contention sees what they need on the standings (their row highlighted) and on their page', async ({ page }) => {
    // 9 of 12 weeks played: the top has pulled away, the chasers still have a chance.
    const season = await platform.season({ players: 40, weeksPlayed: 9 });
    const base = `${apiBase}/api/cities/${season.cityId}/seasons/${season.seasonId}`;
    const rows = ((await (await fetch(`${base}/standings?pageSize=50`)).json()) as { items: Row[] }).items;
    // A chaser: in contention, below the cut, with a result that clinches and a floor to stay in the race.
    const me = rows.find((r) => r.rank > 6 && r.status === 'in-contention' && r.need?.clinch && r.need.outBelow > 0);
    expect(me, 'the simulated season has a chaser in contention').toBeDefined();
    const login = await platform.password(me!.playerId);
    await signInAs(page, login);

    await page.goto(`/cities/${season.cityId}/standings`);
    const clinch = me!.need!.clinch!;
    const times = clinch.challenges === 1 ? 'once' : clinch.challenges === 2 ? 'twice' : `${clinch.challenges} times`;
    const top: Record<string, string> = { '2': 'top 2', '3-4': 'top 4', '5-8': 'top 8', '9-16': 'top 16' };
    const words =
      clinch.level === '1' ? (clinch.challenges === 1 ? 'win any challenge' : `win ${clinch.challenges} challenges`) : clinch.level === 'participation' ? /play/ : `finish ${top[clinch.level]} ${times}`;
    await screens(page, 'what-i-need-standings', async (p) => {
      const card = p.getByTestId('my-need');
      await expect(card).toContainText(`You: rank ${me!.rank}, ${me!.points.toLocaleString('en-US')} points`);
      await expect(card).toContainText('To clinch the Elite Six:');
      await expect(card).toContainText(words);
      await expect(card).toContainText(`+${clinch.points.toLocaleString('en-US')} points at least`);
      await expect(card).toContainText(`You are eliminated if you gain fewer than ${me!.need!.outBelow.toLocaleString('en-US')} more points.`);
      // Their own row is marked, and every row in contention says what clinches it.
      const mine = p.locator(`tbody tr[data-player="${me!.playerId}"]`);
      await expect(mine).toHaveClass(/\bme\b/);
      await expect(mine).toContainText('(you)');
      await expect(mine.locator('td.need-cell')).toContainText(`Clinches: ${typeof words === 'string' ? words : 'play'}`);
      const eliminated = rows.find((r) => r.status === 'eliminated');
      if (eliminated) await expect(p.locator(`tbody tr[data-player="${eliminated.playerId}"] td.need-cell`)).toHaveText('—');
      await expectAccessible(p);
    });

    await page.locator(`tbody tr[data-player="${me!.playerId}"] th a`).click();
    await expect(page).toHaveURL(new RegExp(`/players/${me!.playerId}`));
    await screens(page, 'what-i-need-player', async (p) => {
      const need = p.getByTestId('season-need');
      await expect(need).toContainText('What you need');
      await expect(need).toContainText('3 challenges left');
      await expect(need).toContainText(words);
      await expect(need).toContainText(`You are eliminated if you gain fewer than ${me!.need!.outBelow.toLocaleString('en-US')} more points.`);
    });
  });

  test('a live challenge table shows each seat\'s place if the game ended now, and who advances', async ({ page }) => {
    const ch = await platform.challenge({ checkedIn: 16 });
    const { tableId } = await platform.bots(ch.login.userId);
    await platform.play(tableId, 12);
    await signInAs(page, ch.login);
    await page.goto(`/tables/${tableId}`);
    await screens(page, 'what-i-need-table', async (p) => {
      await openTableDetails(p);
      const now = p.getByTestId('places-now');
      await expect(now).toContainText('If the game ended now');
      await expect(now.getByRole('listitem')).toHaveCount(4);
      // What it says is the rule applied to the scores shown beside each seat (read together, as the bots keep playing).
      await expect(async () => {
        const seats = await p.locator('.players li.player').evaluateAll((els) => els.map((el) => ({ seat: Number(el.getAttribute('data-seat')), score: Number(el.querySelector('.score')?.textContent ?? '0'), forfeit: el.textContent?.includes('forfeit') ?? false })));
        const items = await now.getByRole('listitem').evaluateAll((els) => els.map((el) => ({ seat: Number(el.getAttribute('data-seat')), text: el.textContent ?? '' })));
        const scores = [0, 1, 2, 3].map((s) => seats.find((x) => x.seat === s)!.score);
        const expected = placesIfEndedNow(scores, [0, 1, 2, 3].map((s) => seats.find((x) => x.seat === s)!.forfeit), false);
        expect(items.map((i) => i.seat)).toEqual(expected.places.map((x) => x.seat));
        for (const [i, x] of expected.places.entries()) {
          expect(items[i].text).toContain(x.advances === 'draw' ? 'tie — a 6-4/5-5 draw would decide' : x.advances ? 'advances' : 'out');
        }
      }).toPass({ timeout: 15_000 });
      await expect(now).toContainText('The top 2 advance.');
    });
  });
});
