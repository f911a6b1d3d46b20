import { defineProject } from 'vitest/config';

export default defineProject({
  // Plain Node: nothing here needs Electron's binary. Its files share the root's workers with the others.
  test: { name: 'desktop', include: ['src/**/*.test.ts'], testTimeout: 120_000 },
});
