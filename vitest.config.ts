import { defineConfig } from 'vitest/config';

// Projects whose tests never reach PostgreSQL or Redis: the contract rules, the Chromium helpers, the
// publisher (against the platform sandbox), the desktop core (its real server is pinned to SQLite) and
// the web units. With DATABASE_URL set (CI's second pass) they are left out: a second run would only
// repeat the first one's result (docs/decisions.md).
const databaseFree = [
  'packages/contract',
  'packages/chromium',
  'packages/publisher',
  'tools/platform-sandbox',
  'apps/desktop',
  'apps/web',
];

// One runner for every package: contract rules, publisher (against the platform sandbox), desktop core, server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker per core minus one: a single worker on these 2-core
    // machines, idle while a test waits on ffmpeg, Chromium or a child server. Three keep both cores busy.
    maxWorkers: 3,
    projects: process.env.DATABASE_URL ? ['apps/server'] : ['apps/server', ...databaseFree],
  },
});
