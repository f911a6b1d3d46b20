// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** HarvestWorkApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const HarvestWorkReads = {
  /** Member: every account with its harvesting switch and state. */
  accounts: '/api/customer.Harvest/accounts',
} as const;
