import { z } from 'zod';
import { Msg } from '../messages.ts';

/** The output aspects a clip task may choose (width:height); 9:16 is the platforms' portrait feed. */
export const CLIP_ASPECTS = ['9:16', '16:9', '1:1', '3:4'] as const;
export type ClipAspect = (typeof CLIP_ASPECTS)[number];
/** The aspect of a task that names none (every task made before the choice existed). */
export const DEFAULT_CLIP_ASPECT: ClipAspect = '9:16';

/** The resolutions a clip task may choose, as the short side of the frame in px (720P, 1080P). */
export const CLIP_RESOLUTIONS = [720, 1080] as const;
export type ClipResolution = (typeof CLIP_RESOLUTIONS)[number];

/** The form's labels, in the order it offers them. */
export const clipAspectLabel: Record<ClipAspect, string> = {
  '9:16': '9:16 竖屏',
  '16:9': '16:9 横屏',
  '1:1': '1:1 方形',
  '3:4': '3:4',
};
export const clipResolutionLabel: Record<ClipResolution, string> = { 720: '720P', 1080: '1080P' };

/**
 * A task's output format; both optional: no aspect is 9:16, no resolution is the server's configured
 * size (CLIP_HEIGHT), which also caps a chosen one (docs/decisions.md).
 */
export const clipFormat = {
  aspect: z.enum(CLIP_ASPECTS, Msg.clipAspectInvalid).optional(),
  resolution: z.literal(CLIP_RESOLUTIONS, Msg.clipResolutionInvalid).optional(),
};

/** The frame's width and height in px for an aspect at a short side, each rounded to an even number (x264). */
export function clipFrameSize(aspect: ClipAspect, shortSide: number): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);
  const short = even(shortSide);
  const long = even((shortSide * Math.max(w, h)) / Math.min(w, h));
  return w >= h ? { width: long, height: short } : { width: short, height: long };
}

/**
 * The frame a task renders at: its aspect (else 9:16) at its resolution's short side, never above the
 * short side of `configured` (the server's CLIP_HEIGHT frame, or the preview's); no resolution takes it.
 */
export function clipOutputSize(
  format: { aspect?: ClipAspect | undefined; resolution?: ClipResolution | undefined },
  configured: { width: number; height: number },
): { width: number; height: number } {
  const cap = Math.min(configured.width, configured.height);
  const short = format.resolution === undefined ? cap : Math.min(format.resolution, cap);
  return clipFrameSize(format.aspect ?? DEFAULT_CLIP_ASPECT, short);
}
