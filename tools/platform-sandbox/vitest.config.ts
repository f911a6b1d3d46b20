import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox's own tests look at its pages in Chromium: generous time on a busy machine.
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
