// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** MusicApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const MusicReads = {
  cates: '/api/seoaivideo.AiVideoPublish/getSystemMusicCate',
  list: '/api/seoaivideo.BatchPublish/getSystemMusic',
} as const;
