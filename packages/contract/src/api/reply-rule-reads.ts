// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** ReplyRuleApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const ReplyRuleReads = {
  list: '/api/customer.ReplyRule/list',
  settings: '/api/customer.ReplyRule/settings',
  overview: '/api/customer.AiLead/overview',
} as const;
