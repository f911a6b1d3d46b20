import type { MusicQuery } from './get-music-list.ts';

/** Query keys of background music. */
export const musicKeys = {
  all: ['music'] as const,
  cates: () => [...musicKeys.all, 'cates'] as const,
  list: (body: MusicQuery) => [...musicKeys.all, 'list', body] as const,
};
