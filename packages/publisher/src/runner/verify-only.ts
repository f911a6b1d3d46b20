import type { ClaimedJob } from '@vidmatrix/contract/api/publish';
import type { ReviewState } from '@vidmatrix/contract/rules/publish-result';
import { listedTitle, provenResult, readWorksList, reviewStateOf, verifyInWorksList } from '../flow.ts';
import { connectorFor, openAccount, type PublisherOptions } from '../run-job.ts';
import type { AccountProfile, JobResult, PublishJob } from '../types.ts';
import { videoDurationSec } from '../video-duration.ts';

/**
 * A job whose submit may have happened under a lost lease: only read the account's works list back,
 * never submit. It matches against what the first runner recorded before its click (the works then
 * listed, its clock at the click), never a list read now: a post made before the crash, or an older
 * one with the same title, must not pass for the job's own.
 */
export async function verifyOnly(
  job: PublishJob,
  claimed: Pick<ClaimedJob, 'work_id' | 'verify_basis'>,
  publisher: PublisherOptions,
): Promise<JobResult> {
  const def = connectorFor(job.platform, publisher);
  const basis = claimed.verify_basis;
  const session = await openAccount(job.account, publisher);
  try {
    const found = await verifyInWorksList(session.page, def, {
      title: listedTitle(job),
      fileDurationSec: await videoDurationSec(job.videoPath),
      listedBefore: basis.listed_ids ? new Set(basis.listed_ids) : undefined,
      submittedAt: basis.submitted_at ?? undefined,
      createdId: claimed.work_id || undefined,
    });
    if (!found) {
      return {
        outcome: 'unconfirmed',
        phase: 'verifying',
        submitClicked: true,
        error: {
          reason: 'submit_timeout',
          message: 'the post did not show in the works list',
          url: session.page.url(),
          pageText: '',
        },
        connectorVersion: def.version,
      };
    }
    return {
      ...provenResult(def, found, claimed.work_id || undefined, false),
      phase: 'verifying',
      submitClicked: true,
      connectorVersion: def.version,
    };
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * One light read of a published post's review state (审核中 → 已发布 / 未通过): the works list once, the
 * post by its id. A post the list does not show (yet) reads as still under review: asked again later.
 */
export async function reviewOnly(
  claimed: Pick<ClaimedJob, 'platform' | 'work_id'>,
  account: AccountProfile,
  publisher: PublisherOptions,
): Promise<{ reviewState: ReviewState }> {
  const def = connectorFor(claimed.platform, publisher);
  const session = await openAccount(account, publisher);
  try {
    const work = (await readWorksList(session.page, def)).find((w) => w.id === claimed.work_id);
    return { reviewState: work ? reviewStateOf(def, work) : 'reviewing' };
  } finally {
    await session.close().catch(() => undefined);
  }
}
