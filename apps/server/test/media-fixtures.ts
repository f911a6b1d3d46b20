import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Small real media files made on the spot: a PNG, a 2 s MP4 and a 2 s MP3. */
export interface MediaFixtures {
  png: Buffer;
  mp4: Buffer;
  mp3: Buffer;
  /** A Windows executable header: what a renamed .exe starts with. */
  exe: Buffer;
}

let cached: MediaFixtures | undefined;

/** Generates the fixtures once per test process (ffmpeg and sharp, a fraction of a second). */
export async function mediaFixtures(): Promise<MediaFixtures> {
  if (cached) {
    return cached;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-fixtures-'));
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ad6aff' } })
    .png()
    .toBuffer();
  const mp4 = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10:duration=2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    mp4,
  ]);
  const mp3 = path.join(dir, 'song.mp3');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:a',
    'libmp3lame',
    mp3,
  ]);
  const exe = Buffer.alloc(4096);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  cached = { png, mp4: fs.readFileSync(mp4), mp3: fs.readFileSync(mp3), exe };
  fs.rmSync(dir, { recursive: true, force: true });
  return cached;
}
