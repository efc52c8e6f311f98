import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` with one automatic fixture: every browser context a journey opens itself
 * (`browser.newContext()` — a second player, a staff member, a spectator) is closed when the journey
 * ends, passed or failed. The `browser` is shared by every journey of the worker (workers: 1), so a
 * context left open outlives its journey: the voice journey's four pages kept their fake microphones,
 * WebRTC peer connections, audio worklets and live sockets running through every later journey.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser, context }, use) => {
      const before = new Set(browser.contexts());
      await use();
      // `context` is Playwright's own (the `page` fixture's): it closes it itself, after this.
      const opened = browser.contexts().filter((c) => c !== context && !before.has(c));
      if (opened.length > 0) console.log(`[journey] closing ${opened.length} browser context(s) it opened (${opened.reduce((n, c) => n + c.pages().length, 0)} page(s))`);
      await Promise.all(opened.map((c) => c.close()));
    },
    { auto: true },
  ],
});
