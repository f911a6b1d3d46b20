import type { ClaimedJob, PublishJobView } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { PUBLISH_RULES } from '@vidmatrix/contract/rules/publish-rules';
import {
  PUBLISH_RETRY_BACKOFF_MS,
  PUBLISH_RISK_COOLDOWN_MS,
  PUBLISH_SPACING_JITTER,
} from '@vidmatrix/contract/rules/publish-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, memberIdOf, runnerCall } from './publish-helpers.ts';

const DOUYIN = 1;
const KUAISHOU = 2;
const XHS = 3;
const BILIBILI = 5;
const MINUTE = 60_000;

let ctx: TestContext;
let token: string;
let memberId: number;
let runner: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' });
  token = (await login(ctx.app)).ApiToken;
  memberId = await memberIdOf(ctx.db, 'demo');
  runner = await createRunner(ctx.app, token);
});
afterAll(async () => {
  await ctx.close();
});

async function addBatch(videos: number[], accounts: number[], spacingSec: number): Promise<number> {
  const res = await memberCall<{ batch_id: number }>(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: videos,
    enterprise_account_ids: accounts,
    title: '春季新品上市',
    description: '好看又实惠',
    schedule: { spacing_sec: spacingSec },
  });
  expect(res.code).toBe(200);
  return res.data.batch_id;
}

/** Jobs the runner gets for these accounts only (other tests' accounts stay out of it). */
async function claim(accounts: number[]): Promise<ClaimedJob[]> {
  const res = await runnerCall<{ jobs: ClaimedJob[] }>(ctx.app, runner.token, 'claim', { slots: 4, accounts });
  expect(res.code).toBe(200);
  return res.data.jobs;
}

/** Runs a claimed job to a published post. */
async function publish(job: ClaimedJob) {
  expect((await runnerCall(ctx.app, runner.token, 'beforeSubmit', { job_id: job.job_id })).code).toBe(200);
  const fin = await runnerCall<{ state: string }>(ctx.app, runner.token, 'finish', {
    job_id: job.job_id,
    outcome: 'published',
    submit_clicked: true,
    work_id: `w${job.job_id}`,
  });
  expect(fin.data.state).toBe('published');
}

async function matrix(batchId: number): Promise<PublishJobView[]> {
  const res = await memberCall<{ jobs: PublishJobView[] }>(ctx.app, token, '/api/seoaivideo.BatchPublish/info', {
    batch_id: batchId,
  });
  expect(res.code).toBe(200);
  return res.data.jobs;
}

describe('pacing per account', () => {
  it('keeps the spacing (plus jitter) between posts of one account across batches', async () => {
    const [v1, v2] = await addVideos(ctx.db, memberId, ['s1.mp4', 's2.mp4']);
    const [account] = await addAccounts(ctx.db, memberId, [BILIBILI]);
    const spacingSec = 20 * 60;
    await addBatch([v1!], [account!], spacingSec);
    const [first] = await claim([account!]);
    await publish(first!);

    // A second batch made right after, starting now: its job is due but the account must rest.
    await addBatch([v2!], [account!], spacingSec);
    expect(await claim([account!])).toEqual([]);
    ctx.clock.advance(spacingSec * 1000 - MINUTE);
    expect(await claim([account!])).toEqual([]);
    ctx.clock.advance(MINUTE + spacingSec * 1000 * PUBLISH_SPACING_JITTER + 1);
    const [second] = await claim([account!]);
    expect(second?.file_name).toBe('s2.mp4');
    await publish(second!);
  });

  it('claims a spaced batch’s scheduled posts once due, oldest first', async () => {
    const videos = await addVideos(ctx.db, memberId, ['d1.mp4', 'd2.mp4', 'd3.mp4']);
    const [account] = await addAccounts(ctx.db, memberId, [DOUYIN]);
    await addBatch(videos, [account!], 600);
    await publish((await claim([account!]))[0]!);
    expect(await claim([account!])).toEqual([]);
    ctx.clock.advance(3 * 600_000 * (1 + PUBLISH_SPACING_JITTER));
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const [next] = await claim([account!]);
      names.push(next!.file_name);
      await publish(next!);
      ctx.clock.advance(600_000 * (1 + PUBLISH_SPACING_JITTER) + 1);
    }
    expect(names).toEqual(['d2.mp4', 'd3.mp4']);
  });

  it('a batch with no spacing posts back to back, and other accounts are not held up', async () => {
    const videos = await addVideos(ctx.db, memberId, ['b1.mp4', 'b2.mp4']);
    const [paced, free] = await addAccounts(ctx.db, memberId, [DOUYIN, KUAISHOU]);
    await addBatch([videos[0]!], [paced!], 3600);
    await publish((await claim([paced!]))[0]!);
    await addBatch(videos, [free!], 0);
    await addBatch([videos[1]!], [paced!], 0);
    // The paced account waits its hour; the free one posts its two videos one after the other.
    for (const name of ['b1.mp4', 'b2.mp4']) {
      const jobs = await claim([paced!, free!]);
      expect(jobs.map((j) => [j.enterprise_account_id, j.file_name])).toEqual([[free!, name]]);
      await publish(jobs[0]!);
    }
    ctx.clock.advance(3600 * 1000 * (1 + PUBLISH_SPACING_JITTER) + 1);
    await publish((await claim([paced!]))[0]!);
  });

  it('a retried job is not overtaken by the next job of its batch for the same account', async () => {
    const videos = await addVideos(ctx.db, memberId, ['o1.mp4', 'o2.mp4', 'o3.mp4']);
    const [account, other] = await addAccounts(ctx.db, memberId, [KUAISHOU, DOUYIN]);
    await addBatch(videos, [account!, other!], 0);
    const [first] = await claim([account!]);
    expect(first?.file_name).toBe('o1.mp4');
    // A transient failure before submit: queued again after a backoff, while o2 is already due.
    const fin = await runnerCall<{ state: string }>(ctx.app, runner.token, 'finish', {
      job_id: first!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'upload_failed', message: 'upload failed' },
    });
    expect(fin.data.state).toBe('queued');
    expect(await claim([account!])).toEqual([]);
    // Another account of the same batch goes on meanwhile.
    expect((await claim([other!])).map((j) => j.file_name)).toEqual(['o1.mp4']);

    ctx.clock.advance(PUBLISH_RETRY_BACKOFF_MS[0] * (1 + PUBLISH_SPACING_JITTER) + 1);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const jobs = await claim([account!]);
      expect(jobs).toHaveLength(1);
      names.push(jobs[0]!.file_name);
      await publish(jobs[0]!);
    }
    expect(names).toEqual(['o1.mp4', 'o2.mp4', 'o3.mp4']);
  });

  it('a job whose account profile another browser holds is queued again, and the member reads why in Chinese', async () => {
    const [video] = await addVideos(ctx.db, memberId, ['busy.mp4']);
    const [account] = await addAccounts(ctx.db, memberId, [DOUYIN]);
    const batchId = await addBatch([video!], [account!], 0);
    const [job] = await claim([account!]);
    // The runner's own English message is for the operator's records, never the member's screen.
    const fin = await runnerCall<{ state: string }>(ctx.app, runner.token, 'finish', {
      job_id: job!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'profile_busy', message: 'account profile /p is in use by process 12 on host' },
    });
    expect(fin.data.state).toBe('queued');
    expect((await matrix(batchId))[0]).toMatchObject({
      state: 'queued',
      error_reason: 'profile_busy',
      error_text: Msg.publishFailProfileBusy,
    });

    ctx.clock.advance(PUBLISH_RETRY_BACKOFF_MS[0] * (1 + PUBLISH_SPACING_JITTER) + 1);
    const [again] = await claim([account!]);
    expect(again?.job_id).toBe(job!.job_id);
    await publish(again!);
  });

  it('stops at the daily cap per platform and goes on the next day', async () => {
    const cap = PUBLISH_RULES.xiaohongshu.dailyPostsMax;
    const videos = await addVideos(
      ctx.db,
      memberId,
      Array.from({ length: cap + 1 }, (_, i) => `cap${i}.mp4`),
    );
    const [account] = await addAccounts(ctx.db, memberId, [XHS]);
    await addBatch(videos, [account!], 0);
    for (let i = 0; i < cap; i++) {
      await publish((await claim([account!]))[0]!);
    }
    expect(await claim([account!])).toEqual([]);
    ctx.clock.advance(24 * 60 * MINUTE + 1);
    const [last] = await claim([account!]);
    expect(last?.file_name).toBe(`cap${cap}.mp4`);
    await publish(last!);
  });
});

describe('risk cooldown', () => {
  it('pauses an account logged out mid-flow; its waiting jobs say why and go on after the cooldown', async () => {
    const videos = await addVideos(ctx.db, memberId, ['r1.mp4', 'r2.mp4']);
    const [account, other] = await addAccounts(ctx.db, memberId, [DOUYIN, BILIBILI]);
    const batchId = await addBatch(videos, [account!, other!], 0);
    const jobs = await claim([account!]);
    expect(jobs).toHaveLength(1);
    const fin = await runnerCall<{ state: string }>(ctx.app, runner.token, 'finish', {
      job_id: jobs[0]!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'logged_out', message: 'login page shown' },
    });
    expect(fin.data.state).toBe('failed');

    // The account rests; the other account of the batch is not held up.
    expect(await claim([account!])).toEqual([]);
    const waiting = (await matrix(batchId)).find((j) => j.enterprise_account_id === account && j.state === 'queued');
    expect(waiting?.error_text).toContain('触发平台风控，暂停发布至');
    const otherJobs = await claim([other!]);
    expect(otherJobs).toHaveLength(1);
    await publish(otherJobs[0]!);

    ctx.clock.advance(PUBLISH_RISK_COOLDOWN_MS.logged_out + 1);
    const [after] = await claim([account!]);
    expect(after?.job_id).toBe(waiting?.job_id);
    await publish(after!);
    expect((await matrix(batchId)).find((j) => j.job_id === after!.job_id)?.error_text).toBe('');
  });

  it('a 操作频繁 refusal at submit fails the job as re-postable and rests the account for hours', async () => {
    const videos = await addVideos(ctx.db, memberId, ['f1.mp4', 'f2.mp4']);
    const [account] = await addAccounts(ctx.db, memberId, [KUAISHOU]);
    const batchId = await addBatch(videos, [account!], 0);
    const [job] = await claim([account!]);
    expect((await runnerCall(ctx.app, runner.token, 'beforeSubmit', { job_id: job!.job_id })).code).toBe(200);
    const fin = await runnerCall<{ state: string }>(ctx.app, runner.token, 'finish', {
      job_id: job!.job_id,
      outcome: 'failed',
      submit_clicked: true,
      error: { reason: 'rate_limited', message: 'refused', page_text: '操作过于频繁，请稍后再试' },
    });
    // The platform said no and created nothing: failed (not unconfirmed), and the member may re-post it.
    expect(fin.data.state).toBe('failed');
    const retried = await memberCall<number>(ctx.app, token, '/api/seoaivideo.BatchPublish/retryFailed', {
      batch_id: batchId,
    });
    expect(retried.code).toBe(200);

    ctx.clock.advance(PUBLISH_RISK_COOLDOWN_MS.logged_out + 1);
    expect(await claim([account!])).toEqual([]);
    ctx.clock.advance(PUBLISH_RISK_COOLDOWN_MS.rate_limited);
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const [next] = await claim([account!]);
      names.push(next!.file_name);
      await publish(next!);
    }
    expect(names.sort()).toEqual(['f1.mp4', 'f2.mp4']);
    expect(Msg.publishAccountCoolingDown).toContain('{until}');
  });
});
