import { defineProject } from 'vitest/config';

export default defineProject({
  // Browser tests beside the server's (the root's shared workers): generous per-test time on a busy machine.
  test: {
    name: 'publisher',
    include: ['src/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
