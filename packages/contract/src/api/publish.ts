import { z } from 'zod';
import { Msg } from '../messages.ts';
import { driftView, runnerConnectorState } from './connectors.ts';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';
import { JOB_OUTCOMES, REVIEW_STATES, VERIFY_LISTED_MAX } from '../rules/publish-result.ts';
import { PUBLISH_STATES, RUNNER_CLAIM_WAIT_MS, RUNNER_MAX_SLOTS } from '../rules/publish-state.ts';
import { id, idList, int, INT_MAX, pagedOf, pageNumber, pageSize, requiredIdList, text } from './common.ts';
import { PublishReads } from './publish-reads.ts';

/** The member's batch publishing calls. */
export const PublishApi = {
  ...PublishReads,
  add: '/api/seoaivideo.BatchPublish/add',
  cancel: '/api/seoaivideo.BatchPublish/cancel',
  retryFailed: '/api/seoaivideo.BatchPublish/retryFailed',
  resolveUnconfirmed: '/api/seoaivideo.BatchPublish/resolveUnconfirmed',
  answerAction: '/api/seoaivideo.BatchPublish/answerAction',
  screenshot: '/api/seoaivideo.BatchPublish/screenshot',
} as const;

/** A publishing runner's calls (runner token); its tokens are RunnerTokenApi's. */
export const RunnerApi = {
  claim: '/api/runner.Runner/claim',
  heartbeat: '/api/runner.Runner/heartbeat',
  progress: '/api/runner.Runner/progress',
  beforeSubmit: '/api/runner.Runner/beforeSubmit',
  review: '/api/runner.Runner/review',
  finish: '/api/runner.Runner/finish',
  action: '/api/runner.Runner/action',
} as const;

/** Header a runner authenticates with (its token, shown once when the member created it). */
export const RUNNER_TOKEN_HEADER = 'runnerToken';

/** Longest title, description and topic the server stores (platform limits are checked per platform). */
export const PUBLISH_TEXT_MAX = { title: 200, description: 5000, topic: 50, topics: 20, runnerName: 50 } as const;

const title = text().max(PUBLISH_TEXT_MAX.title, Msg.textTooLong);
const description = text().max(PUBLISH_TEXT_MAX.description, Msg.textTooLong);
const topics = z.array(text().trim().min(1).max(PUBLISH_TEXT_MAX.topic, Msg.textTooLong)).max(PUBLISH_TEXT_MAX.topics);
const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Copy of one video, replacing the batch's copy for it. */
export const publishCopy = z.object({
  material_id: id(),
  title,
  description: description.default(''),
  topics: topics.default([]),
});

/**
 * When the jobs run: from `start_at` (epoch ms, default now), each account's posts `spacing_sec`
 * apart plus jitter; `platform_timer` uploads now and lets the platform publish at `start_at` where
 * it is inside the platform's window.
 */
export const schedulePolicy = z.object({
  start_at: epochMs.optional(),
  spacing_sec: int(0, 7 * 24 * 3600).optional(),
  platform_timer: z.boolean().default(false),
});
export type SchedulePolicy = z.output<typeof schedulePolicy>;

/** seoaivideo.BatchPublish/add */
export const batchAddBody = z.object({
  material_ids: requiredIdList(Msg.chooseVideo),
  enterprise_account_ids: requiredIdList(Msg.selectAccounts),
  title,
  description: description.default(''),
  topics: topics.default([]),
  copies: z.array(publishCopy).max(INT_MAX).default([]),
  /** An image from the member's material library, set as every post's cover. */
  cover_material_id: id().optional(),
  schedule: schedulePolicy.default({ platform_timer: false }),
});
export type BatchAddBody = z.input<typeof batchAddBody>;
export const batchAddResult = z.object({ batch_id: z.number().int(), job_count: z.number().int() });

export const publishStateSchema = z.enum(PUBLISH_STATES);
export const publishPlatformSchema = z.enum(PUBLISH_PLATFORMS);

/** seoaivideo.BatchPublish/list */
export const batchListBody = z.object({ page: pageNumber, limit: pageSize(1, 100, 20) });
export const batchSummary = z.object({
  batch_id: z.number().int(),
  title: z.string(),
  video_count: z.number().int(),
  account_count: z.number().int(),
  job_count: z.number().int(),
  /** Jobs per state (states with none left out). */
  states: z.record(z.string(), z.number().int()),
  create_time: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummary>;
export const batchListResult = pagedOf(batchSummary);

/** The hand-off a job waits on: the code to type, or a QR to scan. */
export const publishAction = z.object({
  kind: z.enum(['sms', 'captcha', 'real_name']),
  prompt: z.string(),
  image: z.string(),
  screenshot_url: z.string(),
  /** Epoch ms after which the job fails unanswered. */
  deadline: z.number(),
});

/** One cell of the video × account matrix. */
export const publishJobView = z.object({
  job_id: z.number().int(),
  material_id: z.number().int(),
  file_name: z.string(),
  enterprise_account_id: z.number().int(),
  nickname: z.string(),
  platform: publishPlatformSchema,
  state: publishStateSchema,
  percent: z.number(),
  run_at: z.number(),
  attempts: z.number().int(),
  work_id: z.string(),
  link: z.string(),
  review_state: z.string(),
  submit_clicked: z.boolean(),
  error_reason: z.string(),
  error_text: z.string(),
  screenshot_url: z.string(),
  action: publishAction.nullable(),
});
export type PublishJobView = z.infer<typeof publishJobView>;

export const batchIdBody = z.object({ batch_id: id() });
export const batchInfoResult = z.object({ batch: batchSummary, jobs: z.array(publishJobView) });
/** cancel / retryFailed: the whole batch, or only `job_ids` of it. */
export const batchJobsBody = z.object({ batch_id: id(), job_ids: idList.default([]) });
export const countResult = z.object({ count: z.number().int() });
export const resolveUnconfirmedBody = z.object({
  job_id: id(),
  published: z.boolean(),
  link: text().max(1000).default(''),
});
export const answerActionBody = z.object({ job_id: id(), code: text().max(64).default('') });

/** runner.Runner/create, list, revoke (member token). */
export const runnerCreateBody = z.object({
  name: text(Msg.runnerNameRequired)
    .trim()
    .min(1, Msg.runnerNameRequired)
    .max(PUBLISH_TEXT_MAX.runnerName, Msg.textTooLong),
});
export const runnerCreateResult = z.object({ runner_id: z.number().int(), name: z.string(), token: z.string() });
/** A job a runner holds now (only the asking member's own jobs are ever listed). */
export const runnerBusyJob = z.object({ job_id: z.number().int(), title: z.string(), nickname: z.string() });
export const runnerView = z.object({
  runner_id: z.number().int(),
  /** member: the member's own (desktop or token); server: run by the operator for members whose level allows it. */
  kind: z.enum(['member', 'server']),
  name: z.string(),
  online: z.boolean(),
  version: z.string(),
  accounts_held: z.array(z.number().int()),
  last_heartbeat: z.string(),
  create_time: z.string(),
  revoked: z.boolean(),
  busy: z.array(runnerBusyJob),
  /** The last drift check of each platform's pages on this runner (platforms never checked left out). */
  drift: z.array(driftView),
});
/** Whether any runner can serve the member now, and why not. */
export const runnerAvailability = z.object({
  /** True when a runner (the member's own, or a server runner the level allows) is online. */
  ready: z.boolean(),
  member_online: z.number().int(),
  server_online: z.number().int(),
  /** The member's level lets server runners serve it. */
  server_allowed: z.boolean(),
  level_name: z.string(),
});
export const runnerListResult = z.object({ list: z.array(runnerView), availability: runnerAvailability });
export const runnerIdBody = z.object({ runner_id: id() });

/**
 * The write-ahead record of a submit: the works the account listed before it (null when the list could
 * not be read) and the runner's clock at the click, epoch ms (null when not recorded).
 */
export const verifyBasis = z.object({
  listed_ids: z.array(text().max(200)).max(VERIFY_LISTED_MAX).nullable(),
  submitted_at: epochMs.nullable(),
});
export type VerifyBasis = z.infer<typeof verifyBasis>;

/** runner.Runner/claim: up to `slots` due jobs; waits up to `wait_ms` for one when none is due. */
export const claimBody = z.object({
  slots: int(1, RUNNER_MAX_SLOTS).default(1),
  wait_ms: int(0, RUNNER_CLAIM_WAIT_MS).default(0),
  version: text().max(50).default(''),
  /** Accounts whose jobs this runner takes; empty: any of the member's. */
  accounts: idList.default([]),
  /** Accounts the runner has a job running on (it does not take a second for them). */
  busy_accounts: idList.default([]),
  /** The operator's connector definitions version the runner runs with (0: the built-in ones). */
  connectors_version: int(0, INT_MAX).optional(),
});
export const claimedJob = z.object({
  job_id: z.number().int(),
  /** Only read the works list back: the submit may have happened under a lost lease. */
  verify_only: z.boolean(),
  platform: publishPlatformSchema,
  enterprise_account_id: z.number().int(),
  ip_code: z.string(),
  title: z.string(),
  description: z.string(),
  topics: z.array(z.string()),
  file_name: z.string(),
  /** Where the video is read from: absolute, or a path on this server. */
  video_url: z.string(),
  /** The cover image to set, '' for the platform's own frame. */
  cover_url: z.string(),
  schedule_at: z.number().nullable(),
  work_id: z.string(),
  lease_ms: z.number().int(),
  /** What the first runner recorded before its submit: a verify-only run matches against it, never a list read later. */
  verify_basis: verifyBasis,
  /** Only re-read the post's review state (the job is published, the platform still reviews it). */
  review_only: z.boolean(),
});
export type ClaimedJob = z.infer<typeof claimedJob>;
export const claimResult = z.object({ jobs: z.array(claimedJob), ...runnerConnectorState.shape });

export const heartbeatBody = z.object({
  job_ids: idList.default([]),
  version: text().max(50).default(''),
  accounts: idList.default([]),
});
/** Per job: whether this runner still holds it, and whether it should stop (cancelled, timed out). */
export const leaseStatus = z.object({ job_id: z.number().int(), held: z.boolean(), cancel: z.boolean() });
export const heartbeatResult = z.object({ jobs: z.array(leaseStatus) });

export const runnerPhaseSchema = z.enum(['preparing', 'uploading', 'submitted', 'verifying', 'needs_action']);
/** A screenshot as base64 (PNG) in JSON: a runner has no multipart client of its own. */
const screenshot = z
  .string()
  .max(12 * 1024 * 1024)
  .optional();
export const progressBody = z.object({
  job_id: id(),
  phase: runnerPhaseSchema,
  percent: z.number().min(0).max(100).optional(),
  text: text().max(500).default(''),
  action: z
    .object({
      kind: z.enum(['sms', 'captcha', 'real_name']),
      prompt: text().max(500),
      image: z
        .string()
        .max(2 * 1024 * 1024)
        .default(''),
      screenshot,
    })
    .optional(),
});
export const jobIdBody = z.object({ job_id: id() });

/** runner.Runner/beforeSubmit; a runner that sends no basis gets a verification that needs the list's times. */
export const beforeSubmitBody = z.object({
  job_id: id(),
  listed_ids: verifyBasis.shape.listed_ids.default(null),
  submitted_at: verifyBasis.shape.submitted_at.default(null),
});
export type BeforeSubmitBody = z.input<typeof beforeSubmitBody>;

/** runner.Runner/review: a published post's review state read again from the works list. */
export const reviewBody = z.object({
  job_id: id(),
  review_state: z.enum(REVIEW_STATES),
  work_id: text().max(200).default(''),
});
export type ReviewBody = z.input<typeof reviewBody>;

export const finishBody = z.object({
  job_id: id(),
  outcome: z.enum(JOB_OUTCOMES),
  submit_clicked: z.boolean(),
  work_id: text().max(200).default(''),
  permalink: text().max(2000).default(''),
  review_state: z.enum([...REVIEW_STATES, '']).default(''),
  error: z
    .object({
      reason: text().max(50),
      message: text().max(4000).default(''),
      url: text().max(2000).default(''),
      page_text: text().max(4000).default(''),
      screenshot,
    })
    .optional(),
});
export type FinishBody = z.input<typeof finishBody>;
export const finishResult = z.object({ state: publishStateSchema });

/** runner.Runner/action: the member's answer to the job's hand-off, once given. */
export const actionResult = z.object({
  status: z.enum(['waiting', 'answered', 'gone']),
  code: z.string(),
});

/** Client-side names of the answers above (the console types its calls with these). */
export type BatchAddResult = z.infer<typeof batchAddResult>;
export type BatchListResult = z.infer<typeof batchListResult>;
export type BatchInfoResult = z.infer<typeof batchInfoResult>;
export type CountResult = z.infer<typeof countResult>;
export type RunnerCreateResult = z.infer<typeof runnerCreateResult>;
export type RunnerView = z.infer<typeof runnerView>;
export type RunnerListResult = z.infer<typeof runnerListResult>;
export type RunnerAvailability = z.infer<typeof runnerAvailability>;

/** seoaivideo.BatchPublish/screenshot: a job's latest failure or hand-off screenshot (PNG), for its member only. */
export const screenshotQuery = z.object({
  job_id: z.coerce.number().int().min(1).max(2_147_483_647),
  /** Changes with the picture, so a browser cache never shows an old one. */
  v: z.string().max(64).optional(),
});
