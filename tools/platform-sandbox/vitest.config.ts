import { defineProject } from 'vitest/config';

export default defineProject({
  // The sandbox's own tests: its pages and endpoints over HTTP, no connector involved.
  test: { name: 'platform-sandbox', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
