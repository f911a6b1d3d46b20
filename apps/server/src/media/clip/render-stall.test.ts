import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { ClipRenderError, ClipRenderer } from './render.ts';

const dir = mkdtempSync(join(tmpdir(), 'clip-stall-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Frames of 32×32 grey at 10 fps: small enough to write at once, long enough to show progress. */
const SIDE = 32;
const FRAMES = 20;

describe('render stall limit', () => {
  it('kills an ffmpeg whose input stops after some progress, and says why in Chinese', async () => {
    const fifo = join(dir, 'input.fifo');
    execFileSync('mkfifo', [fifo]);
    const renderer = new ClipRenderer();
    let progressed = 0;
    const run = renderer.run(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:1'],
        ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${SIDE}x${SIDE}`, '-r', '10', '-i', fifo],
        ...['-f', 'null', '-'],
      ],
      { stallMs: 1500, expectedSeconds: 60, onProgress: () => (progressed += 1) },
    );
    // The writer delivers two seconds of frames, then stays open and silent, as a stuck source would.
    const writer = await open(fifo, 'w');
    try {
      await writer.write(Buffer.alloc(SIDE * SIDE * FRAMES, 128));
      const error = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ClipRenderError);
      expect(error).toMatchObject({ reason: 'stalled', message: fillMsg(Msg.clipRenderStalled, { n: 2 }) });
      expect(progressed).toBeGreaterThan(0);
    } finally {
      await writer.close();
    }
  });
});
