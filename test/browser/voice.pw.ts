import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/journey';
import { expectAccessible, openTableDetails, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';
import { apiCall, apiToken, signInAs } from './support/staff';
import type { CreatedUser } from './support/control-types';

type Person = CreatedUser & { token: string; page: Page };

/** A player with a funded wallet and the 18+ confirmation, signed in on a page of their own (Chromium's fake microphone). */
async function person(browser: Browser, name: string): Promise<Person> {
  const login = await platform.user({ roles: [], displayName: name });
  await platform.grant(login.email);
  const token = await apiToken(login);
  await apiCall(token, 'POST', '/api/me/adult-confirmation', { adult: true });
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, login);
  return { ...login, token, page };
}

/** A stake table: the host opens it, the others take the seats given (0 is the host's). */
async function stakeTable(host: Person, others: [Person, number][], partners: boolean): Promise<string> {
  const t = await apiCall<{ id: string }>(host.token, 'POST', '/api/house/tables', { ruleset: 'citizen', seats: others.length + 1, partners, purpose: 'stake', stake: 10 });
  for (const [p, seat] of others) await apiCall(p.token, 'POST', `/api/house/tables/${t.id}/join`, { seat });
  return t.id;
}

/** A person's speaking level as their page shows it (the indicator's data-level, 0 … 1). */
const level = async (page: Page, seat: number) => Number(await page.getByTestId(`speaking-${seat}`).getAttribute('data-level'));

test.describe('journey: voice at the table', () => {
  // Four pages with fake microphones and WebRTC, a minute of voice for the clip: slow on a busy machine.
  test.setTimeout(1_500_000);
  // Its pages are closed when it ends (./support/journey); its two stake games are ended too, by the opponents'
  // forfeits, so that no turn clock runs on at them (a run-out every 20 s) through the journeys after it.
  const forfeits: { token: string; tableId: string }[] = [];
  test.afterEach(async () => {
    for (const f of forfeits.splice(0)) await apiCall(f.token, 'POST', `/api/house/tables/${f.tableId}/forfeit`).catch(() => undefined);
  });

  test('partners hear each other and share a team channel the opponents never get; an opponent\'s voice at a one-on-one stake table is refused; a report carries the last 60 s to the conduct staff', async ({ browser }) => {
    const ana = await person(browser, 'Ana Partner');
    const bo = await person(browser, 'Bo Opponent');
    const cy = await person(browser, 'Cy Partner');
    const di = await person(browser, 'Di Opponent');
    // An opponent's voice at a one-on-one stake table: refused, and the page says so.
    const duelId = await stakeTable(bo, [[di, 1]], false);
    forfeits.push({ token: bo.token, tableId: duelId });
    await bo.page.goto(`/house/tables/${duelId}`);
    await expect(bo.page.getByRole('region', { name: 'Voice' })).toContainText('There is no voice between opponents at a stake table');
    await bo.page.getByRole('button', { name: 'Turn voice on' }).click();
    const refused = bo.page.getByTestId('voice-error');
    await expect(refused).toContainText('Voice is not available here');
    await expect(refused).toContainText('Code: VOICE_NOT_OFFERED');

    // Seats 0 and 2 (Ana, Cy) against 1 and 3 (Bo, Di).
    const tableId = await stakeTable(ana, [[bo, 1], [cy, 2], [di, 3]], true);
    forfeits.push({ token: bo.token, tableId }, { token: di.token, tableId });
    for (const p of [ana, bo, cy, di]) {
      await p.page.goto(`/house/tables/${tableId}`);
      await expect(p.page.getByRole('region', { name: 'Voice' })).toBeVisible();
    }
    await expect(ana.page.getByRole('region', { name: 'Voice' })).toContainText('Voice with your partner only');

    // The four turn voice on: each team links its own two.
    for (const p of [ana, cy, bo, di]) {
      await p.page.getByRole('button', { name: 'Turn voice on' }).click();
      // (the panel's text on failure says why: a refusal, the microphone)
      await expect(p.page.getByTestId('voice-panel')).toContainText('Turn voice off', { timeout: 60_000 });
    }
    // Partners hear each other: a level above silence arrives on each side (the fake microphone beeps).
    for (const [p, partnerSeat] of [[ana, 2], [cy, 0]] as const) {
      await expect(async () => expect(await level(p.page, partnerSeat)).toBeGreaterThan(0.01)).toPass({ timeout: 60_000, intervals: [100] });
    }
    // Team text: Ana's line reaches Cy, not the opponents.
    const anaTeam = ana.page.getByTestId('team-chat');
    await anaTeam.getByLabel('Message').fill('play the double five');
    await anaTeam.getByRole('button', { name: 'Send' }).click();
    await expect(cy.page.getByTestId('team-chat')).toContainText('play the double five');
    // The opponents' own team line, so their pages have surely had the time to get anything sent before it.
    const boTeam = bo.page.getByTestId('team-chat');
    await boTeam.getByLabel('Message').fill('watch the sixes');
    await boTeam.getByRole('button', { name: 'Send' }).click();
    await expect(di.page.getByTestId('team-chat')).toContainText('watch the sixes');
    await expect(async () => expect(await level(bo.page, 3)).toBeGreaterThan(0.01)).toPass({ timeout: 60_000, intervals: [100] });
    for (const opp of [bo, di]) {
      await expect(opp.page.getByTestId('team-chat')).not.toContainText('play the double five');
      // No audio of Ana or Cy on an opponent's page, and no level for them.
      expect(await opp.page.locator(`audio[data-voice-of="${ana.userId}"], audio[data-voice-of="${cy.userId}"]`).count()).toBe(0);
      expect(await level(opp.page, 0)).toBe(0);
      expect(await level(opp.page, 2)).toBe(0);
    }
    await expect(ana.page.getByTestId('team-chat')).not.toContainText('watch the sixes');

    await screens(ana.page, 'voice-panel', async (p) => {
      // On a phone the table fills the screen and the voice panel is in its details (a drawer).
      await openTableDetails(p);
      await expect(p.getByTestId('voice-panel')).toBeVisible();
      await p.getByTestId('voice-panel').scrollIntoViewIfNeeded();
      await expectAccessible(p);
    });
    await ana.page.setViewportSize({ width: 1280, height: 900 });

    // Cy reports Ana's voice after a minute of it: the last 60 s Cy's page heard go with the report.
    await cy.page.waitForTimeout(62_000);
    await cy.page.getByRole('button', { name: "Report Ana Partner's voice" }).click();
    await cy.page.getByLabel('What did Ana Partner say or do?').fill('Shouted insults at me over voice');
    await cy.page.getByRole('button', { name: 'Send the report' }).click();
    await expect(cy.page.getByTestId('voice-reported')).toContainText(/Reported Ana Partner, with the last (5\d|60) s of their voice/);

    // The conduct staff see the report with its clip, playable.
    const reviewer = await platform.user({ roles: ['reviewer'], displayName: 'Rae Reviewer' });
    const staff = await (await browser.newContext()).newPage();
    await staff.setViewportSize({ width: 1280, height: 900 });
    await signInAs(staff, reviewer);
    await staff.goto('/review/voice-reports');
    const report = staff.getByTestId('voice-report').filter({ hasText: 'Shouted insults at me over voice' });
    await expect(report).toContainText('Cy Partner reported Ana Partner');
    const clip = report.getByTestId('voice-clip');
    await expect(clip).toContainText(/Clip: (5\d|60) s/);
    await expect(clip.locator('audio')).toHaveCount(1);
    // The browser reads the clip's audio (its metadata loads, no media error).
    await expect(async () => expect(await clip.locator('audio').evaluate((a) => (a as unknown as { readyState: number; error: unknown }).readyState >= 1 && (a as unknown as { error: unknown }).error === null)).toBe(true)).toPass({ timeout: 15_000 });
    // What they hear: a minute of 16 kHz PCM WAV holding Ana's voice (the fake microphone's beeps), not silence.
    const staffToken = await apiToken(reviewer);
    const listed = await apiCall<{ description: string; clips: { id: string }[] }[]>(staffToken, 'GET', '/api/voice/reports');
    const clipId = listed.find((r) => r.description === 'Shouted insults at me over voice')!.clips[0].id;
    const wav = Buffer.from(await (await fetch(`${apiBase}/api/voice/clips/${clipId}`, { headers: { Authorization: `Bearer ${staffToken}` } })).arrayBuffer());
    expect(wav.toString('latin1', 0, 4) + wav.toString('latin1', 8, 16)).toBe('RIFFWAVEfmt ');
    expect({ rate: wav.readUInt32LE(24), channels: wav.readUInt16LE(22), bits: wav.readUInt16LE(34) }).toEqual({ rate: 16_000, channels: 1, bits: 16 });
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    expect(samples.length).toBeGreaterThanOrEqual(50 * 16_000);
    expect(samples.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeGreaterThan(1000);
    await screens(staff, 'voice-reports', async (p) => {
      await expect(p.getByTestId('voice-report').first()).toBeVisible();
      await expectAccessible(p);
    });
  });
});
