import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClipVoiceList, ClipVoicePreview } from '@vidmatrix/contract/api/clip-voice';
import { subtitlePreset, titlePreset } from '@vidmatrix/contract/rules/clip-styles';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrame } from './frames.ts';
import type { TestContext } from './helpers.ts';
import {
  addFiles as addFilesOf,
  CLIP_FONT,
  clipTaskInfo,
  startClipApp,
  SUBTITLED_TEMPLATE,
  TINY_OUTPUT,
} from './clip-helpers.ts';
import { call } from './upload-client.ts';

// Voice, subtitle style, several titles and a logo per task (issue 24), through the API as a member
// uses them, with one small real render whose frame is read back pixel by pixel.

const ADD = '/api/seoaivideo.BatchVideo/addTask';
const TITLES = ['标题一', '标题二', '标题三'];
let ctx: TestContext;
let token = '';
let otherToken = '';
let dir = '';
let videoId = 0;
let logoId = 0;
let foreignLogoId = 0;

const addFiles = (apiToken: string, files: string[], fileType: 'video' | 'image') =>
  addFilesOf(ctx, apiToken, files, fileType);

function task(extra: object = {}) {
  return {
    clip_model: 1,
    name: '样式任务',
    count: 3,
    seed: 24,
    template: {
      ...SUBTITLED_TEMPLATE,
      subtitle: subtitlePreset('variety', CLIP_FONT),
      title: titlePreset('white-red', CLIP_FONT),
    },
    groups: [{ name: '', materialIds: [videoId], lines: [] }],
    segments: 1,
    segmentSeconds: 1,
    lines: ['欢迎光临'],
    titleArray: TITLES,
    dubbing: { voice: 'cmn+f3', speed: 1.2, volume: 150 },
    logo: { materialId: logoId, corner: 'top-left', size: 20, opacity: 1 },
    ...extra,
  };
}

/** The RGB pixels of the frame at 0.5 s of a task's video, fetched as the member would. */
async function frameOf(url: string, name: string): Promise<(x: number, y: number) => [number, number, number]> {
  const res = await ctx.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  expect(res.statusCode).toBe(200);
  const path = join(dir, `${name}.mp4`);
  writeFileSync(path, res.rawPayload);
  const frame = readFrame(path, 0.5);
  return (x, y) => {
    const [r = 0, g = 0, b = 0] = frame.pixel(x, y);
    return [r, g, b];
  };
}

beforeAll(async () => {
  ({ ctx, token, otherToken } = await startClipApp('style_other'));
  dir = fixtureDir('vm-clip-style-');
  // Black footage: the yellow subtitles and the green logo are the only colour in the frame.
  [videoId = 0] = await addFiles(
    token,
    [makeVideo(join(dir, 'black.mp4'), { pattern: 'color', seconds: 3, rate: 15 })],
    'video',
  );
  const logo = makeImage(join(dir, 'logo.png'), { width: 100, height: 50, color: 'lime' });
  [logoId = 0] = await addFiles(token, [logo], 'image');
  [foreignLogoId = 0] = await addFiles(otherToken, [logo], 'image');
  await ctx.app.jobs.drain();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('voices', () => {
  it("lists the provider's Chinese voices by Chinese names and previews one, cached per voice and speed", async () => {
    const voices = await call<ClipVoiceList>(ctx.app, token, '/api/seoaivideo.BatchVideo/getVoices', {});
    expect(voices.code).toBe(200);
    const names = voices.data.list.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['普通话男声', '普通话女声', '粤语女声']));
    expect(voices.data.default).toBe('cmn');
    const preview = (body: object) =>
      call<ClipVoicePreview>(ctx.app, token, '/api/seoaivideo.BatchVideo/voicePreview', body);
    const slow = await preview({ voice: 'cmn+f3', speed: 0.8, volume: 100 });
    const fast = await preview({ voice: 'cmn+f3', speed: 1.6, volume: 100 });
    expect(slow.code, slow.msg).toBe(200);
    expect(fast.data.duration).toBeLessThan(slow.data.duration * 0.8);
    const wav = await ctx.app.inject({ method: 'GET', url: new URL(slow.data.url, 'http://x').pathname });
    expect(wav.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect((await preview({ voice: 'cmn+f3', speed: 0.8, volume: 100 })).data.url).toBe(slow.data.url);
    expect(await preview({ voice: 'nope', speed: 1, volume: 100 })).toMatchObject({
      code: 400,
      msg: '配音音色不存在，请重新选择',
    });
    expect(await preview({ voice: 'cmn', speed: 3, volume: 100 })).toMatchObject({
      code: 400,
      msg: '配音语速需在 0.5–2 倍之间',
    });
  });
});

describe('styles, titles and logo', () => {
  it('refuses an unknown voice, a bad style and a logo that is not the member’s image, naming each', async () => {
    const add = (extra: object) => call(ctx.app, token, ADD, task(extra));
    expect(await add({ dubbing: { voice: 'zz', speed: 1, volume: 100 } })).toMatchObject({
      code: 400,
      msg: '配音音色不存在，请重新选择',
    });
    expect(await add({ dubbing: { voice: 'cmn', speed: 1, volume: 900 } })).toMatchObject({
      code: 400,
      msg: '配音音量需在 10%–200% 之间',
    });
    const loud = { ...SUBTITLED_TEMPLATE, subtitle: { font: CLIP_FONT, size: 500 } };
    expect(await add({ template: loud })).toMatchObject({ code: 400, msg: '字幕字号需在 24–160 之间' });
    const logo = (materialId: number) => ({ logo: { materialId, corner: 'top-left', size: 20, opacity: 1 } });
    const refused = { code: 400, msg: '台标图片不存在或已被删除，请从素材库选择图片' };
    expect(await add(logo(foreignLogoId))).toMatchObject(refused);
    expect(await add(logo(videoId))).toMatchObject(refused);
  });

  it('renders the chosen subtitle style at its height, one of the titles per video, and the logo in its corner', async () => {
    const added = await call<{ id: number }>(ctx.app, token, ADD, task());
    expect(added.code, added.msg).toBe(200);
    await ctx.app.jobs.drain(300_000);
    const info = await clipTaskInfo(ctx, token, added.data.id);
    expect(info.status).toBe('done');
    // Each video records the title it shows: three videos, the three titles.
    expect(info.outputs.map((o) => o.title).sort()).toEqual([...TITLES].sort());
    const pixel = await frameOf(info.outputs[0]?.file_url ?? '', 'styled');
    const { width, height } = TINY_OUTPUT.size;
    const yellow = ([r, g, b]: number[]) => (r ?? 0) > 170 && (g ?? 0) > 150 && (b ?? 255) < 110;
    const count = (from: number, to: number) => {
      let n = 0;
      for (let y = Math.round(height * from); y < Math.round(height * to); y += 1) {
        for (let x = 0; x < width; x += 1) {
          n += yellow(pixel(x, y)) ? 1 : 0;
        }
      }
      return n;
    };
    // 综艺黄字黑边 centres its yellow text at 72 % of the height; nothing yellow sits lower.
    expect(count(0.66, 0.78)).toBeGreaterThan(20);
    expect(count(0.8, 1)).toBe(0);
    // The lime logo fills the top-left corner, a margin in; the opposite corner stays black.
    const [r, g, b] = pixel(12, 10);
    expect(g).toBeGreaterThan(180);
    expect(r + b).toBeLessThan(120);
    expect(pixel(width - 12, 10).reduce((a, c) => a + c, 0)).toBeLessThan(60);
  }, 300_000);
});
