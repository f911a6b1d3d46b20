/**
 * What a runner reports about one job, declared once for the runner (publisher), the server and the
 * console: how the job ended, the platform's review state, and why it failed.
 */

/** How a job ended on the runner. */
export const JOB_OUTCOMES = [
  'published',
  'platform_scheduled',
  'rejected',
  'failed',
  'needs_action',
  'unconfirmed',
] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** The platform's review state of a post, read from its works list. */
export const REVIEW_STATES = ['reviewing', 'published', 'scheduled', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The words the console shows for a review state (the works lists' own: 审核中 / 已发布 / 未通过). */
export const REVIEW_STATE_TEXT: Record<ReviewState, string> = {
  reviewing: '审核中',
  published: '已发布',
  scheduled: '定时发布',
  rejected: '未通过',
};

/** True for a review state string a runner sends. */
export function isReviewState(value: string): value is ReviewState {
  return (REVIEW_STATES as readonly string[]).includes(value);
}

/** The checks only a person can pass. */
export const NEEDS_ACTION_KINDS = ['sms', 'captcha', 'real_name'] as const;
export type NeedsActionKind = (typeof NEEDS_ACTION_KINDS)[number];

/** Phases a running job reports, in order (needs_action may interrupt uploading or submitting). */
export type RunPhase = 'preparing' | 'uploading' | 'submitting' | 'submitted' | 'verifying' | 'needs_action';

/** Why a job failed (or ended unconfirmed), as the runner names it. */
export const FAILURE_REASONS = [
  'rule_violation',
  'logged_out',
  'upload_failed',
  'upload_timeout',
  'processing_timeout',
  'fill_failed',
  'schedule_not_applied',
  'submit_rejected',
  'rate_limited',
  'submit_timeout',
  'needs_action',
  'action_timeout',
  'cancelled',
  'phase_timeout',
  // The account's browser profile is held by another runner process (or another job of this one): not started.
  'profile_busy',
  'error',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/**
 * Most works-list ids a runner records before its submit (the first page of a works list holds a few
 * dozen; an account with more shows its newest first, and a new post is always among them).
 */
export const VERIFY_LISTED_MAX = 500;

/** The first re-read of a post still 审核中, ms after it was found; each next one waits twice as long. */
export const REVIEW_RECHECK_FIRST_MS = 10 * 60_000;
/** The longest wait between two re-reads of a review state, ms. */
export const REVIEW_RECHECK_MAX_MS = 6 * 60 * 60_000;
/** Re-reads of one post's review state before it is no longer followed (about three days). */
export const REVIEW_RECHECK_MAX = 16;

/** When to read a review state again after `checks` re-reads (0 for the first), ms from now. */
export function reviewRecheckDelayMs(checks: number): number {
  return Math.min(REVIEW_RECHECK_FIRST_MS * 2 ** Math.min(checks, 20), REVIEW_RECHECK_MAX_MS);
}
