import { THUMBNAIL_WIDTH_PX, VIDEO_SNAPSHOT_SECOND } from '@vidmatrix/contract/constants';

/**
 * ffmpeg arguments of a video poster: seek before `-i` (input seeking jumps to the key frame
 * instead of decoding from the start, so a 300 MB file costs the same as a small one), one frame,
 * scaled to the thumbnail width, JPEG to stdout. Videos shorter than the offset seek to 0.
 */
export function posterArgs(input: string, durationSeconds: number | null): string[] {
  const at = durationSeconds !== null && durationSeconds <= VIDEO_SNAPSHOT_SECOND ? 0 : VIDEO_SNAPSHOT_SECOND;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-ss',
    String(at),
    '-i',
    input,
    '-frames:v',
    '1',
    '-an',
    '-vf',
    `scale=${THUMBNAIL_WIDTH_PX}:-2`,
    '-q:v',
    '4',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ];
}

/** ffprobe arguments that print the container duration (seconds) and nothing else. */
export function durationArgs(input: string): string[] {
  return ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', input];
}

/** Parses ffprobe's duration output; null when it has none (an image stream, "N/A"). */
export function parseDuration(output: string): number | null {
  const value = Number.parseFloat(output.trim().split('\n')[0] ?? '');
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) / 1000 : null;
}

/** ffmpeg arguments encoding a WAV as mono 64 kb/s MP3 (about 8 KB a second: background music). */
export function musicEncodeArgs(input: string, output: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    output,
  ];
}

/** sharp resize options of a thumbnail: 342 px wide, never enlarged, orientation kept. */
export const thumbnailResize = { width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true } as const;

/** A title card video (course chapters of the content seed): what it shows and where it goes. */
export interface TitleCardSpec {
  /** Files holding each line's text (drawtext reads them, so no text escaping is needed). */
  lineFiles: readonly string[];
  seconds: number;
  /** A font file that draws Chinese. */
  fontFile: string;
  output: string;
}

/** Characters drawtext treats specially inside an option value. */
function escapeFilterValue(value: string): string {
  return value.replace(/[\\:',[\]]/g, (c) => `\\${c}`);
}

/** ffmpeg arguments of a 640×360 H.264/AAC title card: the first line large, the others below, silent audio. */
export function titleCardArgs(spec: TitleCardSpec): string[] {
  const font = escapeFilterValue(spec.fontFile);
  const draws = spec.lineFiles.map((file, index) => {
    const size = index === 0 ? 40 : 24;
    const y = index === 0 ? 'h*0.3' : `h*0.3+${40 + index * 44}`;
    return `drawtext=fontfile='${font}':textfile='${escapeFilterValue(file)}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}`;
  });
  const video = [`drawbox=x=0:y=ih-8:w=iw*t/${spec.seconds}:h=8:color=0xad6aff:t=fill`, ...draws].join(',');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x1b1430:s=640x360:r=25:d=${spec.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=44100:cl=stereo`,
    '-vf',
    video,
    '-t',
    String(spec.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    spec.output,
  ];
}
