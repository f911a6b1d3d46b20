import type { ClaimedJob } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { PUBLISH_ACTION_TIMEOUT_MS } from '@vidmatrix/contract/rules/publish-state';
import { describe, expect, it } from 'vitest';
import { addMember, auth, login } from './helpers.ts';
import {
  addAccounts,
  addVideos,
  createRunner,
  memberCall,
  publishServerHooks,
  runnerCall,
  type Answer,
} from './publish-helpers.ts';

// Batches, runner tokens, hand-offs and retries; claims under concurrency and leases are in
// publish-lease.test.ts.

const XHS = 3;
const DOUYIN = 1;
const BILIBILI = 5;

const server = publishServerHooks();
const { addBatch, claim, jobState } = server;

describe('batch creation', () => {
  it('refuses a batch breaking a platform rule, naming the video, the account and the rule', async () => {
    const [video] = await addVideos(server.ctx.db, server.memberId, ['探店.mp4']);
    const [account] = await addAccounts(server.ctx.db, server.memberId, [XHS]);
    const res = await addBatch([video!], [account!], { title: '这是一个超过小红书二十个字限制的非常非常长的标题文字' });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('探店.mp4');
    expect(res.msg).toMatch(new RegExp(`账号${server.memberId}-\\d+`));
    expect(res.msg).toContain('标题最多20个字');
    const { n } = await server.ctx.db
      .selectFrom('publish_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('material_id', '=', video!)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('refuses an account the selector would not offer (§5.4)', async () => {
    const [video] = await addVideos(server.ctx.db, server.memberId, ['a.mp4']);
    const [expired] = await addAccounts(server.ctx.db, server.memberId, [DOUYIN], 2);
    const res = await addBatch([video!], [expired!]);
    expect(res.code).toBe(400);
    expect(res.msg).toContain(Msg.publishAuthExpired);
  });

  it.each([
    ['Xiaohongshu', XHS],
    ['Bilibili', BILIBILI],
  ])('refuses a %s account whose login expired, although §5.4 does not list its platform', async (_, platform) => {
    const [video] = await addVideos(server.ctx.db, server.memberId, ['b.mp4']);
    const [expired] = await addAccounts(server.ctx.db, server.memberId, [platform], 2);
    const res = await addBatch([video!], [expired!]);
    expect(res.code).toBe(400);
    expect(res.msg).toContain(Msg.publishAuthExpired);
  });

  it('names what is missing: another member’s or a deleted video, and cover', async () => {
    const other = await addMember(server.ctx, 'pub_foreign');
    const [foreign] = await addVideos(server.ctx.db, other, ['别人的.mp4']);
    const [mine] = await addVideos(server.ctx.db, server.memberId, ['c.mp4']);
    const [account] = await addAccounts(server.ctx.db, server.memberId, [BILIBILI]);
    const video = await addBatch([foreign!], [account!]);
    expect([video.code, video.msg]).toEqual([400, Msg.publishMaterialMissing]);
    const cover = await addBatch([mine!], [account!], { cover_material_id: foreign! });
    expect([cover.code, cover.msg]).toEqual([400, Msg.publishCoverMissing]);
  });

  it('refuses a material that is not a video', async () => {
    const [video] = await addVideos(server.ctx.db, server.memberId, ['封面.png']);
    await server.ctx.db.updateTable('material').set({ file_type: 'image' }).where('id', '=', video!).execute();
    const [account] = await addAccounts(server.ctx.db, server.memberId, [BILIBILI]);
    const res = await addBatch([video!], [account!]);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('封面.png');
  });
});

describe('runner tokens', () => {
  it('a revoked runner claims nothing, and another member’s runner never sees the jobs', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['r1.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS]);
    expect((await addBatch(videos, accounts)).code).toBe(200);

    await addMember(server.ctx, 'other_pub');
    const otherToken = (await login(server.ctx.app, 'other_pub', 'secret-123')).ApiToken;
    const other = await createRunner(server.ctx.app, otherToken);
    expect(await claim(other.token)).toEqual([]);

    const mine = await createRunner(server.ctx.app, server.token, 'revoked');
    const revoke = await memberCall(server.ctx.app, server.token, '/api/runner.Runner/revoke', { runner_id: mine.id });
    expect(revoke.code).toBe(200);
    const res = await runnerCall(server.ctx.app, mine.token, 'claim', { slots: 4 });
    expect(res.code).toBe(401);
    expect(res.msg).toBe(Msg.runnerTokenInvalid);
    // Another member cannot revoke or see my runners.
    const list = await memberCall<{ list: { runner_id: number }[] }>(
      server.ctx.app,
      otherToken,
      '/api/runner.Runner/list',
    );
    expect(list.data.list.map((r) => r.runner_id)).toEqual([other.id]);

    // Clean up: a runner of mine takes the job so later tests start from an empty queue.
    const live = await createRunner(server.ctx.app, server.token);
    const jobs = await claim(live.token, { slots: 16 });
    for (const job of jobs) {
      await runnerCall(server.ctx.app, live.token, 'finish', {
        job_id: job.job_id,
        outcome: 'failed',
        submit_clicked: false,
        error: { reason: 'rule_violation' },
      });
    }
  });
});

describe('hand-offs and retries', () => {
  it('relays a needs_action answer to the runner, and fails one nobody answers in 10 minutes', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['n1.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS, BILIBILI]);
    const batch = await addBatch(videos, accounts);
    const runner = await createRunner(server.ctx.app, server.token);
    const jobs = await claim(runner.token);
    expect(jobs).toHaveLength(2);
    const [answered, ignored] = jobs as [ClaimedJob, ClaimedJob];
    for (const job of jobs) {
      const res = await runnerCall(server.ctx.app, runner.token, 'progress', {
        job_id: job.job_id,
        phase: 'needs_action',
        action: { kind: 'sms', prompt: '请输入短信验证码', screenshot: Buffer.from('png').toString('base64') },
      });
      expect(res.code).toBe(200);
    }
    const info = await memberCall<{ jobs: { job_id: number; state: string; action: { prompt: string } | null }[] }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/info',
      { batch_id: batch.data.batch_id },
    );
    expect(info.data.jobs.find((j) => j.job_id === answered.job_id)?.action?.prompt).toBe('请输入短信验证码');
    expect(
      (await runnerCall<{ status: string }>(server.ctx.app, runner.token, 'action', { job_id: answered.job_id })).data
        .status,
    ).toBe('waiting');
    expect(
      (
        await memberCall(server.ctx.app, server.token, '/api/seoaivideo.BatchPublish/answerAction', {
          job_id: answered.job_id,
          code: '123456',
        })
      ).code,
    ).toBe(200);
    const action = await runnerCall<{ status: string; code: string }>(server.ctx.app, runner.token, 'action', {
      job_id: answered.job_id,
    });
    expect(action.data).toEqual({ status: 'answered', code: '123456' });
    expect((await jobState(answered.job_id)).state).toBe('claimed');

    server.ctx.clock.advance(PUBLISH_ACTION_TIMEOUT_MS + 1);
    await runnerCall(server.ctx.app, runner.token, 'heartbeat', { job_ids: [answered.job_id, ignored.job_id] });
    await server.ctx.app.services.publish.sweeper.sweep();
    const row = await jobState(ignored.job_id);
    expect(row.state).toBe('failed');
    expect(row.last_error).toBe(Msg.publishActionTimeout);
    const beat = await runnerCall<{ jobs: { job_id: number; cancel: boolean }[] }>(
      server.ctx.app,
      runner.token,
      'heartbeat',
      {
        job_ids: [ignored.job_id],
      },
    );
    expect(beat.data.jobs[0]!.cancel).toBe(true);
    await runnerCall(server.ctx.app, runner.token, 'finish', {
      job_id: answered.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'rule_violation' },
    });
  });

  it('retryFailed re-queues only the failed jobs, never an unconfirmed one', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['f1.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS, BILIBILI]);
    const batch = await addBatch(videos, accounts);
    const runner = await createRunner(server.ctx.app, server.token);
    const [refused, unsure] = (await claim(runner.token)) as [ClaimedJob, ClaimedJob];
    for (const job of [refused, unsure]) {
      await runnerCall(server.ctx.app, runner.token, 'beforeSubmit', { job_id: job.job_id });
    }
    const failed = await runnerCall<{ state: string }>(server.ctx.app, runner.token, 'finish', {
      job_id: refused.job_id,
      outcome: 'failed',
      submit_clicked: true,
      error: {
        reason: 'submit_rejected',
        message: 'HTTP 500',
        url: 'http://x/upload',
        page_text: '发布失败',
        screenshot: Buffer.from('png').toString('base64'),
      },
    });
    expect(failed.data.state).toBe('failed');
    const unconfirmed = await runnerCall<{ state: string }>(server.ctx.app, runner.token, 'finish', {
      job_id: unsure.job_id,
      outcome: 'unconfirmed',
      submit_clicked: true,
    });
    expect(unconfirmed.data.state).toBe('unconfirmed');
    const info = await memberCall<{ jobs: { job_id: number; screenshot_url: string; error_text: string }[] }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/info',
      { batch_id: batch.data.batch_id },
    );
    const refusedView = info.data.jobs.find((j) => j.job_id === refused.job_id)!;
    expect(refusedView.screenshot_url).toMatch(/^\/api\/seoaivideo\.BatchPublish\/screenshot\?job_id=\d+/);
    expect(refusedView.error_text).toBe('发布失败');
    const shot = (memberToken?: string) =>
      server.ctx.app.inject({
        method: 'GET',
        url: refusedView.screenshot_url,
        headers: memberToken ? auth(memberToken) : {},
      });
    const mine = await shot(server.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.body).toBe('png');
    // Another member gets the not-found envelope, and nobody reads it without a server.token or from /storage.
    await addMember(server.ctx, 'shot_peer');
    const peer = await shot((await login(server.ctx.app, 'shot_peer', 'secret-123')).ApiToken);
    expect(peer.json()).toMatchObject({ code: 404, msg: Msg.notFound });
    expect((await shot()).json<{ code: number }>().code).toBe(401);
    const { screenshot_key: key } = await jobState(refused.job_id);
    expect(key.startsWith('private/')).toBe(true);
    expect((await server.ctx.app.inject({ method: 'GET', url: `/storage/${key}` })).statusCode).not.toBe(200);

    const retry = await memberCall<{ count: number }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/retryFailed',
      {
        batch_id: batch.data.batch_id,
      },
    );
    expect(retry.data.count).toBe(1);
    expect((await jobState(refused.job_id)).state).toBe('queued');
    expect((await jobState(unsure.job_id)).state).toBe('unconfirmed');

    const resolve = await memberCall(server.ctx.app, server.token, '/api/seoaivideo.BatchPublish/resolveUnconfirmed', {
      job_id: unsure.job_id,
      published: true,
      link: 'https://example.test/w/1',
    });
    expect(resolve.code).toBe(200);
    expect((await jobState(unsure.job_id)).state).toBe('published');
    const [again] = await claim(runner.token);
    expect(again!.job_id).toBe(refused.job_id);
  });

  it('answers list pages with jobs per state', async () => {
    const res = await memberCall<{ list: { job_count: number }[]; count: number }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/list',
      {
        page: 1,
        limit: 5,
      },
    );
    expect(res.code).toBe(200);
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.count).toBeGreaterThan(0);
  });
});

export type { Answer };
