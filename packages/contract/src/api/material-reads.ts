// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** MaterialApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const MaterialReads = {
  list: '/api/file.File/list',
  info: '/api/file.File/info',
  groupList: '/api/file.Group/list',
  tagList: '/api/file.Tag/list',
} as const;
