import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox's own tests look at its pages in Chromium: one browser file at a time, generous time.
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
