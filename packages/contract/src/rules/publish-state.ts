import { Msg, type MsgKey } from '../messages.ts';
/**
 * The states of a publish job and the one table of moves between them. The server applies every move
 * as a compare-and-set on the state it read (and the lease owner while a runner holds the job), so a
 * move not listed here cannot be written, and two writers never both win.
 */
export const PUBLISH_STATES = [
  'scheduled',
  'queued',
  'claimed',
  'preparing',
  'uploading',
  'submitting',
  'submitted',
  'verifying',
  'published',
  'platform_scheduled',
  'rejected',
  'failed',
  'needs_action',
  'unconfirmed',
  'cancelled',
] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** Lease of a claimed job, ms; the runner's heartbeat extends it. */
export const PUBLISH_LEASE_MS = 120_000;
/** How often a runner sends its heartbeat, ms (a lease survives 7 missed beats). */
export const RUNNER_HEARTBEAT_MS = 15_000;
/** Automatic attempts of a job before submit (never after: a second submit could post twice). */
export const PUBLISH_MAX_ATTEMPTS = 3;
/** Backoff before automatic attempt 2 and 3, ms (1 min, 5 min), with up to 20% jitter. */
export const PUBLISH_RETRY_BACKOFF_MS = [60_000, 5 * 60_000] as const;
/** A needs_action nobody answers within this fails the job, ms. */
export const PUBLISH_ACTION_TIMEOUT_MS = 10 * 60_000;
/** How long a job whose runner vanished after submit waits for proof from another runner, ms. */
export const PUBLISH_VERIFY_WINDOW_MS = 30 * 60_000;
/** Default minimum spacing between two posts of one account, s (jitter added on top). */
export const PUBLISH_ACCOUNT_SPACING_SEC = 15 * 60;
/** Jitter added to each spacing, as a share of it. */
export const PUBLISH_SPACING_JITTER = 0.2;
/** How often the sweep expires leases, times out hand-offs and promotes scheduled jobs, ms. */
export const PUBLISH_SWEEP_MS = 5_000;
/** Most jobs one batch may create (videos × accounts). */
export const PUBLISH_BATCH_MAX_JOBS = 2_000;
/** Most jobs one claim hands out. */
export const RUNNER_MAX_SLOTS = 16;
/** How long a claim waits for a due job before answering empty, ms (the runner's long poll). */
export const RUNNER_CLAIM_WAIT_MS = 20_000;
/**
 * Risk signals that pause an account, and for how long, ms: a platform that logged the account out
 * mid-flow or answered 操作频繁 is left alone for a while before the next post (its waiting jobs stay
 * queued until then).
 */
export const PUBLISH_RISK_COOLDOWN_MS = {
  logged_out: 30 * 60_000,
  rate_limited: 6 * 60 * 60_000,
} as const;
export type PublishRiskReason = keyof typeof PUBLISH_RISK_COOLDOWN_MS;

/** True when a runner's failure reason is a risk signal that pauses the account. */
export function isRiskReason(reason: string): reason is PublishRiskReason {
  return Object.hasOwn(PUBLISH_RISK_COOLDOWN_MS, reason);
}

/**
 * When an account may post next after a post at `postedAt`: at least `spacingMs` later plus up to
 * 20% jitter (`random` in [0,1)), across batches as well as within one.
 */
export function nextPostAt(postedAt: number, spacingMs: number, random: number): number {
  return postedAt + spacingMs + Math.round(spacingMs * PUBLISH_SPACING_JITTER * random);
}

/** A runner seen within this is shown online, ms. */
export const RUNNER_ONLINE_MS = 3 * RUNNER_HEARTBEAT_MS;

/** A runner holds the job: its lease must be live and its own. */
export const LEASED_STATES = [
  'claimed',
  'preparing',
  'uploading',
  'submitting',
  'submitted',
  'verifying',
  'needs_action',
] as const satisfies readonly PublishState[];

/** States before the submit click: losing the lease here puts the job back in the queue. */
export const PRE_SUBMIT_STATES = ['claimed', 'preparing', 'uploading'] as const satisfies readonly PublishState[];

/** States a runner's claim takes (scheduled ones once their run_at has come). */
export const CLAIMABLE_STATES = ['scheduled', 'queued'] as const satisfies readonly PublishState[];

/** States no move leaves by itself (retryFailed and resolveUnconfirmed are explicit moves). */
export const FINAL_STATES = [
  'published',
  'platform_scheduled',
  'rejected',
  'failed',
  'unconfirmed',
  'cancelled',
] as const satisfies readonly PublishState[];

const outcomes = ['published', 'platform_scheduled', 'rejected'] as const;

/** Every allowed move: from → the states it may go to. */
export const PUBLISH_TRANSITIONS: Readonly<Record<PublishState, readonly PublishState[]>> = {
  scheduled: ['queued', 'claimed', 'cancelled'],
  queued: ['claimed', 'cancelled'],
  claimed: ['preparing', 'uploading', 'submitting', 'needs_action', 'queued', 'failed', 'cancelled'],
  preparing: ['uploading', 'submitting', 'needs_action', 'queued', 'failed', 'cancelled'],
  uploading: ['submitting', 'needs_action', 'queued', 'failed', 'cancelled'],
  // After the click a job is never queued again: only proof, the platform's refusal, or unconfirmed.
  submitting: ['submitted', 'verifying', 'needs_action', ...outcomes, 'failed', 'unconfirmed'],
  submitted: ['verifying', ...outcomes, 'unconfirmed'],
  verifying: ['verifying', ...outcomes, 'unconfirmed'],
  needs_action: [
    'claimed',
    'preparing',
    'uploading',
    'submitting',
    'submitted',
    'verifying',
    'queued',
    'failed',
    'unconfirmed',
  ],
  // A post found while 审核中 is published; the platform's review may still refuse it later.
  published: ['rejected'],
  platform_scheduled: ['published', 'rejected'],
  rejected: [],
  failed: ['queued'],
  unconfirmed: ['published', 'failed'],
  cancelled: [],
};

/** True when `from → to` is an allowed move. */
export function canTransition(from: PublishState, to: PublishState): boolean {
  return PUBLISH_TRANSITIONS[from].includes(to);
}

/** The states from which a move to `to` is allowed (the `where state in (…)` of a compare-and-set). */
export function statesInto(to: PublishState): PublishState[] {
  return PUBLISH_STATES.filter((from) => canTransition(from, to));
}

/** True for a state string the server writes. */
export function isPublishState(value: string): value is PublishState {
  return (PUBLISH_STATES as readonly string[]).includes(value);
}

/** True while the job sits before the submit click (a lost lease requeues it). */
export function isPreSubmit(state: PublishState): boolean {
  return (PRE_SUBMIT_STATES as readonly PublishState[]).includes(state);
}

/** Backoff before automatic attempt `attempt + 1` after `attempt` failed (1-based), with jitter from `random` in [0,1). */
export function retryBackoffMs(attempt: number, random: number): number {
  const base = PUBLISH_RETRY_BACKOFF_MS[Math.min(attempt, PUBLISH_RETRY_BACKOFF_MS.length) - 1] ?? 0;
  return Math.round(base * (1 + PUBLISH_SPACING_JITTER * random));
}

/**
 * Run times of an account's posts in a batch: the first at `start`, each next one at least
 * `spacingMs` later plus up to 20% jitter (`random` yields [0,1)). Pure, so tests pin the jitter.
 */
export function spreadRunTimes(start: number, count: number, spacingMs: number, random: () => number): number[] {
  const out: number[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    out.push(at);
    at += spacingMs + Math.round(spacingMs * PUBLISH_SPACING_JITTER * random());
  }
  return out;
}

// The member's words for each reason a runner reports; its own English message is for the operator's log.
const FAILURE_TEXT: Readonly<Record<string, MsgKey>> = {
  rule_violation: 'publishFailRule',
  logged_out: 'publishFailLoggedOut',
  upload_failed: 'publishFailUpload',
  upload_timeout: 'publishFailUploadTimeout',
  processing_timeout: 'publishFailProcessing',
  fill_failed: 'publishFailFill',
  schedule_not_applied: 'publishFailSchedule',
  submit_rejected: 'publishFailRejected',
  rate_limited: 'publishFailRateLimited',
  submit_timeout: 'publishFailNoAnswer',
  needs_action: 'publishFailNeedsAction',
  action_timeout: 'publishActionTimeout',
  cancelled: 'publishFailCancelled',
  phase_timeout: 'publishFailTimeout',
  profile_busy: 'publishFailProfileBusy',
};

// Reasons whose page text is the platform's own answer to this post, worth showing as it is.
const PLATFORM_WORDS = new Set(['submit_rejected', 'rate_limited', 'upload_failed']);

/** What a member reads for a failed job: the platform's own words where it refused, else the reason in Chinese. */
export function publishFailureText(reason: string, pageText: string): string {
  const own = pageText.trim();
  if (own && PLATFORM_WORDS.has(reason)) {
    return own;
  }
  return Msg[FAILURE_TEXT[reason] ?? 'publishFailed'];
}
