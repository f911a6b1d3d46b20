import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox's own tests: plain HTTP against a started sandbox, no browser.
  test: { name: 'platform-sandbox', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
