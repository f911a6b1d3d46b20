import { CLIP_SCENE_CONTRAST, CLIP_SCENE_THRESHOLD } from '@vidmatrix/contract/constants';

/** One frame's ffmpeg scene score (0–1: how much it differs from the frame before, beyond the motion before it). */
export interface SceneScore {
  time: number;
  score: number;
}

/** Options of cut finding; the defaults are the constants tested on the fixtures in scenes.test.ts. */
export interface CutOptions {
  threshold?: number;
  contrast?: number;
  /** Candidates closer than this merge into one cut (the frame after a cut scores high too), seconds. */
  minGap?: number;
}

/** The filter that scores every frame: a small copy is enough and decodes the same, so large sources cost less. */
export const SCENE_SCORE_FILTER = "scale=160:-2,select='gte(scene,0)',metadata=print:key=lavfi.scene_score";

/** The (pts_time, scene_score) pairs metadata=print wrote to the log. */
export function parseSceneScores(log: string): SceneScore[] {
  const out: SceneScore[] = [];
  let time: number | null = null;
  for (const m of log.matchAll(/pts_time:\s*([\d.]+)|lavfi\.scene_score=([\d.]+)/g)) {
    if (m[1] !== undefined) {
      time = Number(m[1]);
    } else if (time !== null) {
      out.push({ time, score: Number(m[2]) });
      time = null;
    }
  }
  return out;
}

function median(values: number[]): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Hard cuts from per-frame scores (pure): a frame is a cut when its score clears the floor and stands
 * `contrast` times above the median of the second around it, so a lower floor than a fixed threshold
 * finds same-set cuts without taking busy footage for cuts. The first two frames have no motion before
 * them and never count.
 */
export function cutsFromScores(frames: readonly SceneScore[], options: CutOptions = {}): number[] {
  const threshold = options.threshold ?? CLIP_SCENE_THRESHOLD;
  const contrast = options.contrast ?? CLIP_SCENE_CONTRAST;
  const minGap = options.minGap ?? 0.5;
  const candidates: SceneScore[] = [];
  frames.forEach((f, i) => {
    if (i < 2 || f.score < threshold) {
      return;
    }
    const around = frames.filter((g, j) => Math.abs(j - i) > 1 && Math.abs(g.time - f.time) <= 1).map((g) => g.score);
    if (f.score >= contrast * median(around)) {
      candidates.push(f);
    }
  });
  const cuts: SceneScore[] = [];
  for (const c of candidates) {
    const last = cuts.at(-1);
    if (last && c.time - last.time < minGap) {
      if (c.score > last.score) {
        cuts[cuts.length - 1] = c;
      }
    } else {
      cuts.push(c);
    }
  }
  return cuts.map((c) => c.time);
}
