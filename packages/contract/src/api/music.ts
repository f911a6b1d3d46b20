import { z } from 'zod';
import { MUSIC_DEFAULT_PAGE_SIZE, MUSIC_PAGE_SIZES } from '../constants.ts';
import { Msg } from '../messages.ts';
import { int, optionalId, pagedOf, pageNumber, pageSize, text } from './common.ts';
import { MusicReads } from './music-reads.ts';

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
  /** A system track's licence (e.g. CC0 1.0 for the tracks the project makes); '' for the member's own. */
  licence: z.string().optional(),
});
export type Music = z.infer<typeof music>;

/** A music's identity across both lists: system and own music number their ids apart. */
export function musicKey(m: Pick<Music, 'music_id' | 'is_system_music'>): string {
  return `${m.is_system_music ? 'system' : 'own'}-${m.music_id}`;
}

/** POST /api/seoaivideo.BatchPublish/getSystemMusic body. */
export const musicListBody = z.object({
  limit: pageSize(1, Math.max(...MUSIC_PAGE_SIZES), MUSIC_DEFAULT_PAGE_SIZE),
  page: pageNumber,
  keywords: text().trim().max(100, Msg.textTooLong).optional().default(''),
  /** '', 0 or absent: every category. */
  cate_id: optionalId,
  /** 1 system music, 0 the member's own music. */
  is_system_music: int(0, 1).default(1),
});

/** data.list, data.count. */
export const musicList = pagedOf(music);
export type MusicList = z.infer<typeof musicList>;

/** Paths of the music calls (SPEC §7). */
export const MusicApi = {
  ...MusicReads,
} as const;
