import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The slowest files, slowest first (seconds in a fresh clone's run on a loaded 2-core machine, session
// 15). Vitest's own order runs project after project and, without a results cache (a fresh clone, CI),
// larger files first: the server's crash suite then started last and ran alone at the end. Starting the
// long ones first lets the short files fill the workers around them. A stale list only costs time,
// never a result.
const SLOW_FIRST = [
  'packages/publisher/src/run-job.test.ts', // 238
  'apps/server/test/crash.test.ts', // 182: kill -9 of a tsx child server, four times
  'packages/publisher/src/connectors/xiaohongshu.test.ts', // 153
  'tools/platform-sandbox/src/sites/channels.test.ts', // 151
  'tools/platform-sandbox/src/sites/kuaishou.test.ts', // 130
  'packages/publisher/src/hand-off.test.ts', // 116
  'apps/server/test/clip-task.test.ts', // 108: ffmpeg
  'apps/server/test/clip-modes-567.test.ts', // 106: ffmpeg
  'tools/platform-sandbox/src/sites/xiaohongshu/editor.test.ts', // 98
  'tools/platform-sandbox/src/sites/douyin.test.ts', // 92
  'apps/server/src/media/clip/clip-render.test.ts', // 86: ffmpeg
  'apps/server/test/schema-fuzz.test.ts',
  'apps/server/test/publish-crash.test.ts',
  'tools/platform-sandbox/src/sites/xiaohongshu.test.ts',
  'apps/server/test/worker.test.ts',
  'apps/server/test/publish-crash-older-post.test.ts',
  'tools/platform-sandbox/src/sites/xiaohongshu/note-manager.test.ts',
  'apps/server/test/publish-runner.test.ts',
  'packages/publisher/src/connectors/channels.test.ts',
];

/** Vitest's order (its results cache, then file size), with the known slow files moved to the front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
