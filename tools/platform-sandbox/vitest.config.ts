import { defineProject } from 'vitest/config';

export default defineProject({
  // Browser tests against the sandbox's pages: one Chromium at a time on a busy machine.
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
