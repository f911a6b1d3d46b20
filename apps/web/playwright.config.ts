import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, preferHeadlessShell } from '@vidmatrix/chromium';
import type { E2eServerInfo } from './e2e/support/admin.ts';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = join(import.meta.dirname, '..', '..');

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// Debian's headless shell when installed (a third less CPU than the full browser; docs/decisions.md).
preferHeadlessShell();
// Computed once in the runner process; workers re-read this file and inherit the values.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vidmatrix-e2e-'));
const demoPassword = (process.env.E2E_DEMO_PASSWORD ??= 'demo123456');
if (process.env.DATABASE_URL) {
  process.env.E2E_PG_SCHEMA ??= `e2e_${Date.now().toString(36)}_${process.pid}`;
}
// The s3 pass: the materials specs run once more against a second server whose storage driver is
// s3 (a bucket in an s3rver the launcher starts). `npm test` runs it; a bare `playwright test` (one
// spec while working) only with E2E_S3=1; E2E_S3=0 leaves it out anywhere (docs/decisions.md).
const s3Pass = process.env.E2E_S3 ? process.env.E2E_S3 !== '0' : process.env.npm_lifecycle_event === 'test:e2e';
if (s3Pass) {
  process.env.E2E_S3_PORT ??= String(await freePort());
  process.env.E2E_S3_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vidmatrix-e2e-s3-'));
  if (process.env.E2E_PG_SCHEMA) {
    process.env.E2E_S3_PG_SCHEMA ??= `${process.env.E2E_PG_SCHEMA}_s3`;
  }
}
const s3BaseURL = `http://127.0.0.1:${process.env.E2E_S3_PORT}`;

// The run's own Redis namespace, as it has its own schema: a job an earlier run left waiting when its
// server stopped must not run on this run's rows (ids start again at 1). global-teardown deletes its keys.
const redisPrefix = (process.env.E2E_REDIS_PREFIX ??= `e2e-${Date.now().toString(36)}-${process.pid}`);
const localServer: E2eServerInfo = {
  dataDir: process.env.E2E_DATA_DIR,
  pgSchema: process.env.E2E_PG_SCHEMA ?? '',
  redisPrefix,
};
const s3Server: E2eServerInfo = {
  dataDir: process.env.E2E_S3_DATA_DIR ?? '',
  pgSchema: process.env.E2E_S3_PG_SCHEMA ?? '',
  // Its own queues and channels: the local server's workers must not run its jobs.
  redisPrefix: `${redisPrefix}-s3`,
};

/** The shared e2e server of one storage driver (its own port, data directory and schema). */
function e2eServer(url: string, server: E2eServerInfo, storage: 'local' | 's3') {
  return {
    // Creates the PostgreSQL schema first when DATABASE_URL is set (and the s3rver bucket for s3),
    // then runs `node scripts/start.mjs`.
    command: 'node apps/web/e2e/support/e2e-server.mjs',
    cwd: repoRoot,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: new URL(url).port,
      DATA_DIR: server.dataDir,
      E2E_PG_SCHEMA: server.pgSchema,
      REDIS_PREFIX: server.redisPrefix,
      E2E_STORAGE: storage,
      DEMO_PASSWORD: demoPassword,
      // Each test sends its own X-Forwarded-For, so failed-login and rate-limit counters stay per test.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      // No server runner on the shared server: specs that need one start their own (runner-hosting).
      RUNNERS: '0',
      // Clip videos at 180×320, the least the server takes: the specs check the flow from form to library
      // and tell outputs apart by 16×16 thumbnails; full-size renders are the server tests' (clip-modes-234's
      // cancel renders 1080×1920). The clip specs were a fifth of the browser pass at 360×640.
      CLIP_HEIGHT: '320',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(repoRoot, 'test-results/web-e2e'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The suite runs on shared two-core machines while ffmpeg jobs run, in CI and on developers' alike:
  // slow is not broken. A passing test takes no longer for these; only a failing one does.
  timeout: 60_000,
  expect: { timeout: 20_000 },
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
    // antd then opens and closes overlays at once (lib/theme.ts): under CI load a click on a dialog still
    // zooming in could land on nothing, or on its mask.
    reducedMotion: 'reduce',
    // A failure leaves its screenshot and page snapshot. Traces only on request (E2E_TRACE=1): recording
    // one for every test, kept or not, was about half the browser passes' CPU (docs/decisions.md).
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'local', metadata: localServer },
    ...(s3Pass
      ? [
          {
            name: 's3',
            // What touches stored objects in the browser: uploads, thumbnails, previews, cropping.
            testMatch: /materials[^/]*\.spec\.ts$/,
            use: { baseURL: s3BaseURL },
            metadata: s3Server,
          },
        ]
      : []),
  ],
  webServer: [e2eServer(baseURL, localServer, 'local'), ...(s3Pass ? [e2eServer(s3BaseURL, s3Server, 's3')] : [])],
});
