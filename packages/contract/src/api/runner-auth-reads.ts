// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** RunnerTokenApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const RunnerTokenReads = {
  list: '/api/runner.Runner/list',
} as const;
