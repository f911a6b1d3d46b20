import { defineProject } from 'vitest/config';

export default defineProject({
  // Browser tests: one Chromium at a time on a busy machine, generous per-test time.
  test: {
    name: 'publisher',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
