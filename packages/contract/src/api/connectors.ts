import { z } from 'zod';
import { connectorDefinitions } from '../connector-definition.ts';
import { DRIFT_STATES } from '../rules/drift.ts';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';
import { idList, int, INT_MAX, text } from './common.ts';

/** Connector definitions and the drift check (issue 22): runner-token calls. */
export const ConnectorApi = {
  /** The operator's current definitions and their version. */
  definitions: '/api/runner.Runner/connectors',
  /** The accounts a drift check may open, per platform. */
  driftPlan: '/api/runner.Runner/driftPlan',
  /** What a drift check found. */
  drift: '/api/runner.Runner/drift',
} as const;

/** runner.Runner/connectors: version 0 and no definitions while the operator has loaded none (the built-in ones hold). */
export const connectorsResult = z.object({
  version: z.number().int().min(0),
  definitions: connectorDefinitions.nullable(),
});
export type ConnectorsResult = z.infer<typeof connectorsResult>;

/** An account a drift check may use: authorized, on one of the runner's platforms, with its proxy. */
export const driftAccount = z.object({
  platform: z.enum(PUBLISH_PLATFORMS),
  enterprise_account_id: z.number().int(),
  ip_code: z.string(),
  /**
   * Posts this account published through us: an empty works list then means the list's items are no
   * longer recognised, not an account without posts. Absent from older servers.
   */
  posts: z.number().int().min(0).default(0),
});
export type DriftAccount = z.infer<typeof driftAccount>;
/** runner.Runner/driftPlan: the accounts whose browser profiles the runner holds. */
export const driftPlanBody = z.object({ accounts: idList.default([]) });
export const driftPlanResult = z.object({ accounts: z.array(driftAccount) });

/** Most element names one finding lists. */
export const DRIFT_MISSING_MAX = 60;

/** One platform's result: the Chinese names of the elements not found, and the definition checked. */
export const driftFinding = z.object({
  platform: z.enum(PUBLISH_PLATFORMS),
  state: z.enum(DRIFT_STATES),
  // Element names members read: Chinese, never a selector or a key.
  missing: z
    .array(
      text()
        .trim()
        .min(1)
        .max(30)
        .regex(/^[^A-Za-z]*[\u4e00-\u9fff][^A-Za-z]*$/),
    )
    .max(DRIFT_MISSING_MAX),
  connector_version: text().max(100),
});
export type DriftFinding = z.infer<typeof driftFinding>;

/** runner.Runner/drift: a check's findings (one per platform at most). */
export const driftReportBody = z.object({
  findings: z
    .array(driftFinding)
    .max(PUBLISH_PLATFORMS.length)
    .refine((list) => new Set(list.map((f) => f.platform)).size === list.length, 'one finding per platform'),
  /** The operator's definitions version the check ran with (0: the built-in ones). */
  connectors_version: int(0, INT_MAX).default(0),
});
export type DriftReportBody = z.input<typeof driftReportBody>;

/** The console's view of one platform's last check on a runner (runner.Runner/list). */
export const driftView = z.object({
  platform: z.enum(PUBLISH_PLATFORMS),
  state: z.enum(DRIFT_STATES),
  missing: z.array(z.string()),
  /** When it was checked, server time (UTC+8). */
  checked_at: z.string(),
});
export type DriftView = z.infer<typeof driftView>;

/** The connectors version and a due drift check, as the claim answers tell a runner. */
export const runnerConnectorState = z.object({
  /** The operator's definitions version (0: none loaded); a runner with another fetches them. */
  connectors_version: z.number().int().min(0),
  /** A drift check is due (the daily job, or new definitions): the runner runs one and reports it. */
  drift_check: z.boolean(),
});
export type RunnerConnectorState = z.infer<typeof runnerConnectorState>;
