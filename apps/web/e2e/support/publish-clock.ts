import { queryServerDb } from './server-db.ts';

/**
 * Makes a batch's scheduled jobs due now, as if the spacing between an account's posts had passed
 * (within the batch and across batches):
 * the shared e2e server runs on the real clock, and a test cannot wait an hour. The vitest runner
 * test moves its server's clock for the same reason.
 */
export async function makeScheduledJobsDue(batchId: number): Promise<number> {
  await liftAccountSpacing(batchId);
  return run(
    (p) => `update publish_job set run_at = ${p(1)} where batch_id = ${p(2)} and state = 'scheduled'`,
    [Date.now(), batchId],
  );
}

/**
 * Lets the batch's accounts post again at once: the claim keeps each account's spacing across batches
 * (publish_account_health.next_post_at), renewed after every post.
 */
export async function liftAccountSpacing(batchId: number): Promise<number> {
  return run(
    (p) =>
      `update publish_account_health set next_post_at = 0 where enterprise_account_id in ` +
      `(select enterprise_account_id from publish_job where batch_id = ${p(1)})`,
    [batchId],
  );
}

/** Runs one statement on the e2e server's database; returns the rows it changed. */
async function run(sql: (p: (n: number) => string) => string, params: number[]): Promise<number> {
  return (await queryServerDb(sql, params)).changes;
}
