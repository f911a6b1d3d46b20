import { defineConfig } from 'vitest/config';

// One runner for every package: contract rules, publisher (against the platform sandbox), desktop core, server unit and integration tests, web unit tests.
export default defineConfig({
  test: {
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
