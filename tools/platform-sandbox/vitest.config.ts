import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox's own tests look at its pages in Chromium: one file at a time, generous per-test time.
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
