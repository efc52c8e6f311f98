import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests (test/browser/*.pw.ts; Jest never matches them). `webServer` starts the whole
 * platform for the run — a throwaway database and queue prefix, the real API serving the freshly
 * built web app, the real worker — and stops it afterwards (test/browser/support/platform.ts).
 * Ports are picked once here and inherited by Playwright's worker processes through the environment.
 */
process.env.BROWSER_API_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.BROWSER_CONTROL_PORT ??= String(Number(process.env.BROWSER_API_PORT) + 1);
const baseURL = `http://127.0.0.1:${process.env.BROWSER_API_PORT}`;

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.pw.ts',
  // Per shard when scripts/test-browser.sh runs several side by side.
  outputDir: process.env.BROWSER_OUTPUT_DIR ?? 'test-results/browser',
  // One platform, journeys that move shared challenges: one worker, no retries hiding flakiness.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Playwright's own browser download cannot work here: Debian's Chromium (.ci/run installs it).
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Fake media (the voice journey): a microphone that beeps, granted without a prompt; audio plays without a gesture.
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] },
      },
    },
  ],
  webServer: {
    // scripts/test-browser.sh builds the web app once before its shards start (BROWSER_WEB_BUILT).
    command: `${process.env.BROWSER_WEB_BUILT ? '' : 'npm run -s build:web && '}node -r ts-node/register/transpile-only -r tsconfig-paths/register test/browser/support/platform.ts`,
    url: `${baseURL}/health`,
    env: { TS_NODE_PROJECT: 'tsconfig.jest.json', BROWSER_API_PORT: process.env.BROWSER_API_PORT, BROWSER_CONTROL_PORT: process.env.BROWSER_CONTROL_PORT },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
