import { spawn } from 'node:child_process';
import sharp from 'sharp';
import {
  durationArgs,
  parseDuration,
  posterArgs,
  thumbnailResize,
  titleCardArgs,
  musicEncodeArgs,
  type TitleCardSpec,
} from './media-args.ts';

/** Longest an ffmpeg/ffprobe run may take before it is killed, ms. */
const PROCESS_TIMEOUT_MS = 120_000;

/** The side-effecting media tools (ffmpeg, ffprobe, sharp) behind one class; arguments are pure. */
export class MediaRepository {
  constructor(
    /** The binaries found at start (media/ffmpeg-discovery.ts). */
    private readonly ffmpeg: string,
    private readonly ffprobe: string,
  ) {}

  /** A 342 px wide JPEG thumbnail of an image (its bytes, or a file path sharp reads itself). */
  async imageThumbnail(input: Buffer | string): Promise<Buffer> {
    return sharp(input, { failOn: 'none' }).rotate().resize(thumbnailResize).jpeg({ quality: 80 }).toBuffer();
  }

  /** Duration in seconds of a video or audio (path or URL); null when it has none. */
  async duration(source: string): Promise<number | null> {
    const out = await run(this.ffprobe, durationArgs(source));
    return parseDuration(out.toString('utf8'));
  }

  /** The poster frame (at 1 s) of a video as a 342 px wide JPEG. */
  async videoPoster(source: string, durationSeconds: number | null): Promise<Buffer> {
    const frame = await run(this.ffmpeg, posterArgs(source, durationSeconds));
    if (frame.length === 0) {
      throw new Error('ffmpeg produced no frame');
    }
    return frame;
  }

  /** Encodes a WAV of system music (the seed's own tracks) into a small MP3 at `output`. */
  async encodeMusic(wav: string, output: string): Promise<void> {
    await run(this.ffmpeg, musicEncodeArgs(wav, output));
  }

  /** Renders a title card video (course chapters of the content seed) into `spec.output`. */
  async titleCard(spec: TitleCardSpec): Promise<void> {
    await run(this.ffmpeg, titleCardArgs(spec));
  }
}

/** Runs a tool and resolves its stdout; rejects with its stderr on a non-zero exit. */
function run(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) {
        resolve(Buffer.concat(out));
      } else {
        reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 500)}`));
      }
    });
  });
}
