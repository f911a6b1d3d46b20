import type { ClipFilter } from '@vidmatrix/contract/api/clip-task';
import type { LogoCorner } from '@vidmatrix/contract/api/clip-style';
import { CLIP_LOGO_MARGIN_PERCENT } from '@vidmatrix/contract/constants';
import type { ClipMotion, DedupTransform } from './plan-model.ts';

/** One piece of footage on the output timeline. */
export interface SpecClip {
  path: string;
  kind: 'video' | 'image';
  /** In-point in the source, seconds. */
  start: number;
  /** Seconds on the output timeline (a transition's overlap included). */
  length: number;
  /** Source seconds there are from `start` (Infinity for images); shortfalls freeze the last frame. */
  available: number;
  motion: ClipMotion | null;
  /** Footage speed (de-duplication); the voice is untouched. */
  speed: number;
  /** Its own sound plays over its span (保留原声); only set for a file that has an audio stream. */
  sound?: boolean;
  /** Cover fit: where the crop window sits, fractions of the slack (detail.ts); absent: the centre. */
  focus?: { x: number; y: number };
}

/** A logo as the render reads it: its file, corner, width (% of the frame's) and opacity. */
export interface RenderLogo {
  path: string;
  corner: LogoCorner;
  size: number;
  opacity: number;
}

/** Everything one ffmpeg run needs to write one video. Built by the timeline plus the render step. */
export interface RenderSpec {
  width: number;
  height: number;
  fps: number;
  duration: number;
  fit: 'cover' | 'blur';
  /** The sequence, joined by `transitions` (xfade) or cut together (concat). */
  clips: SpecClip[];
  transitions: { name: string; duration: number }[] | null;
  /** 口播: the main clip (its audio is the voice), full frame or chroma-keyed over `clips`. */
  main: {
    path: string;
    keep: [number, number][] | null;
    chromaKey: boolean;
    /** Cover fit: where the crop window sits (as a clip's `focus`). */
    focus?: SpecClip['focus'];
  } | null;
  /** Cutaways over the main clip. */
  overlays: { clip: SpecClip; at: number }[];
  subtitles: { path: string; fontsDir: string } | null;
  /** A voice track laid out on the output timeline. */
  voice: string | null;
  /** The voice track's gain (配音音量 ÷ 100); absent: 1. */
  voiceVolume?: number;
  /** 台标: an image at a corner, `size` % of the frame's width, at `opacity`, over the picture and under the text. */
  logo?: RenderLogo | null;
  music: { path: string; volume: number; duck: boolean } | null;
  filter: ClipFilter;
  dedup: DedupTransform | null;
  loudnorm: boolean;
  encode: { preset: string; crf: number };
  output: string;
}

/** Paths written into the filter graph (the ASS file, the fonts) go unquoted: plain characters only. */
const SAFE_PATH = /^[\w./+-]+$/;

function safe(path: string): string {
  if (!SAFE_PATH.test(path)) {
    throw new Error(`unsafe path for a filter graph: ${path}`);
  }
  return path;
}

/** Seconds as ffmpeg reads them, to the millisecond. */
export function sec(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** The colour look of each template filter: ffmpeg curves (presets or points), colour balance and eq. */
export const LOOKS: Record<ClipFilter, string | null> = {
  none: null,
  warm: 'colorbalance=rs=0.06:gs=0.02:bs=-0.06:rm=0.12:gm=0.02:bm=-0.12:rh=0.04:bh=-0.06',
  cool: 'colorbalance=rs=-0.06:bs=0.06:rm=-0.1:gm=0.01:bm=0.12:rh=-0.04:bh=0.06',
  vivid: 'eq=saturation=1.3:contrast=1.05',
  mono: 'hue=s=0',
  vintage: 'curves=preset=vintage',
  crossProcess: 'curves=preset=cross_process',
  film: "curves=r='0/0.06 0.5/0.52 1/0.94':g='0/0.04 0.5/0.5 1/0.92':b='0/0.1 0.5/0.46 1/0.86'",
  fade: "curves=all='0/0.12 0.5/0.52 1/0.9',eq=saturation=0.85",
  sepia: 'colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131',
  fresh: "eq=saturation=1.12:brightness=0.03,curves=g='0/0 0.5/0.54 1/1'",
  japanese: "curves=all='0/0.08 0.5/0.56 1/0.96',eq=saturation=0.8,colorbalance=bs=0.04",
  food: 'colorbalance=rs=0.08:gs=0.03:bs=-0.05,eq=saturation=1.2:contrast=1.05',
  sunset: "colorbalance=rs=0.12:gs=0.02:bs=-0.1:rh=0.05,curves=r='0/0 0.5/0.56 1/1'",
  forest: 'colorbalance=gs=0.06:bs=-0.02:gm=0.04,eq=saturation=1.05',
  cyber: 'colorbalance=rs=0.08:bs=0.12:gm=-0.06,eq=contrast=1.1:saturation=1.25',
  lighter: 'curves=preset=lighter',
  darker: 'curves=preset=darker',
  contrast: 'curves=preset=strong_contrast',
  soft: 'curves=preset=medium_contrast,eq=contrast=0.92',
  noir: 'hue=s=0,curves=preset=strong_contrast',
  frost: "eq=saturation=0.7,colorbalance=rs=-0.05:bs=0.08,curves=all='0/0.04 1/0.96'",
};

/** The join of two clips by a transition (also drawn by the transitions' previews, look-preview.ts). */
export function xfadeFilter(name: string, duration: number, offset: number): string {
  return `xfade=transition=${name}:duration=${sec(duration)}:offset=${sec(offset)}`;
}

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

/** The crop of a cover fit: centred, or placed by the clip's focus (where its detail is). */
function coverCrop(w: number, h: number, focus: SpecClip['focus']): string {
  if (!focus || (focus.x === 0.5 && focus.y === 0.5)) {
    return `crop=${w}:${h}`;
  }
  const at = (n: number): string => String(Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000);
  return `crop=${w}:${h}:(iw-ow)*${at(focus.x)}:(ih-oh)*${at(focus.y)}`;
}

/** Fits a stream to the frame: cover crops (around the clip's detail), blur fills the bars with a blurred, enlarged copy. */
function fitChain(inLabel: string, outLabel: string, spec: RenderSpec, tag: string, focus?: SpecClip['focus']): string {
  const { width: w, height: h } = spec;
  const cover = `scale=${w}:${h}:force_original_aspect_ratio=increase,${coverCrop(w, h, focus)}`;
  if (spec.fit === 'cover') {
    return `[${inLabel}]${cover}[${outLabel}]`;
  }
  // The blurred backdrop is made at an eighth of the size: the same look at a fraction of the cost.
  const [bw, bh] = [even(w / 8), even(h / 8)];
  return (
    `[${inLabel}]split=2[${tag}a][${tag}b];` +
    `[${tag}a]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=4:1,scale=${w}:${h}[${tag}bg];` +
    `[${tag}b]scale=${w}:${h}:force_original_aspect_ratio=decrease[${tag}fg];` +
    `[${tag}bg][${tag}fg]overlay=(W-w)/2:(H-h)/2[${outLabel}]`
  );
}

/** Ken Burns over a still: zoom or pan by output frame number across the clip. */
function motionFilter(motion: ClipMotion, frames: number, spec: RenderSpec): string {
  const n = Math.max(1, frames);
  const common = `d=1:s=${spec.width}x${spec.height}:fps=${spec.fps}`;
  switch (motion) {
    case 'zoom-in':
      return `zoompan=z='1+0.15*on/${n}':x='(iw-iw/zoom)/2':y='(ih-ih/zoom)/2':${common}`;
    case 'zoom-out':
      return `zoompan=z='1.15-0.15*on/${n}':x='(iw-iw/zoom)/2':y='(ih-ih/zoom)/2':${common}`;
    case 'pan-left':
      return `zoompan=z=1.15:x='(iw-iw/zoom)*(1-on/${n})':y='(ih-ih/zoom)/2':${common}`;
    case 'pan-right':
      return `zoompan=z=1.15:x='(iw-iw/zoom)*on/${n}':y='(ih-ih/zoom)/2':${common}`;
  }
}

/** Input arguments of a clip: input-side seeking and a read limit, or a looped still. */
function clipInput(clip: SpecClip, fps: number): string[] {
  if (clip.kind === 'image') {
    return ['-loop', '1', '-framerate', String(fps), '-t', sec(clip.length), '-i', clip.path];
  }
  const read = Math.min(clip.available, clip.length * clip.speed);
  return ['-ss', sec(clip.start), '-t', sec(Math.max(read, 0.04)), '-i', clip.path];
}

/**
 * The filter chain that turns input `i` into a frame-fitted stream of exactly `clip.length` seconds.
 * A clip that fades into the next keeps its frame at exactly `length` too: xfade draws its last
 * transition frame from it, and without it ends the transition a frame early and every later cut
 * comes one frame sooner than a plain `-t` read of the same span would (the bench's SSIM gap).
 */
function clipChain(i: number, clip: SpecClip, spec: RenderSpec, out: string, fadesOut = false): string {
  const parts: string[] = [];
  const speed = clip.speed !== 1 ? `setpts=(PTS-STARTPTS)/${clip.speed}` : 'setpts=PTS-STARTPTS';
  parts.push(`[${i}:v]${speed},fps=${spec.fps}[r${i}]`);
  parts.push(fitChain(`r${i}`, `f${i}`, spec, `k${i}`, clip.focus));
  const tail: string[] = [];
  if (clip.kind === 'image' && clip.motion) {
    tail.push(motionFilter(clip.motion, Math.round(clip.length * spec.fps), spec));
  }
  tail.push('format=yuv420p', 'setsar=1');
  const shown = clip.kind === 'image' ? clip.length : Math.min(clip.available, clip.length * clip.speed) / clip.speed;
  if (shown < clip.length) {
    // Short footage holds its last frame rather than leaving the span empty.
    tail.push(`tpad=stop_mode=clone:stop_duration=${sec(clip.length - shown + 0.1)}`);
  }
  tail.push(`trim=duration=${sec(clip.length + (fadesOut ? 0.5 / spec.fps : 0))}`, 'setpts=PTS-STARTPTS');
  parts.push(`[f${i}]${tail.join(',')}[${out}]`);
  return parts.join(';');
}

/** The picture changes of de-duplication, after the look. */
function dedupFilters(dedup: DedupTransform | null, spec: RenderSpec): string[] {
  if (!dedup) {
    return [];
  }
  const out: string[] = [];
  if (dedup.crop) {
    const keepW = even(spec.width * (1 - dedup.crop.amount));
    const keepH = even(spec.height * (1 - dedup.crop.amount));
    const x = Math.round((spec.width - keepW) * dedup.crop.x);
    const y = Math.round((spec.height - keepH) * dedup.crop.y);
    out.push(`crop=${keepW}:${keepH}:${x}:${y}`, `scale=${spec.width}:${spec.height}`);
  }
  if (dedup.mirror) {
    out.push('hflip');
  }
  if (dedup.eq) {
    out.push(
      `eq=brightness=${dedup.eq.brightness}:contrast=${dedup.eq.contrast}:saturation=${dedup.eq.saturation}`,
      `hue=h=${dedup.eq.hue}`,
    );
  }
  return out;
}

/**
 * The sequence's own sound (保留原声): each clip's audio over the span it shows (up to the next clip's
 * transition, where the next one's sound takes over), silence for clips without it; null when none has any.
 */
function sourceSound(spec: RenderSpec, inputs: readonly number[], fades: boolean, fmt: string, graph: string[]) {
  if (!spec.clips.some((c) => c.sound)) {
    return null;
  }
  const parts = spec.clips.map((clip, k) => {
    const overlap = fades && k < spec.clips.length - 1 ? (spec.transitions?.[k]?.duration ?? 0) : 0;
    const span = sec(Math.max(0.04, clip.length - overlap));
    const label = `sa${k}`;
    const tempo = clip.speed !== 1 ? `,atempo=${clip.speed}` : '';
    graph.push(
      clip.sound
        ? `[${inputs[k]}:a]asetpts=PTS-STARTPTS${tempo},${fmt},apad,atrim=0:${span}[${label}]`
        : `anullsrc=r=44100:cl=stereo,atrim=0:${span}[${label}]`,
    );
    return `[${label}]`;
  });
  graph.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1[sound]`);
  return 'sound';
}

/** The logo input scaled to its width (even px) and faded to its opacity. */
function logoChain(input: number, logo: RenderLogo, spec: RenderSpec): string {
  const width = even((spec.width * logo.size) / 100);
  return `[${input}:v]scale=${width}:-2,format=rgba,colorchannelmixer=aa=${logo.opacity}[logo]`;
}

/** overlay's x:y of the logo's corner, a margin in from the edges. */
function logoPlace(logo: RenderLogo, spec: RenderSpec): string {
  const m = Math.round((Math.min(spec.width, spec.height) * CLIP_LOGO_MARGIN_PERCENT) / 100);
  const corner = logo.corner;
  const x = corner.endsWith('left') ? String(m) : `W-w-${m}`;
  const y = corner.startsWith('top') ? String(m) : `H-h-${m}`;
  return `x=${x}:y=${y}`;
}

/**
 * The ffmpeg argv of one video (pure): every input read once, one filter graph, one H.264/AAC
 * encode with faststart, progress on stdout. Subtitles are burned after the picture changes so
 * a mirrored video still reads left to right.
 */
export function buildClipArgs(spec: RenderSpec): string[] {
  const inputs: string[] = [];
  const graph: string[] = [];
  let n = 0;
  const add = (args: string[]): number => {
    inputs.push(...args);
    return n++;
  };

  // Picture: the sequence, then the main clip and cutaways.
  const seq = spec.clips.map((clip) => add(clipInput(clip, spec.fps)));
  const fades = spec.transitions !== null && spec.transitions.length === seq.length - 1;
  seq.forEach((i, k) =>
    graph.push(clipChain(i, spec.clips[k] as SpecClip, spec, `c${k}`, fades && k < seq.length - 1)),
  );
  let base: string | null = null;
  if (seq.length === 1) {
    base = 'c0';
  } else if (seq.length > 1) {
    if (spec.transitions && spec.transitions.length === seq.length - 1) {
      let prev = 'c0';
      let offset = 0;
      spec.transitions.forEach((t, k) => {
        offset += (spec.clips[k] as SpecClip).length - t.duration;
        const label = `x${k + 1}`;
        graph.push(`[${prev}][c${k + 1}]${xfadeFilter(t.name, t.duration, offset)}[${label}]`);
        prev = label;
      });
      base = prev;
    } else {
      graph.push(`${seq.map((_, k) => `[c${k}]`).join('')}concat=n=${seq.length}:v=1:a=0[seq]`);
      base = 'seq';
    }
  }

  let mainAudio: string | null = null;
  if (spec.main) {
    const m = add(['-i', spec.main.path]);
    const keep = spec.main.keep;
    const select = keep ? keep.map(([a, b]) => `between(t,${sec(a)},${sec(b)})`).join('+') : null;
    const cut = select ? `,select='${select}',setpts=N/(${spec.fps}*TB)` : ',setpts=PTS-STARTPTS';
    graph.push(`[${m}:v]fps=${spec.fps}${cut}[mr]`);
    graph.push(fitChain('mr', 'mf', spec, 'mk', spec.main.focus));
    if (spec.main.chromaKey && base) {
      graph.push(`[mf]format=rgba,colorkey=0x00FF00:0.3:0.1[person]`);
      graph.push(`[${base}][person]overlay=0:0:shortest=0:eof_action=pass,format=yuv420p[keyed]`);
      base = 'keyed';
    } else {
      graph.push('[mf]format=yuv420p,setsar=1[main]');
      base = 'main';
    }
    graph.push(
      select ? `[${m}:a]aselect='${select}',asetpts=N/SR/TB[mainaudio]` : `[${m}:a]asetpts=PTS-STARTPTS[mainaudio]`,
    );
    mainAudio = 'mainaudio';
  }
  if (!base) {
    throw new Error('a render needs at least one clip or a main track');
  }
  spec.overlays.forEach((o, k) => {
    const i = add(clipInput(o.clip, spec.fps));
    graph.push(clipChain(i, o.clip, spec, `ob${k}`));
    graph.push(`[ob${k}]setpts=PTS+${sec(o.at)}/TB[os${k}]`);
    graph.push(
      `[${base}][os${k}]overlay=0:0:eof_action=pass:enable='between(t,${sec(o.at)},${sec(o.at + o.clip.length)})'[ov${k}]`,
    );
    base = `ov${k}`;
  });

  const look = [LOOKS[spec.filter], ...dedupFilters(spec.dedup, spec)].filter((f): f is string => f !== null);
  if (spec.logo) {
    // After the picture changes (a mirrored video keeps its logo readable), before the text.
    const l = add(['-i', spec.logo.path]);
    graph.push(`[${base}]${look.length ? look.join(',') : 'null'}[pre]`);
    graph.push(logoChain(l, spec.logo, spec));
    graph.push(`[pre][logo]overlay=${logoPlace(spec.logo, spec)}:format=auto[branded]`);
    base = 'branded';
    look.length = 0;
  }
  const post = look;
  if (spec.subtitles) {
    post.push(`subtitles=filename=${safe(spec.subtitles.path)}:fontsdir=${safe(spec.subtitles.fontsDir)}`);
  }
  if (spec.dedup && spec.dedup.fps !== spec.fps) {
    post.push(`fps=${spec.dedup.fps}`);
  }
  post.push('format=yuv420p');
  graph.push(`[${base}]${post.join(',')}[vout]`);

  // Sound: the voice (or the main clip's own), music looped and ducked under it, loudness normalised.
  const fmt = 'aformat=sample_fmts=fltp:sample_rates=44100:channel_layouts=stereo';
  const d = sec(spec.duration);
  let voice: string | null = null;
  if (spec.voice) {
    voice = `${add(['-i', spec.voice])}:a`;
    if ((spec.voiceVolume ?? 1) !== 1) {
      graph.push(`[${voice}]volume=${spec.voiceVolume}[tts]`);
      voice = 'tts';
    }
  } else if (mainAudio) {
    voice = mainAudio;
  }
  const own = sourceSound(spec, seq, fades, fmt, graph);
  if (own && voice) {
    graph.push(`[${voice}]${fmt}[spoken];[spoken][${own}]amix=inputs=2:normalize=0:duration=longest[voiced]`);
    voice = 'voiced';
  } else if (own) {
    voice = own;
  }
  let music: string | null = null;
  if (spec.music) {
    music = `${add(['-stream_loop', '-1', '-i', spec.music.path])}:a`;
  }
  const fadeAt = sec(Math.max(0, spec.duration - 1.5));
  const bgm = `${fmt},volume=${spec.music?.volume ?? 1},atrim=0:${d},afade=t=out:st=${fadeAt}:d=1.5`;
  if (voice && music) {
    graph.push(
      `[${voice}]${fmt},apad=whole_dur=${d},atrim=0:${d}${spec.music?.duck ? ',asplit=2[voice][key]' : '[voice]'}`,
    );
    graph.push(`[${music}]${bgm}[bgm]`);
    if (spec.music?.duck) {
      graph.push('[bgm][key]sidechaincompress=threshold=0.03:ratio=8:attack=20:release=300[ducked]');
      graph.push('[voice][ducked]amix=inputs=2:normalize=0:duration=first[mix]');
    } else {
      graph.push('[voice][bgm]amix=inputs=2:normalize=0:duration=first[mix]');
    }
  } else if (voice) {
    graph.push(`[${voice}]${fmt},apad=whole_dur=${d},atrim=0:${d}[mix]`);
  } else if (music) {
    graph.push(`[${music}]${bgm}[mix]`);
  } else {
    const silent = add(['-f', 'lavfi', '-t', d, '-i', 'anullsrc=r=44100:cl=stereo']);
    graph.push(`[${silent}:a]anull[mix]`);
  }
  const norm = spec.loudnorm ? 'loudnorm=I=-16:TP=-1.5:LRA=11,' : '';
  graph.push(`[mix]${norm}${fmt},atrim=0:${d}[aout]`);

  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    spec.encode.preset,
    '-crf',
    String(spec.encode.crf),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(Math.round(spec.fps * 2)),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '44100',
    '-t',
    d,
    ...(spec.dedup?.stripMetadata !== false ? ['-map_metadata', '-1', '-map_chapters', '-1'] : []),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'mp4',
    spec.output,
  ];
}
