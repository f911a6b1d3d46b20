import { defineProject } from 'vitest/config';

export default defineProject({
  // Plain Node: nothing here needs Electron's binary. Chromium tests: one browser at a time on a busy machine.
  test: { name: 'desktop', include: ['src/**/*.test.ts'], fileParallelism: false, testTimeout: 120_000 },
});
