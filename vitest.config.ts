import { defineConfig } from 'vitest/config';

// One runner for every package: contract rules, publisher (against the platform sandbox), server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/chromium', 'packages/publisher', 'apps/server', 'apps/web'],
  },
});
