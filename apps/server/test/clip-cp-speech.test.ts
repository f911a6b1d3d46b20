import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg, fixtureDir, startTranscriptionImitation, type TranscriptionImitation } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiTranscriber } from '../src/media/clip/asr/transcriber.ts';
import { clipPlan } from '../src/media/clip/plan-model.ts';
import { addFiles, clipTaskInfo, startClipApp } from './clip-helpers.ts';
import { countPixels, readFrame } from './frames.ts';
import type { TestContext } from './helpers.ts';
import { call } from './upload-client.ts';

// CP拆拼 with 保留原声 and a recognition service (a local imitation of an OpenAI-compatible
// /audio/transcriptions endpoint): each video's subtitles are what was said in the shots it uses, timed to
// where those shots land; what a source says is heard once and stored, so later renders and tasks on the
// same file do not ask again, and a file written anew under the same key is heard again.

const KEY = 'cp-asr-key';
/** What the imitation "hears" in any source, seconds in the source. */
const HEARD: { start: number; end: number; text: string }[] = [
  { start: 0.2, end: 1.8, text: '第一句话' },
  { start: 2.7, end: 3.9, text: '第二句话' },
  { start: 4.2, end: 5.8, text: '第三句话' },
];
const ADD = '/api/seoaivideo.BatchVideo/addTask';

let ctx: TestContext;
let token = '';
let imitation: TranscriptionImitation;
let dir = '';
let sourceA = 0;
let sourceB = 0;

/** Two coloured shots with a hard cut at `cut` seconds and a tone under both (nothing white in the picture). */
function twoShots(file: string, first: string, second: string, cut: number, seconds: number, hz: number): string {
  ffmpeg(
    ...['-f', 'lavfi', '-i', `color=c=${first}:s=160x288:r=15:d=${cut}`],
    ...['-f', 'lavfi', '-i', `color=c=${second}:s=160x288:r=15:d=${seconds - cut}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`],
    ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  );
  return file;
}

/** Adds a CP拆拼 task keeping the sources' sound and renders it; its id. */
async function renderTask(seed: number): Promise<number> {
  const added = await call<{ id: number }>(ctx.app, token, ADD, {
    clip_model: 3,
    name: `拆拼字幕${seed}`,
    count: 2,
    seed,
    sourceIds: [sourceA, sourceB],
    shotsPerVideo: 2,
    maxShotSeconds: 2,
    keepSourceAudio: true,
  });
  expect(added.code, added.msg).toBe(200);
  await ctx.app.jobs.drain(300_000);
  expect((await clipTaskInfo(ctx, token, added.data.id)).status).toBe('done');
  return added.data.id;
}

/** Bright pixels (the subtitles' white; every colour of the footage is darker) in a video's frame at `at` seconds. */
function whiteAt(file: string, at: number): number {
  return countPixels(readFrame(file, at, { gray: true }), ([luma = 0]) => luma > 170);
}

beforeAll(async () => {
  imitation = await startTranscriptionImitation({ key: KEY, segments: HEARD });
  ({ ctx, token } = await startClipApp('cp_speech_other', {
    transcriber: new OpenAiTranscriber({ baseUrl: imitation.url, apiKey: KEY, model: 'whisper-1' }),
  }));
  dir = fixtureDir('vm-cp-speech-');
  [sourceA = 0, sourceB = 0] = await addFiles(ctx, token, [
    twoShots(join(dir, 'A.mp4'), 'red', 'blue', 2, 4, 440),
    twoShots(join(dir, 'B.mp4'), 'green', 'navy', 2.5, 5, 660),
  ]);
  await ctx.app.jobs.drain(120_000);
}, 180_000);

afterAll(async () => {
  await ctx.close();
  await imitation.close();
});

describe('CP拆拼 subtitles from speech', () => {
  it('shows in each shot what was said in its span of its source, where the shot lands; heard once per file', async () => {
    const taskId = await renderTask(7);
    // One request per source: the plan heard both, the two renders read what it stored.
    expect(imitation.requests).toHaveLength(2);
    const info = await clipTaskInfo(ctx, token, taskId);
    const rows = await ctx.db
      .selectFrom('clip_output')
      .select(['idx', 'plan'])
      .where('task_id', '=', taskId)
      .orderBy('idx')
      .execute();
    for (const row of rows) {
      const plan = clipPlan.parse(JSON.parse(row.plan));
      const output = info.outputs.find((o) => o.index === row.idx);
      const res = await ctx.app.inject({ method: 'GET', url: new URL(output?.file_url ?? '', 'http://x').pathname });
      const file = join(dir, `out-${taskId}-${row.idx}.mp4`);
      writeFileSync(file, res.rawPayload);
      let at = 0;
      for (const segment of plan.segments) {
        const [from, to] = [segment.start, segment.start + segment.length];
        // The line said (at least half of it) within the shot's span of its source: one per shot here
        // (the sliver of the third line in B's second shot is left out).
        const said = HEARD.filter((l) => Math.min(l.end, to) - Math.max(l.start, from) >= (l.end - l.start) / 2);
        expect(said, `${segment.materialId}@${from}`).toHaveLength(1);
        const line = said[0] ?? { start: from, end: to, text: '' };
        const middle = (Math.max(line.start, from) + Math.min(line.end, to)) / 2 - from;
        // Nothing is said at the head of a shot; its line shows where it was said, moved to where the shot lands.
        expect(whiteAt(file, at + 0.05), `${segment.materialId}@${from} head`).toBe(0);
        expect(whiteAt(file, at + middle), `${segment.materialId}@${from} ${line.text}`).toBeGreaterThan(20);
        at += segment.length;
      }
    }
  }, 600_000);

  it('a second task on the same sources reads the stored transcripts; a file written anew is heard again', async () => {
    const before = imitation.requests.length;
    await renderTask(8);
    expect(imitation.requests).toHaveLength(before);
    const stored = await ctx.db.selectFrom('clip_transcript').select(['object_key', 'transcriber']).execute();
    expect(stored).toHaveLength(2);
    // Keyed by the service and model, not the name members see.
    const identity = JSON.stringify(['openai', imitation.url.replace(/\/+$/, ''), 'whisper-1', 'zh']);
    expect(stored.map((r) => r.transcriber)).toEqual([identity, identity]);
    // Source A's object is written again with other content under the same key (an operator replacing it).
    const [row] = await ctx.db.selectFrom('material').select('object_key').where('id', '=', sourceA).execute();
    twoShots(join(ctx.config.dataDir, 'storage', row?.object_key ?? ''), 'red', 'blue', 2, 4, 550);
    await renderTask(9);
    expect(imitation.requests).toHaveLength(before + 1);
  }, 900_000);
});
