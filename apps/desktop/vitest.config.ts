import { defineProject } from 'vitest/config';

export default defineProject({
  // Plain Node: nothing here imports Electron (its binary is not installed on CI machines).
  test: { name: 'desktop', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
