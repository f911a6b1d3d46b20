import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTinyMp4, tempDir } from '../test/support.ts';
import { videoDurationSec } from './video-duration.ts';

describe('videoDurationSec', () => {
  it('reads an ffmpeg-made mp4’s duration, and none from what is not a video', async () => {
    const dir = await tempDir('duration');
    const duration = await videoDurationSec(await makeTinyMp4(dir));
    expect(duration).toBeGreaterThan(0.9);
    expect(duration).toBeLessThan(1.2);
    await writeFile(join(dir, 'fake.mp4'), 'not a video at all');
    expect(await videoDurationSec(join(dir, 'fake.mp4'))).toBeUndefined();
    expect(await videoDurationSec(join(dir, 'missing.mp4'))).toBeUndefined();
  });
});
