import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // CI's PostgreSQL pass leaves out the media tests (ffmpeg, fonts, speech): they never open a
    // database, so a second run would repeat the first's result. It also leaves out the render-style
    // suites: ffmpeg work whose database part (filing a video) runs on PostgreSQL in clip-task and
    // clip-render-crash (docs/decisions.md, "CI time (session 15)" and "(session 17)").
    exclude: process.env.DATABASE_URL
      ? [
          ...configDefaults.exclude,
          'src/media/**',
          'test/clip-modes-*.test.ts',
          'test/clip-format.test.ts',
          'test/clip-style.test.ts',
        ]
      : configDefaults.exclude,
    // Each integration file migrates a fresh database (a PostgreSQL schema in CI) and runs real
    // ffmpeg jobs; on a loaded two-core machine that can take tens of seconds, which is not a failure.
    hookTimeout: 120_000,
    // One module registry per worker, not per file: every file builds its apps through createTestApp
    // with explicit config, and none mocks modules, so re-importing the whole app graph for each of the
    // ~85 files (import 400+ s summed in CI) bought nothing. A file that needs vi.mock or module state
    // of its own belongs in a project with isolation (docs/decisions.md).
    isolate: false,
    testTimeout: 60_000,
  },
});
