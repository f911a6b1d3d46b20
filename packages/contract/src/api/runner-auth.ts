import { z } from 'zod';
import { AUTH_QR_MAX_CHARS } from '../constants.ts';
import { Msg } from '../messages.ts';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';
import { RUNNER_CLAIM_WAIT_MS, RUNNER_MAX_SLOTS } from '../rules/publish-state.ts';
import { id, idList, int, INT_MAX, text } from './common.ts';
import { runnerConnectorState } from './connectors.ts';
import { RunnerTokenReads } from './runner-auth-reads.ts';

/** Account authorization through the member's runner (SPEC §4, issue 10): member calls and runner calls. */
export const RunnerAuthApi = {
  start: '/api/runner.Authorize/start',
  info: '/api/runner.Authorize/info',
  cancel: '/api/runner.Authorize/cancel',
  code: '/api/runner.Authorize/code',
  expired: '/api/runner.Authorize/expired',
  claim: '/api/runner.Runner/authClaim',
  qr: '/api/runner.Runner/authQr',
  sms: '/api/runner.Runner/authSms',
  result: '/api/runner.Runner/authResult',
} as const;

/** The runner-token calls a member (or the desktop shell signed in as the member) makes. */
export const RunnerTokenApi = {
  ...RunnerTokenReads,
  create: '/api/runner.Runner/create',
  revoke: '/api/runner.Runner/revoke',
} as const;

/** `login`: QR login the member asked for; `check`: the daily sweep's look at a stored login. */
export const AUTH_REQUEST_KINDS = ['login', 'check'] as const;

/**
 * pending → running → qr (a QR is shown) → [sms (the platform asks for an SMS code after the scan:
 * Douyin)] → done | failed; or cancelled, expired (no runner finished it in time).
 */
export const AUTH_REQUEST_STATES = [
  'pending',
  'running',
  'qr',
  'sms',
  'done',
  'failed',
  'cancelled',
  'expired',
] as const;
export type AuthRequestState = (typeof AUTH_REQUEST_STATES)[number];

/** States after which nothing changes any more. */
export const AUTH_REQUEST_ENDED: readonly AuthRequestState[] = ['done', 'failed', 'cancelled', 'expired'];

/** runner.Authorize/start: one account to log in by QR through an online runner of the member. */
export const authorizeStartBody = z.object({ enterprise_account_id: id() });
export const authorizeStartResult = z.object({ request_id: z.number().int() });

/** runner.Authorize/info and cancel. */
export const authorizeRequestBody = z.object({ request_id: id() });

/** runner.Authorize/code: the SMS code the member received, while the request is `sms`. */
export const authorizeCodeBody = z.object({
  request_id: id(),
  code: z
    .string({ error: Msg.authSmsCodeFormat })
    .trim()
    .regex(/^\d{4,8}$/, Msg.authSmsCodeFormat),
});

/** Where an authorization stands (also the `account_auth` frame's data). */
export const authorizeView = z.object({
  request_id: z.number().int(),
  enterprise_account_id: z.number().int(),
  state: z.enum(AUTH_REQUEST_STATES),
  /** The QR to scan while `qr` (a data: or https: image URL), else empty. */
  qr_image: z.string(),
  /** What to show: the prompt, 授权成功, or why it failed. */
  msg: z.string(),
  /** The account's cookie_auth_status after this request (unchanged until it ends). */
  cookie_auth_status: z.number().int(),
});
export type AuthorizeView = z.infer<typeof authorizeView>;

/** runner.Authorize/expired: the member's accounts whose login no longer works (status 2). */
export const expiredAccount = z.object({
  enterprise_account_id: z.number().int(),
  nickname: z.string(),
  platform_id: z.number().int(),
});
export const expiredAccountsResult = z.object({ list: z.array(expiredAccount) });

/** runner.Runner/authClaim: waits up to `wait_ms` for authorization work of the runner's member. */
export const authClaimBody = z.object({
  slots: int(1, RUNNER_MAX_SLOTS).default(1),
  wait_ms: int(0, RUNNER_CLAIM_WAIT_MS).default(0),
  /** Accounts whose profile is open in a job right now (Chrome locks a profile to one browser). */
  busy_accounts: idList.default([]),
  /** The definitions version the runner runs with (a runner holding no profile claims no jobs to say it). */
  connectors_version: int(0, INT_MAX).optional(),
});
export const authTask = z.object({
  request_id: z.number().int(),
  kind: z.enum(AUTH_REQUEST_KINDS),
  enterprise_account_id: z.number().int(),
  platform: z.enum(PUBLISH_PLATFORMS),
  ip_code: z.string(),
});
export type AuthTask = z.infer<typeof authTask>;
/**
 * The tasks, the operator's connector definitions version (a runner with another fetches them before a
 * login) and whether a drift check is due: a runner holding no profile yet claims no jobs, and learns
 * it here.
 */
export const authClaimResult = z.object({ tasks: z.array(authTask), ...runnerConnectorState.shape });

/** runner.Runner/authQr: the QR the login page shows now (a new one when it refreshes). */
export const authQrBody = z.object({ request_id: id(), image: z.string().min(1).max(AUTH_QR_MAX_CHARS) });
/** Whether the runner should give up (the member cancelled, or the request ran out). */
export const authQrResult = z.object({ cancel: z.boolean() });

/**
 * runner.Runner/authSms: the login page asks for an SMS code; the request moves to `sms` (the console
 * asks the member) and the runner calls again until the code is there or it should give up.
 */
export const authSmsBody = z.object({
  request_id: id(),
  /** The platform turned down the code handed out last: the console says so when it asks again. */
  refused: z.boolean().default(false),
});
/** `code`: the member's code, handed out once ('' while none came yet); `cancel`: stop. */
export const authSmsResult = z.object({ cancel: z.boolean(), code: z.string() });

/** runner.Runner/authResult: how the login or the check ended. */
export const authResultBody = z.object({
  request_id: id(),
  /** valid: logged in; invalid: the stored login no longer works; unknown: the page did not answer; failed: QR login did not finish. */
  result: z.enum(['valid', 'invalid', 'unknown', 'failed']),
  /** English detail for the log; `timeout` when the QR was not scanned in time. */
  message: text().max(500).default(''),
});
export const authResultResult = z.object({ state: z.enum(AUTH_REQUEST_STATES) });
