import { z } from 'zod';

/**
 * Every background job: its name and the zod schema of its payload. The server enqueues and handles
 * jobs through this catalogue only, so a payload is declared once and checked when a worker takes it
 * (a job stored by an older version that no longer fits fails loudly instead of running on bad data).
 *
 * Delivery is **at least once** on both backends: a job whose lease lapses before its completion is
 * recorded (its process died, or paused past the lease, even after the handler returned) runs again.
 * So every handler is idempotent: it re-reads the state it acts on and does nothing when the work is
 * done (a sent reply is no longer pending, a rendered output is no longer queued, scans find nothing).
 */
export const jobs = {
  /** Makes the thumbnail/poster and reads the duration of one material. */
  'material.media': z.object({ materialId: z.number().int().positive() }),
  /** Removes materials past their expiration time (scheduled). */
  'material.expire': z.object({}),
  /** Removes uploads never registered as a material and refunds their space (scheduled). */
  'upload.cleanup': z.object({}),
  /** Drops account import records (and their failed-rows file) past their keep time (scheduled). */
  'account.import.prune': z.object({}),
  /**
   * Delivers one customer reply through its account's connector; a reply another delivery attempt
   * still holds under its lease is looked at again later.
   */
  'customer.deliver': z.object({ messageId: z.number().int().positive() }),
  /**
   * Renders one video of a clip task (clip_output) and files it in the material library. `resume`:
   * queued again after the queue lost its jobs; a video left running is taken over once its render
   * has stopped beating, else looked at again later.
   */
  'clip.render': z.object({ outputId: z.number().int().positive(), resume: z.boolean().optional() }),
  /** Expires publish leases, fails unanswered hand-offs, promotes due scheduled jobs (scheduled). */
  'publish.sweep': z.object({}),
  /** Renders the seeded getting-started course's videos that storage does not hold yet. */
  'content.course-videos': z.object({}),
  /** Asks each member's online runner to check every authorized account's stored login (scheduled, daily). */
  'account.auth.sweep': z.object({}),
  /** Ends runner authorizations nobody finished in time (scheduled). */
  'account.auth.expire': z.object({}),
  /** Asks each online runner not checked for a day for a drift check of the creator centres' pages (scheduled, hourly). */
  'publish.drift.sweep': z.object({}),
} as const;

/** A job name. */
export type JobName = keyof typeof jobs;

/** The payload of job `N`. */
export type JobPayload<N extends JobName> = z.output<(typeof jobs)[N]>;

/** Job names as constants, for call sites that prefer a name to a string. */
export const Job = {
  materialMedia: 'material.media',
  materialExpire: 'material.expire',
  uploadCleanup: 'upload.cleanup',
  accountImportPrune: 'account.import.prune',
  customerDeliver: 'customer.deliver',
  clipRender: 'clip.render',
  publishSweep: 'publish.sweep',
  contentCourseVideos: 'content.course-videos',
  accountAuthSweep: 'account.auth.sweep',
  accountAuthExpire: 'account.auth.expire',
  publishDriftSweep: 'publish.drift.sweep',
} as const satisfies Record<string, JobName>;

/** Parses a stored payload of job `name`; throws a ZodError when it does not fit. */
export function parseJobPayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  return jobs[name].parse(payload) as JobPayload<N>;
}
