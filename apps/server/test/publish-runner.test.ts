import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Code } from '@vidmatrix/contract/envelope';
import { openAccount } from '@vidmatrix/publisher/run-job';
import { makeCoverPng, makeTinyMp4, sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth } from './helpers.ts';
import { addAccounts, addImage, addVideos, memberCall, publishStageHooks, untilWithin } from './publish-helpers.ts';

const DOUYIN = 1;
const BILIBILI = 5;
/** Generous: a busy two-core machine runs Chromium, ffmpeg and the server at once. */
const DEADLINE_MS = 240_000;

const stage = publishStageHooks();

let workDir: string;

beforeAll(async () => {
  workDir = await tempDir('runner-e2e');
});

/** Polls until `check` holds, up to this file's deadline. */
const until = untilWithin(DEADLINE_MS);

const jobsOf = (batchId: number) =>
  stage.ctx.db.selectFrom('publish_job').selectAll().where('batch_id', '=', batchId).orderBy('id').execute();

describe('the runner loop against the platform sandbox', { timeout: DEADLINE_MS * 3 }, () => {
  it('publishes 2 videos × 2 accounts, keeps a failure with its screenshot, and re-posts only it', async () => {
    const dir = await tempDir('videos');
    const source = await makeTinyMp4(dir);
    const keys = ['media/e2e-spring.mp4', 'media/e2e-summer.mp4'];
    for (const key of keys) {
      await mkdir(join(stage.ctx.config.dataDir, 'storage', 'media'), { recursive: true });
      await copyFile(source, join(stage.ctx.config.dataDir, 'storage', key));
    }
    const videos = await addVideos(stage.ctx.db, stage.memberId, ['春季.mp4', '夏季.mp4'], keys);
    await copyFile(await makeCoverPng(dir), join(stage.ctx.config.dataDir, 'storage', 'media/e2e-cover.png'));
    const cover = await addImage(stage.ctx.db, stage.memberId, '封面.png', 'media/e2e-cover.png');
    const [douyin, bilibili] = (await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN, BILIBILI])) as [
      number,
      number,
    ];

    // The accounts' profiles are logged in once, by QR, as the person would on the runner's machine.
    const options = sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts'));
    for (const [platform, id] of [
      ['douyin', douyin],
      ['bilibili', bilibili],
    ] as const) {
      const session = await openAccount(
        { id: String(id), profileDir: join(workDir, 'profiles', `${platform}-${id}`) },
        options,
      );
      await session.loginByQr(platform, (image) => stage.control.scan(image, `user-${id}`).then(() => undefined));
      await session.close();
    }

    // Each account's posts are an hour apart (spacing): the test moves the server's clock instead.
    const body = {
      material_ids: videos,
      enterprise_account_ids: [douyin, bilibili],
      title: '新品',
      copies: [
        { material_id: videos[0], title: '春季新品上架', description: '春天来了', topics: ['新品'] },
        { material_id: videos[1], title: '夏季新品上架', description: '夏天来了', topics: ['新品'] },
      ],
      schedule: { spacing_sec: 3600 },
    };
    // A cover must be one of the member's images.
    const notImage = await memberCall(stage.ctx.app, stage.token, '/api/seoaivideo.BatchPublish/add', {
      ...body,
      cover_material_id: videos[0],
    });
    expect(notImage).toMatchObject({ code: Code.fail, msg: '素材「春季.mp4」不是图片，不能作为封面' });
    const batch = await memberCall<{ batch_id: number; job_count: number }>(
      stage.ctx.app,
      stage.token,
      '/api/seoaivideo.BatchPublish/add',
      { ...body, cover_material_id: cover },
    );
    expect(batch.code).toBe(200);
    expect(batch.data.job_count).toBe(4);
    const batchId = batch.data.batch_id;
    await stage.control.setSwitches('bilibili', { submitError500: true });

    await stage.startRunner('e2e', { workDir, actionPollMs: 250, publisher: options });

    const first = await until(
      'first round',
      () => jobsOf(batchId),
      (jobs) =>
        jobs
          .filter((j) => j.run_at <= stage.ctx.clock.now)
          .every((j) => ['published', 'failed', 'unconfirmed'].includes(j.state)),
    );
    const due = first.filter((j) => j.run_at <= stage.ctx.clock.now);
    expect(due).toHaveLength(2);
    const douyinFirst = due.find((j) => j.enterprise_account_id === douyin)!;
    const failed = due.find((j) => j.enterprise_account_id === bilibili)!;
    expect(douyinFirst.state).toBe('published');
    expect(douyinFirst.work_id).not.toBe('');
    expect(failed.state).toBe('failed');
    expect(failed.error_reason).toBe('submit_rejected');
    expect(failed.screenshot_key).toMatch(/\.png$/);
    const info = await memberCall<{ jobs: { job_id: number; screenshot_url: string }[] }>(
      stage.ctx.app,
      stage.token,
      '/api/seoaivideo.BatchPublish/info',
      { batch_id: batchId },
    );
    const shot = await stage.ctx.app.inject({
      method: 'GET',
      url: info.data.jobs.find((j) => j.job_id === failed.id)!.screenshot_url,
      headers: auth(stage.token),
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await stage.control.creates('bilibili', `user-${bilibili}`)).accepted).toBe(0);

    await stage.control.setSwitches('bilibili', { submitError500: false });
    stage.ctx.clock.advance(2 * 3600_000);
    const retry = await memberCall<{ count: number }>(
      stage.ctx.app,
      stage.token,
      '/api/seoaivideo.BatchPublish/retryFailed',
      {
        batch_id: batchId,
      },
    );
    expect(retry.data.count).toBe(1);

    // Bilibili now has two due posts (the re-post and its second video): one goes, the other waits the
    // account's spacing after it, whichever batch or order they come in.
    const finals = ['published', 'failed', 'unconfirmed'];
    const leased = ['claimed', 'preparing', 'uploading', 'submitting', 'submitted', 'verifying', 'needs_action'];
    const third = await until(
      'three posts done, one waiting for its spacing',
      () => jobsOf(batchId),
      (jobs) =>
        jobs.filter((j) => finals.includes(j.state)).length === 3 && !jobs.some((j) => leased.includes(j.state)),
    );
    expect(third.filter((j) => !finals.includes(j.state)).map((j) => j.enterprise_account_id)).toEqual([bilibili]);
    stage.ctx.clock.advance(2 * 3600_000);

    const done = await until(
      'every job published',
      () => jobsOf(batchId),
      (jobs) => jobs.every((j) => ['published', 'failed', 'unconfirmed'].includes(j.state)),
    );
    expect(done.map((j) => j.state)).toEqual(['published', 'published', 'published', 'published']);
    // Exactly one create per job: two posts per account, none twice.
    expect((await stage.control.creates('douyin', `user-${douyin}`)).accepted).toBe(2);
    expect((await stage.control.creates('bilibili', `user-${bilibili}`)).accepted).toBe(2);
    // The batch's cover went with every post (the runner downloaded it and set it in the form).
    const works = [...(await stage.control.works('douyin')), ...(await stage.control.works('bilibili'))].filter((w) =>
      [`user-${douyin}`, `user-${bilibili}`].includes(w.user),
    );
    expect(works).toHaveLength(4);
    for (const work of works) {
      expect(work.cover).toMatch(/\.png$/);
    }
    const attempts = await stage.ctx.db.selectFrom('publish_attempt').select(['job_id', 'outcome']).execute();
    expect(attempts.filter((a) => a.job_id === failed.id).map((a) => a.outcome)).toEqual(['failed', 'published']);
  });
});
