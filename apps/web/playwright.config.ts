import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = join(import.meta.dirname, '..', '..');

// Computed once in the runner process; workers re-read this file and inherit the values.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vidmatrix-e2e-'));
process.env.E2E_DEMO_PASSWORD ??= 'demo123456';
if (process.env.DATABASE_URL) {
  process.env.E2E_PG_SCHEMA ??= `e2e_${Date.now().toString(36)}_${process.pid}`;
}

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(repoRoot, 'test-results/web-e2e'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI runs the suite twice on a shared two-core machine while ffmpeg jobs run: slow is not broken.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]]
    : 'list',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Creates the PostgreSQL schema first when DATABASE_URL is set, then runs `node scripts/start.mjs`.
    command: 'node apps/web/e2e/support/e2e-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
      // Each test sends its own X-Forwarded-For, so failed-login and rate-limit counters stay per test.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
