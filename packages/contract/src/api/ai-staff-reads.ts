// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** AiStaffApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const AiStaffReads = {
  report: '/api/console.AiData/report',
  todos: '/api/console.AiOperate/todos',
  publish: '/api/console.AiPublish/overview',
} as const;
