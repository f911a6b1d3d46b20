import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { clipFilter, clipTransition, type ClipFilter, type ClipTransition } from '@vidmatrix/contract/api/clip-task';
import { CLIP_LOOK_PREVIEW_SIZE, CLIP_TRANSITION_PREVIEW_FRAMES } from '@vidmatrix/contract/constants';
import { LOOKS, xfadeFilter } from './filter-graph.ts';

// Previews of the template page's looks and transitions (issue 24): the sample pictures are drawn by
// ffmpeg itself (nothing bundled to go missing), and every option goes through the filter the
// renderer puts into a video for it (LOOKS, xfadeFilter), so a preview cannot show another look.

const { width: W, height: H } = CLIP_LOOK_PREVIEW_SIZE;
/** Frames of a transition strip per second: the strip spans the whole transition, A to B. */
const RATE = CLIP_TRANSITION_PREVIEW_FRAMES - 1;
/** The transition's length in its preview (a video's own length only changes its speed). */
const TRANSITION_SECONDS = 1;

const px = (f: number, of: number): number => Math.round(f * of);

/** A drawn picture held still (gradients turn as time passes), as a clip at the strip's rate. */
const still = (picture: string): string =>
  `${picture},format=yuv420p,trim=end_frame=1,loop=loop=-1:size=1,setpts=N/(${RATE}*TB)`;

/**
 * Picture A, the sample a look is shown on: sky, sun, a skin-toned figure, grass and dark shade, so
 * changes to highlights, shadows, warmth, saturation and contrast all show.
 */
export const SAMPLE_A = still(
  `gradients=s=${W}x${H}:c0=0x7EC8F0:c1=0xFDF3DC:x0=0:y0=0:x1=0:y1=${px(0.62, H)}:seed=1:r=${RATE},` +
    `drawbox=x=0:y=${px(0.62, H)}:w=${W}:h=${H - px(0.62, H)}:color=0x4F8A3C:t=fill,` +
    `drawbox=x=0:y=${px(0.82, H)}:w=${W}:h=${H - px(0.82, H)}:color=0x1F3A17:t=fill,` +
    `drawbox=x=${px(0.62, W)}:y=${px(0.3, H)}:w=${px(0.12, W)}:h=${px(0.4, H)}:color=0x3B2A1E:t=fill,` +
    `drawbox=x=${px(0.58, W)}:y=${px(0.08, H)}:w=${px(0.27, W)}:h=${px(0.27, W)}:color=0xF4A261:t=fill,` +
    `drawbox=x=${px(0.11, W)}:y=${px(0.4, H)}:w=${px(0.33, W)}:h=${px(0.33, H)}:color=0xE0AC69:t=fill`,
);

/** Picture B, the one a transition leads to: unlike A in colour and shape, so each edge shows. */
export const SAMPLE_B = still(
  `gradients=s=${W}x${H}:c0=0x3A1C71:c1=0xD76D77:x0=0:y0=0:x1=${W}:y1=${H}:seed=1:r=${RATE},` +
    `drawbox=x=${px(0.22, W)}:y=${px(0.25, H)}:w=${px(0.56, W)}:h=${px(0.5, H)}:color=0xFFFFFF:t=fill`,
);

/** One ffmpeg run that writes a preview file per option, and where each goes. */
export interface PreviewRun<K extends string> {
  args: string[];
  files: { option: K; path: string }[];
}

const head = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const splits = (input: string, tag: string, n: number): string =>
  `[${input}]split=${n}${Array.from({ length: n }, (_, i) => `[${tag}${i}]`).join('')}`;
const outputs = <K extends string>(options: readonly K[], dir: string, prefix: string): PreviewRun<K>['files'] =>
  options.map((option) => ({ option, path: join(dir, `${prefix}-${option}.jpg`) }));
const maps = (files: { path: string }[]): string[] =>
  files.flatMap((f, i) => ['-map', `[o${i}]`, '-frames:v', '1', '-q:v', '4', f.path]);

/** ffmpeg argv (pure) writing one still per look: picture A through the look's own filter chain. */
export function lookPreviewRun(dir: string): PreviewRun<ClipFilter> {
  const looks = clipFilter.options;
  const files = outputs(looks, dir, 'look');
  // Each branch starts from yuv420p, as a video's look does, so the split does not pick another.
  const graph = [
    splits('0:v', 's', looks.length),
    ...looks.map((f, i) => `[s${i}]format=yuv420p,${LOOKS[f] ?? 'null'}[o${i}]`),
  ];
  return {
    args: [...head, '-f', 'lavfi', '-t', '0.1', '-i', SAMPLE_A, '-filter_complex', graph.join(';'), ...maps(files)],
    files,
  };
}

/**
 * ffmpeg argv (pure) writing one strip per transition: A joined to B by the renderer's xfade, its
 * frames from the first (all A) to the last (all B) side by side.
 */
export function transitionPreviewRun(dir: string): PreviewRun<ClipTransition> {
  const names = clipTransition.options;
  const files = outputs(names, dir, 'transition');
  const n = CLIP_TRANSITION_PREVIEW_FRAMES;
  const graph = [
    splits('0:v', 'a', names.length),
    splits('1:v', 'b', names.length),
    ...names.map(
      (t, i) => `[a${i}][b${i}]${xfadeFilter(t, TRANSITION_SECONDS, 0)},trim=end_frame=${n},tile=${n}x1[o${i}]`,
    ),
  ];
  const seconds = String(TRANSITION_SECONDS);
  return {
    args: [
      ...head,
      ...['-f', 'lavfi', '-t', seconds, '-i', SAMPLE_A],
      ...['-f', 'lavfi', '-t', String(TRANSITION_SECONDS * 2), '-i', SAMPLE_B],
      '-filter_complex',
      graph.join(';'),
      ...maps(files),
    ],
    files,
  };
}

/**
 * The version of the previews: a hash of both runs' argv. It names their storage folder, so a
 * changed look, transition or sample renders new previews instead of serving the old ones.
 */
export function lookPreviewVersion(): string {
  const argv = [...lookPreviewRun('.').args, ...transitionPreviewRun('.').args].join('\n');
  return createHash('sha1').update(argv).digest('hex').slice(0, 16);
}
