// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** CustomerApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const CustomerReads = {
  privateList: '/api/customer.DouyinCustomer/privateList',
  thread: '/api/customer.DouyinCustomer/thread',
  leadList: '/api/customer.Lead/list',
} as const;
