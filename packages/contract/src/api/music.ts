import { z } from 'zod';
import { MUSIC_DEFAULT_PAGE_SIZE } from '../constants.ts';

/** Music category (SPEC §3). */
export const musicCate = z.object({ cate_id: z.number().int(), name: z.string() });
export type MusicCate = z.infer<typeof musicCate>;
export const musicCates = z.array(musicCate);

/** Background music (SPEC §3): file.duration in seconds. */
export const music = z.object({
  music_id: z.number().int(),
  cate_id: z.number().int(),
  is_system_music: z.number().int(),
  file: z.object({ file_name: z.string(), file_url: z.string(), duration: z.number() }),
});
export type Music = z.infer<typeof music>;

/** POST /api/seoaivideo.BatchPublish/getSystemMusic body. */
export const musicListBody = z.object({
  limit: z.coerce.number().int().positive().max(500).default(MUSIC_DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().positive().default(1),
  keywords: z.string().trim().max(100).optional().default(''),
  cate_id: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (Number(v) > 0 ? Number(v) : null)),
  /** 1 system music, 0 the member's own music. */
  is_system_music: z.coerce.number().int().min(0).max(1).default(1),
});
export type MusicListBody = z.input<typeof musicListBody>;

/** data.list, data.count. */
export const musicList = z.object({ list: z.array(music), count: z.number().int() });
export type MusicList = z.infer<typeof musicList>;

/** Paths of the music calls (SPEC §7). */
export const MusicApi = {
  cates: '/api/seoaivideo.AiVideoPublish/getSystemMusicCate',
  list: '/api/seoaivideo.BatchPublish/getSystemMusic',
} as const;
