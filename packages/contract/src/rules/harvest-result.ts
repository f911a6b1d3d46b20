/**
 * What a runner reports about harvesting one account (issue 23), declared once for the runner
 * (publisher), the server and the console: why a read or a write stopped, and how a write ended.
 */

/** Why a harvest read or write stopped. */
export const HARVEST_FAILURES = [
  /** The session no longer holds: the account is marked expired, as publishing does. */
  'logged_out',
  /** The platform's risk control said 操作频繁 (or blocked the account or its IP for a while). */
  'rate_limited',
  /** The platform asks for a check only a person can pass (captcha, slider, 安全验证). */
  'verification',
  /** The platform refused this one write (sensitive words, a duplicate, a message cap before the user answers). */
  'refused',
  /** The platform offers no such source on the web for this account (e.g. Kuaishou private messages). */
  'unavailable',
  /** Anything else: an answer that could not be read, a page that did not load. */
  'failed',
] as const;
export type HarvestFailure = (typeof HARVEST_FAILURES)[number];

/** Failures that are risk signals: the account climbs the cool-down ladder (harvest-pacing.ts). */
export const HARVEST_RISK_FAILURES: readonly HarvestFailure[] = ['rate_limited', 'verification'];
