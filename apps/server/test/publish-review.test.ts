import type { BatchInfoResult, ClaimedJob } from '@vidmatrix/contract/api/publish';
import { REVIEW_RECHECK_FIRST_MS } from '@vidmatrix/contract/rules/publish-result';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccounts,
  addVideos,
  createRunner,
  memberCall,
  runnerCall,
  startPublishServer,
  type PublishServer,
} from './publish-helpers.ts';

// Issue 22: what a runner records before its submit comes back to the runner that verifies after a
// crash, and a post found while 审核中 is read again through the claim until its review ends.

const XHS = 3;
let server: PublishServer;

beforeAll(async () => {
  server = await startPublishServer();
});
afterAll(async () => {
  await server.close();
});

async function claim(runnerToken: string): Promise<ClaimedJob[]> {
  const res = await runnerCall<{ jobs: ClaimedJob[] }>(server.ctx.app, runnerToken, 'claim', { slots: 2 });
  expect(res.code).toBe(200);
  return res.data.jobs;
}

/** One batch of one video to a new account; its batch id. */
async function oneJob(title: string): Promise<number> {
  const [video] = await addVideos(server.ctx.db, server.memberId, [`${title}.mp4`]);
  const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS]);
  const res = await memberCall<{ batch_id: number }>(server.ctx.app, server.token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [video],
    enterprise_account_ids: accounts,
    title,
    schedule: { spacing_sec: 0 },
  });
  expect(res.code).toBe(200);
  return res.data.batch_id;
}

async function reviewOf(batchId: number) {
  const info = await memberCall<BatchInfoResult>(server.ctx.app, server.token, '/api/seoaivideo.BatchPublish/info', {
    batch_id: batchId,
  });
  const [job] = info.data.jobs;
  return { state: job?.state, review: job?.review_state };
}

describe('verification basis', () => {
  it('hands the works listed before the submit, and its time, to the runner that verifies after a lost lease', async () => {
    await oneJob('记录的基线');
    const first = await createRunner(server.ctx.app, server.token, 'basis-1');
    const [job] = await claim(first.token);
    expect(job?.verify_basis).toEqual({ listed_ids: null, submitted_at: null });
    const basis = { listed_ids: ['old-1', 'old-2'], submitted_at: 1_790_000_000_000 };
    const marked = await runnerCall(server.ctx.app, first.token, 'beforeSubmit', { job_id: job!.job_id, ...basis });
    expect(marked.code).toBe(200);
    server.ctx.clock.advance(10 * 60_000);
    await server.ctx.app.services.publish.sweeper.sweep();
    const second = await createRunner(server.ctx.app, server.token, 'basis-2');
    const [again] = await claim(second.token);
    expect(again).toMatchObject({ job_id: job!.job_id, verify_only: true, review_only: false, verify_basis: basis });
  });
});

describe('review follow-up', () => {
  it('reads a post found 审核中 again when due, until the platform says 已发布 or 未通过', async () => {
    const published = await oneJob('审核通过');
    const refused = await oneJob('审核不通过');
    const runner = await createRunner(server.ctx.app, server.token, 'review');
    const jobs = await claim(runner.token);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect((await runnerCall(server.ctx.app, runner.token, 'beforeSubmit', { job_id: job.job_id })).code).toBe(200);
      const fin = await runnerCall(server.ctx.app, runner.token, 'finish', {
        job_id: job.job_id,
        outcome: 'published',
        submit_clicked: true,
        work_id: `w-${job.job_id}`,
        review_state: 'reviewing',
      });
      expect(fin.code).toBe(200);
    }
    expect(await reviewOf(published)).toEqual({ state: 'published', review: 'reviewing' });
    // Not due yet: nothing to read.
    expect(await claim(runner.token)).toEqual([]);

    server.ctx.clock.advance(REVIEW_RECHECK_FIRST_MS + 1);
    const reads = await claim(runner.token);
    expect(
      reads
        .map((r) => ({ review_only: r.review_only, work_id: r.work_id }))
        .sort((a, b) => a.work_id.localeCompare(b.work_id)),
    ).toEqual(
      jobs
        .map((j) => ({ review_only: true, work_id: `w-${j.job_id}` }))
        .sort((a, b) => a.work_id.localeCompare(b.work_id)),
    );
    // Taken: another claim does not hand the same reads out again.
    expect(await claim(runner.token)).toEqual([]);

    const idOf = (batchJobs: ClaimedJob[], title: string) => batchJobs.find((j) => j.title === title)!.job_id;
    const ok = await runnerCall(server.ctx.app, runner.token, 'review', {
      job_id: idOf(reads, '审核通过'),
      review_state: 'published',
    });
    expect(ok.code).toBe(200);
    const no = await runnerCall(server.ctx.app, runner.token, 'review', {
      job_id: idOf(reads, '审核不通过'),
      review_state: 'rejected',
    });
    expect(no.code).toBe(200);
    expect(await reviewOf(published)).toEqual({ state: 'published', review: 'published' });
    expect(await reviewOf(refused)).toEqual({ state: 'rejected', review: 'rejected' });
    // Both reviews ended: nothing is read again, however long it waits.
    server.ctx.clock.advance(24 * 60 * 60_000);
    expect(await claim(runner.token)).toEqual([]);
  });
});
