import { z } from 'zod';
import { CLIP_MEMBER_TEMPLATES_MAX } from '../constants.ts';
import { Msg } from '../messages.ts';
import { clipFilter, clipTemplate, clipTransition } from './clip-task.ts';
import { INT_MAX } from './common.ts';
import { ClipTemplateReads } from './clip-template-reads.ts';

/** A template of /clip/VideoTemplate: seeded (key `classic`…) or the member's own (key `own-<id>`). */
export const clipTemplateItem = z.object({
  key: z.string(),
  /** The member's own template id; 0 for seeded ones. */
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  template: clipTemplate,
  /** A still rendered by the server with the template's look and text. */
  preview_url: z.string(),
  own: z.boolean(),
});
export type ClipTemplateItem = z.infer<typeof clipTemplateItem>;

export const clipTemplateList = z.array(clipTemplateItem).max(CLIP_MEMBER_TEMPLATES_MAX + 20);

/** save: a new template of the member (from a seeded one with their changes). */
export const clipTemplateSaveBody = z.object({
  name: z.string().trim().min(1, Msg.clipTemplateNameRequired).max(30),
  description: z.string().trim().max(100).default(''),
  template: clipTemplate,
});

// Bounded like every id: a larger one would overflow PostgreSQL's integer column (a 500, found by the fuzz suite).
export const clipTemplateIdBody = z.object({ id: z.number().int().positive().max(INT_MAX) });

/** Key of the member's own template `id` (seeded templates keep their word keys). */
export function ownTemplateKey(id: number): string {
  return `own-${id}`;
}

/**
 * looks: a preview image per look and per transition, rendered by the server through the same
 * filters its videos use (a look: one still; a transition: a strip of frames from A to B).
 */
export const clipLookPreviews = z.object({
  looks: z.record(clipFilter, z.string()),
  transitions: z.record(clipTransition, z.string()),
});
export type ClipLookPreviews = z.infer<typeof clipLookPreviews>;

/** The template calls, in the style of the clip task calls (seoaivideo.*). */
export const ClipTemplateApi = {
  ...ClipTemplateReads,
  save: '/api/seoaivideo.VideoTemplate/save',
  dele: '/api/seoaivideo.VideoTemplate/dele',
  looks: '/api/seoaivideo.VideoTemplate/looks',
} as const;
