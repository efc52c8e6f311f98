import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, moveTaken, screens } from './support/pages';
import { apiBase, platform } from './support/platform-control';

/**
 * Issue 24: the competitor journey in Spanish — a visitor picks "Español" in the header, signs up (the account
 * keeps Spanish), registers, checks in, plays at the live table with the keyboard and reads the result, opens the
 * game's analysis, the season standings, their player page and their wallet, every step asserted in Spanish; the
 * live table, the bracket, the analysis, the standings, the wallet and the house lobby photographed at 375 px.
 */
const TURN_MS = 40_000;

async function me(page: Page): Promise<{ id: string; locale: string }> {
  const token = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('dcs.accessToken'));
  const res = await fetch(`${apiBase}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as { id: string; locale: string };
}

test.describe('journey: a competitor in Spanish', () => {
  test.setTimeout(900_000);

  test('picks Español, signs up, registers, checks in, plays the game at the live table and reads the result, all in Spanish', async ({ page }) => {
    const ch = await platform.openChallenge({ bots: 15, turnMs: TURN_MS });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A visitor whose browser asks for English: the header's switch turns the page to Spanish.
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByLabel('Nombre que ven los demás jugadores').fill('Jugadora Uno');
    await page.getByLabel('Correo electrónico').fill(`es-${Date.now()}@browser.test`);
    await page.getByLabel('Contraseña').fill('una contraseña bien larga');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('banner').getByText('Jugadora Uno')).toBeVisible();
    // Signed in, the home page starts with what to do next (issue 42).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu próxima jugada');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Nada pendiente ahora mismo');
    const account = await me(page);
    expect(account.locale).toBe('es');

    // Register and check in.
    await page.goto(`/challenges/${ch.challengeId}`);
    const reg = page.getByRole('region', { name: 'Tu inscripción' });
    await expect(reg.getByText('El check-in cierra en')).toBeVisible();
    await expect(reg.getByTestId('my-registration')).toContainText('No estás inscrito.');
    await reg.getByRole('button', { name: 'Inscribirme' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('Estás inscrito.');
    await reg.getByRole('button', { name: 'Hacer check-in' }).click();
    await expect(reg.getByTestId('my-registration')).toContainText('Check-in hecho.');

    // 12:00: the bracket is drawn in Spanish; bots take the other three seats.
    expect((await platform.start(ch.challengeId)).result).toBe('started');
    const { tableId } = await platform.bots(account.id, { knock: true });
    await page.goto(`/challenges/${ch.challengeId}`);
    await screens(page, 'es-bracket', async (p) => {
      await expect(p.getByRole('heading', { name: 'Ronda 1' })).toBeVisible();
      await expect(p.getByText('Ver la mesa 1').first()).toBeVisible();
      await expectAccessible(p);
    });

    // The seated notice, stored in the account's language.
    await page.goto('/me/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos');
    await expect(page.getByRole('heading', { name: /Ronda 1: tu mesa/ })).toBeVisible();

    // My games → the live table.
    await page.goto('/me/games');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis partidas');
    await page.getByRole('link', { name: 'Ir a la mesa' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/tables/${tableId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('estás en el asiento');
    const hand = page.getByRole('toolbar', { name: 'Mis fichas' });
    await expect(hand).toBeVisible();
    const turn = page.locator('.my-hand [role="status"]');
    await expect(turn).toContainText('Te toca', { timeout: 30_000 });
    await screens(page, 'es-live-table', async (p) => {
      await expect(hand.locator('.hand-tile.legal').first()).toBeVisible();
      await expect(p.getByRole('button', { name: 'Paso P' })).toBeVisible();
      await expect(p.getByTestId('yard')).toContainText('Pozo:');
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Play to the end with the keyboard: a highlighted tile and Enter (an end key when asked), P when nothing fits ("Paso", its key in Spanish).
    let plays = 0;
    let knocks = 0;
    const result = page.getByTestId('game-result');
    while (!(await result.isVisible())) {
      const state = await Promise.race([
        result.waitFor({ state: 'visible', timeout: 60_000 }).then(() => 'over' as const),
        turn.filter({ hasText: 'Te toca' }).waitFor({ timeout: 60_000 }).then(() => 'turn' as const),
      ]);
      if (state === 'over') break;
      const text = await turn.innerText();
      const version = await page.locator('.my-hand').getAttribute('data-version');
      if (text.includes('no te entra ninguna ficha')) {
        await page.keyboard.press('p');
        knocks++;
      } else {
        await hand.locator('.hand-tile.legal').first().focus({ timeout: 15_000 });
        await page.keyboard.press('Enter');
        const choice = page.getByRole('group', { name: /¿Por qué lado el/ });
        if (await choice.isVisible()) {
          const end = (await choice.getByRole('button').first().locator('kbd').innerText()).trim();
          await page.keyboard.press(end.toLowerCase());
        }
        plays++;
      }
      await moveTaken(page, version);
    }
    expect(plays + knocks).toBeGreaterThan(0);
    await expect(result.getByRole('heading')).toHaveText('Se acabó la partida');
    await expect(result).toContainText('Puntuación final');
    await expect(result).toContainText(/Terminaste en el puesto \d/, { timeout: 20_000 });
    await expect(page.getByTestId('announcer')).toContainText(/Se acabó la partida|Te toca|jugó el|pasó/);

    // The finished game's replay and post-game analysis: the player's own decisions, in Spanish.
    await page.goto('/me/games');
    const gameId = await page.locator('[data-game]').first().getAttribute('data-game');
    expect(gameId).toBeTruthy();
    await platform.review(gameId!);
    await page.goto(`/games/${gameId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Repetición: ronda 1, mesa');
    await expect(page.getByRole('link', { name: 'Verificar el reparto' })).toBeVisible();
    const analysis = page.getByRole('region', { name: 'Análisis' });
    // Pending ("Analizando la partida…", asked again every 2 s) until the worker has judged it.
    await expect(analysis.getByRole('status').or(analysis.getByRole('list', { name: 'Precisión por jugador' })).first()).toContainText(/Analizando la partida|decisi/);
    await expect(analysis.getByRole('list', { name: 'Precisión por jugador' })).toBeVisible({ timeout: 60_000 });
    await screens(page, 'es-analysis', async (p) => {
      await expect(analysis.getByRole('list', { name: 'Precisión por jugador' })).toBeVisible();
      await expect(analysis.getByRole('list', { name: 'Precisión por jugador' }).getByRole('listitem')).toContainText(/\(tú\).*decisi(ón|ones)/);
      await expect(analysis).toContainText('Solo tus decisiones');
      await expect(p.getByTestId('replay-step')).toContainText(/^Jugada \d+ \/ \d+ · mano \d+$/);
      await expect(p.getByRole('button', { name: 'Error siguiente ›' })).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The city's season standings, with "what they need".
    const { cityId } = (await (await fetch(`${apiBase}/api/challenges/${ch.challengeId}`)).json()) as { cityId: string };
    await page.goto(`/cities/${cityId}/standings`);
    await screens(page, 'es-standings', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toContainText('Clasificación de la temporada');
      await expect(p.getByRole('link', { name: 'Desafíos semanales' })).toBeVisible();
      await expect(p.getByText(/Buscar un jugador|Esta ciudad todavía no tiene temporada\./).first()).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The player's own page.
    await page.goto(`/players/${account.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jugadora Uno');
    await expect(page.getByRole('heading', { name: 'Temporadas y Elite Six' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resultados' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cara a cara' })).toBeVisible();

    // The wallet.
    await page.goto('/me/wallet');
    await screens(page, 'es-wallet', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toHaveText('Mi billetera');
      await expect(p.getByText('Dinero de juego sin valor real: no se puede cobrar, transferir ni cambiar.')).toBeVisible();
      await expect(p.getByRole('heading', { name: 'Mi nivel' })).toBeVisible();
      await expect(p.getByRole('heading', { name: 'Movimientos' })).toBeVisible();
      await expect(p.getByLabel('Moneda')).toBeVisible();
      await expectAccessible(p);
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The house lobby in Spanish.
    await page.goto('/house');
    await screens(page, 'es-house-lobby', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toHaveText('Mesas de la casa');
      await expect(p.getByRole('heading', { name: 'Mesa a tu gusto' })).toBeVisible();
      await expectAccessible(p);
    });

    // Back to English from the header: the page and the account follow.
    await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('House tables');
    await expect.poll(async () => (await me(page)).locale).toBe('en');
  });
});
