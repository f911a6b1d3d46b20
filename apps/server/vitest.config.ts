import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each integration file migrates a fresh database (a PostgreSQL schema in CI) and runs real
    // ffmpeg jobs; on a loaded two-core machine that can take tens of seconds, which is not a failure.
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
