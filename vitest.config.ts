import { defineConfig } from 'vitest/config';

// One runner for every package: contract rules, server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/chromium', 'apps/server', 'apps/web'],
  },
});
