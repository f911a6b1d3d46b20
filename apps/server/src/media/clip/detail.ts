// Where a picture's detail is, so a cover fit crops around it rather than the centre (issue 24).
// A few frames of the span a clip shows are decoded by one small ffmpeg run into a grid of gray
// cells; each cell's detail is its edge energy (the gray step to its right and below neighbours).
// Summed over the frames, that gives a detail profile per column and per row; the crop window then
// sits where its profile holds the most, fixed for the whole clip (no jitter). Skin or colour cues
// are left out on purpose: edges find a product on a plain table as well as a face.

/** The gray grid the frames are decoded into (square: only each axis's own profile is used). */
export const DETAIL_GRID = 48;
/** Frames sampled per span: near its start, its middle and its end. */
const DETAIL_FRAMES = 3;
/** A window off centre must hold this much more of the frame's detail than the centred one (else centre). */
const MOVE_GAIN = 0.05;
/** Positions tried along an axis (fractions of the slack, 0 = left/top, 1 = right/bottom). */
const STEPS = 100;

/** Detail per column and per row of the grid (sums over the sampled frames). */
export interface DetailProfile {
  cols: number[];
  rows: number[];
}

/** Where the cover crop's window sits: fractions of the slack on each axis (0.5, 0.5 is the centre crop). */
export interface Focus {
  x: number;
  y: number;
}

const CENTRE: Focus = { x: 0.5, y: 0.5 };

/** The profile of `frames` gray frames of `size`×`size`, laid side by side (one `hstack`ed image). */
export function detailProfile(gray: Uint8Array, size: number, frames: number): DetailProfile {
  const cols = new Array<number>(size).fill(0);
  const rows = new Array<number>(size).fill(0);
  const stride = size * frames;
  for (let f = 0; f < frames; f += 1) {
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const at = y * stride + f * size + x;
        const v = gray[at] ?? 0;
        const right = x + 1 < size ? Math.abs((gray[at + 1] ?? 0) - v) : 0;
        const below = y + 1 < size ? Math.abs((gray[at + stride] ?? 0) - v) : 0;
        const e = right + below;
        cols[x] = (cols[x] as number) + e;
        rows[y] = (rows[y] as number) + e;
      }
    }
  }
  return { cols, rows };
}

/** The detail inside the window [from, from + width) of a piecewise-constant profile (cells may be cut). */
function windowSum(profile: readonly number[], from: number, width: number): number {
  let sum = 0;
  const to = from + width;
  for (let i = Math.floor(from); i < Math.ceil(to) && i < profile.length; i += 1) {
    const overlap = Math.min(i + 1, to) - Math.max(i, from);
    if (overlap > 0) {
      sum += (profile[i] as number) * overlap;
    }
  }
  return sum;
}

/** Where along one axis a window of `visible` (fraction of the axis) holds the most detail; 0.5 unless it clearly pays. */
export function bestOffset(profile: readonly number[], visible: number): number {
  const n = profile.length;
  const width = Math.min(1, Math.max(0, visible)) * n;
  const slack = n - width;
  const total = profile.reduce((a, b) => a + b, 0);
  if (slack < 1e-6 || total <= 0) {
    return 0.5;
  }
  const centre = windowSum(profile, slack / 2, width);
  let best = 0.5;
  let bestSum = centre;
  for (let s = 0; s <= STEPS; s += 1) {
    const at = s / STEPS;
    const sum = windowSum(profile, at * slack, width);
    // Equal windows keep the one nearer the centre: a wide subject does not drift to an edge.
    if (sum > bestSum || (sum === bestSum && Math.abs(at - 0.5) < Math.abs(best - 0.5))) {
      best = at;
      bestSum = sum;
    }
  }
  return bestSum - centre > MOVE_GAIN * total ? best : 0.5;
}

/**
 * The cover crop's focus for a source of `source` pixels in a frame of `frame` pixels: the source is
 * scaled to cover the frame, so only one axis has slack, and the window slides along it to the detail.
 */
export function coverFocus(
  profile: DetailProfile,
  source: { width: number; height: number },
  frame: { width: number; height: number },
): Focus {
  if (source.width <= 0 || source.height <= 0) {
    return CENTRE;
  }
  const scale = Math.max(frame.width / source.width, frame.height / source.height);
  const visibleX = frame.width / (source.width * scale);
  const visibleY = frame.height / (source.height * scale);
  return { x: bestOffset(profile.cols, visibleX), y: bestOffset(profile.rows, visibleY) };
}

/** Source seconds sampled in a span: a fifth in from each end, and the middle (one time for a still). */
export function sampleTimes(start: number, seconds: number, still: boolean): number[] {
  if (still || !(seconds > 0)) {
    return [start];
  }
  return Array.from({ length: DETAIL_FRAMES }, (_, i) => start + (seconds * (1 + 1.5 * i)) / 5);
}

/** The argv of the detail run (pure): each time seeks its own input, one gray grid per frame, side by side, raw on stdout. */
export function detailArgs(path: string, times: readonly number[], still: boolean): string[] {
  const inputs = times.flatMap((t) =>
    still ? ['-i', path] : ['-ss', String(Math.round(t * 1000) / 1000), '-i', path],
  );
  const grid = `scale=${DETAIL_GRID}:${DETAIL_GRID}:flags=area,format=gray,setsar=1,trim=end_frame=1,setpts=PTS-STARTPTS`;
  const cells = times.map((_, i) => `[${i}:v]${grid}[g${i}]`);
  const stack = times.length > 1 ? `;${times.map((_, i) => `[g${i}]`).join('')}hstack=inputs=${times.length}[d]` : '';
  const out = times.length > 1 ? '[d]' : '[g0]';
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    cells.join(';') + stack,
    '-map',
    out,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ];
}
