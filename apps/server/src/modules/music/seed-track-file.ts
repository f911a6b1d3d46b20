import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeWav } from '../../media/clip/tts/wav.ts';
import { renderScore, toWav } from './music-synth.ts';
import { SEED_MUSIC_VERSION, type SeedTrack } from './system-music.ts';

/**
 * The MP3 file of a seed track. The render is the same on every run, so it is made once per machine into
 * a cache named by the score (every test app and every fresh install on the machine reuses it).
 */
export async function seedTrackFile(
  track: SeedTrack,
  encode: (wav: string, output: string) => Promise<void>,
  cacheDir = path.join(os.tmpdir(), `vidmatrix-music-v${SEED_MUSIC_VERSION}`),
): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(track.score)).digest('hex').slice(0, 12);
  const file = path.join(cacheDir, `${track.slug}-${hash}.mp3`);
  if (fs.existsSync(file)) {
    return file;
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed into place: a process starting at the same time never reads half a file.
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.writeFileSync(`${partial}.wav`, encodeWav(toWav(renderScore(track.score))));
    await encode(`${partial}.wav`, `${partial}.mp3`);
    fs.renameSync(`${partial}.mp3`, file);
  } finally {
    fs.rmSync(`${partial}.wav`, { force: true });
    fs.rmSync(`${partial}.mp3`, { force: true });
  }
  return file;
}
