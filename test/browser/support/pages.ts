import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WIDTHS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

/** No serious or critical accessibility violation (axe-core, WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** Full-page screenshots at phone and desktop width, saved under test-results/screens/. */
export async function screens(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await ready(page);
    await page.screenshot({ path: `test-results/screens/${name}-${label === 'phone' ? 375 : 1280}.png`, fullPage: true });
  }
}

/** Waits until a seated player's move is taken (`.my-hand` shows a version other than `version`) or the game-result notice shows. */
export async function moveTaken(page: Page, version: string | null): Promise<void> {
  const result = page.getByTestId('game-result');
  await expect(async () => {
    if (await result.isVisible()) return;
    const now = await page.locator('.my-hand').getAttribute('data-version', { timeout: 1000 }).catch(() => null);
    expect(now).not.toBe(version);
  }).toPass({ timeout: 20_000 });
}
