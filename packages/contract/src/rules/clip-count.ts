/** Counting distinct clip combinations (pure; the web shows the same maximum the planner enforces). */
import { CLIP_MAX_WINDOWS } from '../constants.ts';

/** Counts saturate here: beyond it "more than any task can ask for" is all that matters. */
export const COUNT_CAP = Number.MAX_SAFE_INTEGER;

/** a × b, saturating at COUNT_CAP. */
export function mulCapped(a: number, b: number): number {
  if (a === 0 || b === 0) {
    return 0;
  }
  return a > COUNT_CAP / b ? COUNT_CAP : a * b;
}

/** a + b, saturating at COUNT_CAP. */
export function addCapped(a: number, b: number): number {
  return Math.min(COUNT_CAP, a + b);
}

/** Unordered choices of k from m, C(m, k), saturating. */
export function choose(m: number, k: number): number {
  if (k < 0 || k > m) {
    return 0;
  }
  const r = Math.min(k, m - k);
  let total = 1;
  for (let i = 1; i <= r; i += 1) {
    // Multiply then divide keeps every step an integer (C(m-r+i, i) is whole).
    const next = mulCapped(total, m - r + i);
    if (next === COUNT_CAP) {
      return COUNT_CAP;
    }
    total = next / i;
  }
  return Math.round(total);
}

/** Ordered choices of k from m, m!/(m−k)!, saturating. */
export function arrange(m: number, k: number): number {
  if (k < 0 || k > m) {
    return 0;
  }
  let total = 1;
  for (let i = 0; i < k; i += 1) {
    total = mulCapped(total, m - i);
  }
  return total;
}

/** The product of the sizes (a cross product of groups), saturating. */
export function product(sizes: readonly number[]): number {
  return sizes.reduce((total, size) => mulCapped(total, size), 1);
}

/** A material as the counts see it: images give one window, videos one per whole segment. */
export interface CountedMaterial {
  id: number;
  kind: 'video' | 'image' | 'digital_human';
  /** Seconds (0 for images). */
  duration: number;
}

/**
 * Where the segments of `seconds` a material offers start: 0 for an image; for a video one per whole
 * segment (at least one), at most CLIP_MAX_WINDOWS spread evenly over it.
 */
export function windowStarts(m: Omit<CountedMaterial, 'id'>, seconds: number): number[] {
  if (m.kind === 'image') {
    return [0];
  }
  const whole = Math.max(1, Math.floor(m.duration / seconds));
  const count = Math.min(whole, CLIP_MAX_WINDOWS);
  return Array.from({ length: count }, (_, i) => Math.round(Math.floor((i * whole) / count) * seconds * 1000) / 1000);
}

/** The windows of some materials, each material counted once. */
function windowsIn(materials: readonly CountedMaterial[], seconds: number): number {
  const seen = new Set<number>();
  let total = 0;
  for (const m of materials) {
    if (!seen.has(m.id)) {
      seen.add(m.id);
      total += windowStarts(m, seconds).length;
    }
  }
  return total;
}

/**
 * 批量混剪's most distinct videos: one group is a pool, each video a set of `segments` of its windows,
 * C(windows, segments); several groups give one window each, in order, so the product of their windows.
 * The form shows it while the member chooses; the planner refuses a larger count with it.
 */
export function clipVideoMax(
  groups: readonly (readonly CountedMaterial[])[],
  segments: number,
  seconds: number,
): number {
  const [only] = groups;
  if (groups.length === 1 && only) {
    return choose(windowsIn(only, seconds), segments);
  }
  return product(groups.map((g) => windowsIn(g, seconds)));
}
