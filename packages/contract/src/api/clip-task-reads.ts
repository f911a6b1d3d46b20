// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** ClipTaskApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const ClipTaskReads = {
  list: '/api/seoaivideo.BatchVideo/taskList',
  info: '/api/seoaivideo.BatchVideo/taskInfo',
  getFront: '/api/seoaivideo.BatchPublish/getFront',
  getVoice: '/api/seoaivideo.BatchVideo/getVoice',
} as const;
