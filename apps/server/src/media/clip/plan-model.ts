import { clipTransition } from '@vidmatrix/contract/api/clip-task';
import { INT_MAX } from '@vidmatrix/contract/api/common';
import { z } from 'zod';

// The plan model: what the planners pick and the renderer reads back. Only the server makes and reads
// plans (stored as JSON with each video), so it lives here rather than in the contract.

const id = z.number().int().positive().max(INT_MAX);

/** What the planner knows of a library material (the server fills it from the library). */
export const clipMaterial = z.object({
  id,
  kind: z.enum(['video', 'image', 'digital_human']),
  name: z.string().max(200).default(''),
  /** Seconds; 0 for images. */
  duration: z.number().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  tags: z.array(z.string()).default([]),
});
export type ClipMaterial = z.infer<typeof clipMaterial>;

/** Seeded per-video changes that move perceptual fingerprints (stored with the plan). */
export const dedupTransform = z.object({
  mirror: z.boolean(),
  /** Fraction cut from the frame (0–0.08) and where the kept window sits (0–1 each way). */
  crop: z.object({ amount: z.number(), x: z.number(), y: z.number() }).nullable(),
  eq: z.object({ brightness: z.number(), contrast: z.number(), saturation: z.number(), hue: z.number() }).nullable(),
  /** Footage speed (voice untouched). */
  speed: z.number(),
  fps: z.number(),
  stripMetadata: z.boolean(),
});
export type DedupTransform = z.infer<typeof dedupTransform>;

/** Image motion (Ken Burns). */
export const clipMotion = z.enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right']);
export type ClipMotion = z.infer<typeof clipMotion>;

/** One piece of footage in a plan. */
export const planSegment = z.object({
  materialId: id,
  /** In-point in the source, seconds. */
  start: z.number().nonnegative(),
  /** Nominal length, seconds; the timeline stretches it to its paragraph's voice. */
  length: z.number().positive(),
  /** Paragraph this segment shows while it is spoken; null keeps the nominal length. */
  paragraph: z.number().int().nonnegative().nullable(),
  motion: clipMotion.nullable(),
  /** Transition into this segment from the previous one. */
  transition: clipTransition.nullable(),
  /** 口播 only: where the cutaway sits on the main track, seconds. */
  at: z.number().nonnegative().nullable(),
});
export type PlanSegment = z.infer<typeof planSegment>;

/** One video to render: what the planner picked, with everything needed to render it again. */
export const clipPlan = z.object({
  index: z.number().int().nonnegative(),
  mode: z.number().int().min(1).max(8),
  /** Canonical combination key (the same footage choice has the same key). */
  key: z.string(),
  seed: z.number().int(),
  segments: z.array(planSegment),
  /** Narration paragraphs; each is split into sentences for voice and subtitles. */
  paragraphs: z.array(z.string()),
  /** Spoken aloud (voice) or only shown (subtitles). */
  voiced: z.boolean(),
  title: z.string(),
  musicId: id.nullable(),
  /** 口播: the main track and, when silences are cut, the kept spans. */
  main: z
    .object({ materialId: id, keep: z.array(z.tuple([z.number(), z.number()])).nullable(), chromaKey: z.boolean() })
    .nullable(),
  dedup: dedupTransform.nullable(),
  /** Footage keeps its own sound (CP拆拼 保留原声); older plans have none. */
  sourceAudio: z.boolean().default(false),
});
export type ClipPlan = z.infer<typeof clipPlan>;
