/** The music dialog's search (getSystemMusic body). */
export interface MusicQuery {
  limit: number;
  page: number;
  keywords: string;
  cate_id: number | '';
  is_system_music: 0 | 1;
}

/** Query keys of background music. */
export const musicKeys = {
  all: ['music'] as const,
  cates: () => [...musicKeys.all, 'cates'] as const,
  list: (body: MusicQuery) => [...musicKeys.all, 'list', body] as const,
};
