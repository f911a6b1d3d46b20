import { defineProject } from 'vitest/config';

export default defineProject({
  // Browser tests of the imitated pages: one Chromium at a time on a busy machine, generous per-test time.
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
