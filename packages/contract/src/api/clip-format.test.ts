import { describe, expect, it } from 'vitest';
import { CLIP_OUTPUT_SIZE, CLIP_PREVIEW_SIZE } from '../constants.ts';
import { clipFrameSize, clipOutputSize } from './clip-format.ts';
import { clipTaskInput } from './clip-task.ts';

const ok = { clip_model: 5, name: '任务', count: 1, seed: 1, imageIds: [1], font: 'x' };

describe('clip output format', () => {
  it('sizes each aspect by its short side', () => {
    expect(clipFrameSize('9:16', 1080)).toEqual({ width: 1080, height: 1920 });
    expect(clipFrameSize('16:9', 1080)).toEqual({ width: 1920, height: 1080 });
    expect(clipFrameSize('1:1', 720)).toEqual({ width: 720, height: 720 });
    expect(clipFrameSize('3:4', 720)).toEqual({ width: 720, height: 960 });
    expect(clipFrameSize('3:4', 1080)).toEqual({ width: 1080, height: 1440 });
  });
  it('keeps both sides even for any short side', () => {
    for (let short = 100; short <= 1100; short += 7) {
      for (const aspect of ['9:16', '16:9', '1:1', '3:4'] as const) {
        const { width, height } = clipFrameSize(aspect, short);
        expect(width % 2).toBe(0);
        expect(height % 2).toBe(0);
      }
    }
  });
  it('defaults to 9:16 at the configured size, and caps a chosen resolution by it', () => {
    expect(clipOutputSize({}, CLIP_OUTPUT_SIZE)).toEqual(CLIP_OUTPUT_SIZE);
    // The browser tests' CLIP_HEIGHT=640 frame: a task that chooses nothing renders exactly as before.
    expect(clipOutputSize({}, { width: 360, height: 640 })).toEqual({ width: 360, height: 640 });
    expect(clipOutputSize({ aspect: '16:9', resolution: 1080 }, { width: 360, height: 640 })).toEqual({
      width: 640,
      height: 360,
    });
    expect(clipOutputSize({ aspect: '16:9', resolution: 720 }, CLIP_OUTPUT_SIZE)).toEqual({ width: 1280, height: 720 });
    expect(clipOutputSize({ aspect: '1:1' }, CLIP_PREVIEW_SIZE)).toEqual({ width: 360, height: 360 });
  });
  it('accepts the offered choices and refuses others in Chinese', () => {
    const task = clipTaskInput.parse({ ...ok, aspect: '3:4', resolution: 720 });
    expect(task).toMatchObject({ aspect: '3:4', resolution: 720 });
    expect(clipTaskInput.parse(ok)).not.toHaveProperty('aspect');
    const badAspect = clipTaskInput.safeParse({ ...ok, aspect: '4:3' }).error?.issues[0];
    expect(badAspect?.message).toBe('画面比例需为 9:16、16:9、1:1 或 3:4');
    expect(badAspect?.path).toEqual(['aspect']);
    const badResolution = clipTaskInput.safeParse({ ...ok, resolution: 480 }).error?.issues[0];
    expect(badResolution?.message).toBe('清晰度需为 720P 或 1080P');
    expect(clipTaskInput.safeParse({ ...ok, resolution: '1080' }).error?.issues[0]?.message).toBe(
      '清晰度需为 720P 或 1080P',
    );
  });
});
