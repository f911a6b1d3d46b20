// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** DataScreenApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const DataScreenReads = {
  overview: '/api/console.DataScreen/overview',
} as const;
