import { defineConfig } from 'vitest/config';

// One runner for every package: contract rules, publisher (against the platform sandbox), desktop core, server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker per core minus one: a single worker on these 2-core
    // machines, idle while a test waits on ffmpeg, Chromium or a child server. Three keep both cores busy.
    maxWorkers: 3,
    projects: [
      'packages/contract',
      'packages/chromium',
      'packages/publisher',
      'apps/desktop',
      'apps/server',
      'apps/web',
    ],
  },
});
