import { z } from 'zod';
import { Msg } from '../messages.ts';
import { HARVEST_FAILURES } from '../rules/harvest-result.ts';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';
import { RUNNER_MAX_SLOTS } from '../rules/publish-state.ts';
import { id, idList, int, text } from './common.ts';
import { harvestIngestItem, harvestItem } from './harvest.ts';
import { HarvestWorkReads } from './harvest-work-reads.ts';

// Harvest work (issue 23): which accounts a member harvests, and how a runner claims an account's
// harvest pass (reads and due replies) under a lease and reports how it ended.

/** The member's and the runner's harvest calls. */
export const HarvestWorkApi = {
  ...HarvestWorkReads,
  /** Member: turns harvesting on or off for accounts. */
  setEnabled: '/api/customer.Harvest/setEnabled',
  /** Runner: due harvest passes of accounts, each under a lease. */
  claim: '/api/runner.Runner/harvestClaim',
  /** Runner: how a pass ended (reads, each reply), which frees the account. */
  report: '/api/runner.Runner/harvestReport',
} as const;

/** A claimed harvest pass is the runner's for this long, ms (pages are capped, so a pass ends well inside). */
export const HARVEST_LEASE_MS = 600_000;
/** Pages a pass reads per source at most; the rest waits for the next pass (the cursor keeps the place). */
export const HARVEST_PAGES_PER_PASS = 5;

/** customer.Harvest/setEnabled */
export const harvestSetEnabledBody = z.object({
  account_ids: idList.refine((ids) => ids.length > 0, Msg.harvestChooseAccount),
  enabled: z.boolean({ error: Msg.harvestSwitchRequired }),
});

/** Where an account's harvesting stands, as a member reads it. */
export const harvestAccountState = z.enum(['off', 'on', 'paused', 'expired']);
export type HarvestAccountState = z.infer<typeof harvestAccountState>;

/** What a member reads for each state. */
export const HARVEST_STATE_LABEL: Record<HarvestAccountState, string> = {
  off: '未开启',
  on: '采集中',
  paused: '已暂停',
  expired: '授权已过期',
};

/** One account in customer.Harvest/accounts. */
export const harvestAccountView = z.object({
  enterprise_account_id: z.number().int(),
  nickname: z.string(),
  /** 抖音, 快手 … */
  platform_name: z.string(),
  enabled: z.boolean(),
  state: harvestAccountState,
  /** Member words: why it is paused or stopped ('' when running or off). */
  notice: z.string(),
  /** Last pass that read, 'YYYY-MM-DD HH:mm:ss' ('' never). */
  last_read_at: z.string(),
  /** Paused until then ('' when not paused). */
  paused_until: z.string(),
});
export type HarvestAccountView = z.infer<typeof harvestAccountView>;
export const harvestAccountsResult = z.object({ list: z.array(harvestAccountView) });
export type HarvestAccountsResult = z.infer<typeof harvestAccountsResult>;

/** runner.Runner/harvestClaim */
export const harvestClaimBody = z.object({
  slots: int(1, RUNNER_MAX_SLOTS).default(1),
  /** Accounts this runner takes; empty: any of the member's (a server runner: those whose profiles it holds). */
  accounts: idList.default([]),
  /** Accounts the runner has something running on (a publish job, a login, another pass). */
  busy_accounts: idList.default([]),
});
export type HarvestClaimBody = z.input<typeof harvestClaimBody>;

/** A reply the pass sends: to a comment (comment_reply) or to the person of a private message (message). */
export const harvestWrite = z.object({
  message_id: z.number().int(),
  kind: z.enum(['comment_reply', 'message']),
  text: z.string(),
  /** Sent with the write where the platform takes one (idempotency on its side). */
  client_id: z.string(),
  /** The comment answered, or the message whose writer is answered, as it was read. */
  target: harvestItem,
  /**
   * Unix s; > 0 when a pass took this reply then and its runner vanished before reporting: look for it
   * written since then first, and send it only if it is not there (0: a fresh reply, send it).
   */
  confirm_since: z.number().int().default(0),
});
export type HarvestWrite = z.infer<typeof harvestWrite>;

/** One claimed pass over an account. */
export const harvestWork = z.object({
  account_id: z.number().int(),
  platform: z.enum(PUBLISH_PLATFORMS),
  ip_code: z.string(),
  /** Read comments and messages this pass (else only the writes are due). */
  read: z.boolean(),
  /** Per source, unix s: the newest item the server holds (the harvester's `since`). */
  since: z.object({ comment: z.number().int(), message: z.number().int() }),
  writes: z.array(harvestWrite),
});
export type HarvestWork = z.infer<typeof harvestWork>;
export const harvestClaimResult = z.object({
  work: z.array(harvestWork),
  /**
   * Ms until the soonest read of an account this claimer may take falls due (0: none is waiting), so an
   * idle runner asks again then instead of up to a poll interval later.
   */
  next_in_ms: z.number().int(),
});
export type HarvestClaimResult = z.infer<typeof harvestClaimResult>;

/** How one reply of a pass ended; `not_sent`: the pass stopped before it (nothing went out, it is due again). */
export const harvestWriteReport = z.object({
  message_id: id(),
  outcome: z.enum(['sent', 'ambiguous', 'not_sent', ...HARVEST_FAILURES]),
  /** The platform's own words when it refused ('' otherwise). */
  platform_text: text().max(500).default(''),
  /** The reply as the platform gave it back or as re-read (its id confirms it once). */
  item: harvestIngestItem.optional(),
});

/** runner.Runner/harvestReport */
export const harvestReportBody = z.object({
  account_id: id(),
  /** How the reads ended: ok, or why they stopped (a logged-out session, a risk signal …). */
  outcome: z.enum(['ok', ...HARVEST_FAILURES]),
  /** True when the pass read (its `read` was set and it got to it). */
  read: z.boolean().default(false),
  platform_text: text().max(500).default(''),
  writes: z.array(harvestWriteReport).max(50).default([]),
});
export type HarvestReportBody = z.input<typeof harvestReportBody>;
export const harvestReportResult = z.object({ state: harvestAccountState });
