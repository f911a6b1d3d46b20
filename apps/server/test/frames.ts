import { execFileSync } from 'node:child_process';

// The clip tests' one way to look at a rendered picture: ffmpeg decodes a single frame to PPM (RGB) or
// PGM (gray), whose header carries the size, so no test reads raw bytes against a width it assumed.

/** One decoded frame. */
export interface Frame {
  width: number;
  height: number;
  /** 3 (RGB) or 1 (gray) bytes per pixel. */
  channels: 1 | 3;
  /** Rows top to bottom, `channels` bytes per pixel. */
  data: Buffer;
  /** The bytes of the pixel at (x, y): [r, g, b] or [gray]. */
  pixel(x: number, y: number): number[];
}

/**
 * The frame of a video (or image) at `at` seconds, after an optional filter (a crop, a scale), as RGB or,
 * with `gray`, one luma byte per pixel.
 */
export function readFrame(file: string, at: number, options: { gray?: boolean; filter?: string } = {}): Frame {
  const format = options.gray ? 'gray' : 'rgb24';
  const filter = [options.filter, `format=${format}`].filter(Boolean).join(',');
  const out = execFileSync(
    'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-ss', String(at), '-i', file, '-frames:v', '1'],
      ...['-vf', filter, '-c:v', options.gray ? 'pgm' : 'ppm', '-f', 'image2pipe', '-'],
    ],
    { maxBuffer: 1 << 26 },
  );
  // "P6\n<width> <height>\n255\n" then the pixels (P5: gray).
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(out.subarray(0, 64).toString('latin1'));
  if (!header) {
    throw new Error(`no frame at ${at} s of ${file}`);
  }
  const width = Number(header[2]);
  const height = Number(header[3]);
  const channels = header[1] === '6' ? 3 : 1;
  const data = out.subarray(header[0].length);
  return {
    width,
    height,
    channels,
    data,
    pixel: (x, y) => [...data.subarray((y * width + x) * channels, (y * width + x + 1) * channels)],
  };
}

/** How many pixels of a frame `match` (given each pixel's bytes). */
export function countPixels(frame: Frame, match: (pixel: number[]) => boolean): number {
  let n = 0;
  for (let y = 0; y < frame.height; y += 1) {
    for (let x = 0; x < frame.width; x += 1) {
      if (match(frame.pixel(x, y))) {
        n += 1;
      }
    }
  }
  return n;
}
