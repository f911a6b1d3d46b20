import { spawn } from 'node:child_process';
import type { MediaToolsStatus } from '@vidmatrix/contract/api/health';

/** Clip rendering needs xfade and sidechain ducking: ffmpeg 5 or newer. */
export const CLIP_MIN_FFMPEG_MAJOR = 5;

/** What to install for clip rendering, per system. */
export const FFMPEG_INSTALL_HINT =
  'Clip rendering needs ffmpeg ≥ 5: Debian/Ubuntu `apt-get install ffmpeg`, macOS `brew install ffmpeg`, ' +
  'Windows the build linked from https://ffmpeg.org/download.html (then set FFMPEG_PATH and FFPROBE_PATH or add it to PATH).';

/** The ffmpeg/ffprobe pair the server uses, and what it is good for. */
export interface MediaTools extends MediaToolsStatus {
  ffmpeg: string;
  ffprobe: string;
}

interface Candidate {
  source: MediaToolsStatus['source'];
  ffmpeg: string;
  ffprobe: string;
  /** Version the package declares, for builds whose banner has none (`N-47683-…` snapshots). */
  declaredVersion?: string;
}

/** The major version in an `ffmpeg -version` banner or a declared version; null when it has none. */
export function ffmpegMajor(version: string): number | null {
  const match = /^(?:n)?(\d+)\.\d+/.exec(version.trim());
  return match ? Number(match[1]) : null;
}

/** The version text of the first line of `ffmpeg -version` ('' when it is not one). */
export function parseVersionBanner(output: string): string {
  const match = /^ffmpeg version (\S+)/m.exec(output);
  return match?.[1] ?? '';
}

/** The status of a found pair (or of none), with the install hint when clip rendering cannot run. */
export function mediaToolsStatus(source: MediaToolsStatus['source'], version: string): MediaToolsStatus {
  const major = ffmpegMajor(version);
  const clipReady = source !== 'none' && major !== null && major >= CLIP_MIN_FFMPEG_MAJOR;
  return { source, version, clip_ready: clipReady, hint: clipReady ? '' : FFMPEG_INSTALL_HINT };
}

/** The logger discovery writes to (pino fits). */
export interface DiscoveryLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH/FFPROBE_PATH, then the system PATH, then the npm-shipped
 * @ffmpeg-installer/@ffprobe-installer binaries (ffmpeg 4.1: posters and durations, not clips).
 * Logs which one it took and, when none or too old, what clip rendering will need.
 */
export async function discoverMediaTools(
  config: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  log: DiscoveryLogger,
): Promise<MediaTools> {
  const candidates: Candidate[] = [];
  if (config.ffmpegPath || config.ffprobePath) {
    candidates.push({
      source: 'env',
      ffmpeg: config.ffmpegPath ?? 'ffmpeg',
      ffprobe: config.ffprobePath ?? 'ffprobe',
    });
  }
  candidates.push({ source: 'path', ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  // The npm-shipped pair is looked up only when nothing before it runs.
  for await (const candidate of lazyConcat(candidates, npmShipped)) {
    const banner = await versionOutput(candidate.ffmpeg);
    if (banner === null || (await versionOutput(candidate.ffprobe)) === null) {
      continue;
    }
    const found = parseVersionBanner(banner);
    const version = ffmpegMajor(found) === null && candidate.declaredVersion ? candidate.declaredVersion : found;
    const tools = {
      ffmpeg: candidate.ffmpeg,
      ffprobe: candidate.ffprobe,
      ...mediaToolsStatus(candidate.source, version),
    };
    log.info(
      { source: tools.source, ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe, version },
      `Using ffmpeg ${version} (${describe(tools.source)})`,
    );
    if (!tools.clip_ready) {
      log.warn({ version }, `ffmpeg ${version} makes posters and durations, but ${FFMPEG_INSTALL_HINT}`);
    }
    return tools;
  }
  log.warn({}, `No ffmpeg/ffprobe found: video posters and durations will fail. ${FFMPEG_INSTALL_HINT}`);
  return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', ...mediaToolsStatus('none', '') };
}

function describe(source: MediaToolsStatus['source']): string {
  switch (source) {
    case 'env':
      return 'FFMPEG_PATH/FFPROBE_PATH';
    case 'path':
      return 'system PATH';
    case 'npm':
      return 'npm-shipped @ffmpeg-installer binary';
    case 'none':
      return 'none';
  }
}

/** `first`, then what `last` resolves to (when it resolves to one), computed only when reached. */
async function* lazyConcat(first: Candidate[], last: () => Promise<Candidate | undefined>): AsyncGenerator<Candidate> {
  yield* first;
  const more = await last();
  if (more) {
    yield more;
  }
}

/** The npm-shipped pair, when the optional packages are installed for this platform. */
async function npmShipped(): Promise<Candidate | undefined> {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([
      import('@ffmpeg-installer/ffmpeg') as Promise<{ default: { path: string; version: string } }>,
      import('@ffprobe-installer/ffprobe') as Promise<{ default: { path: string } }>,
    ]);
    return {
      source: 'npm',
      ffmpeg: ffmpeg.default.path,
      ffprobe: ffprobe.default.path,
      declaredVersion: ffmpeg.default.version,
    };
  } catch {
    return undefined; // not installed, or no binary for this platform
  }
}

/** Stdout of `<command> -version`; null when it cannot run. */
function versionOutput(command: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, ['-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(out).toString('utf8') : null));
  });
}
