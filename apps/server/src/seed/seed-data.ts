const GB = 1024 ** 3;

/** Membership levels; space in bytes; server_runners 1: a self-hosted install's members publish through its server runners. */
export const LEVELS = [
  {
    id: 1,
    name: '体验版',
    account_num: 5,
    space_storage: 1 * GB,
    material_retention_days: 7,
    sort: 1,
    server_runners: 1,
  },
  {
    id: 2,
    name: '标准版',
    account_num: 50,
    space_storage: 50 * GB,
    material_retention_days: 90,
    sort: 2,
    server_runners: 1,
  },
  {
    id: 3,
    name: '旗舰版',
    account_num: 200,
    space_storage: 500 * GB,
    material_retention_days: 365,
    sort: 3,
    server_runners: 1,
  },
] as const;

/** Level of the seeded demo member. */
export const DEMO_LEVEL_ID = 2;
/** How long the seeded demo membership lasts, ms (one year). */
export const DEMO_MEMBERSHIP_MS = 365 * 24 * 60 * 60_000;
