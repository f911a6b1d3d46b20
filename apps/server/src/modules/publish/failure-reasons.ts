// How the server treats a job's failure reason. A leaf with no imports: the AI staff's to-do list
// reads the same sets as the publish module's moves.

/** Failures worth an automatic retry before submit (a rule or a logged-out account will not heal by itself). */
export const TRANSIENT_REASONS = new Set([
  'upload_failed',
  'upload_timeout',
  'processing_timeout',
  'fill_failed',
  'phase_timeout',
  // Another process had the account's profile open: the job did not start, a later claim will.
  'profile_busy',
  'error',
]);
/** Failures after the click where the platform answered no and created nothing: the member may re-post. */
export const PLATFORM_REFUSALS = new Set(['submit_rejected', 'rate_limited']);
