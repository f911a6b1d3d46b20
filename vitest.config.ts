import { preferHeadlessShell } from '@vidmatrix/chromium';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.ts';

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

// Every Chromium the tests start (Playwright's, the publisher's, server runners') is Debian's headless
// shell when it is installed: a third less CPU than the full browser (docs/decisions.md, CI time).
preferHeadlessShell();

// One runner for every package: contract rules, publisher (against the platform sandbox), desktop core, server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker per core minus one: a single worker on these 2-core
    // machines, idle while a test waits on ffmpeg, Chromium or a child server. Three keep both cores busy.
    maxWorkers: 3,
    // Every project shares those workers (none sets fileParallelism: false, which made Vitest run it
    // alone after the others, one file at a time): Chromium files mostly wait on pages and timers, so
    // they overlap well with the server's CPU-bound files. The slowest start first.
    sequence: { sequencer: SlowFirstSequencer },
    projects: process.env.DATABASE_URL ? ['apps/server'] : ['apps/server', ...databaseFree],
  },
});
