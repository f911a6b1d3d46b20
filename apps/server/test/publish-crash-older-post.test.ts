import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openAccount } from '@vidmatrix/publisher/run-job';
import { makeTinyMp4, sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { FINAL_STATES, PUBLISH_LEASE_MS } from '@vidmatrix/contract/rules/publish-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killRunner, RunnerProcesses } from './crash-helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, publishStageHooks, untilWithin } from './publish-helpers.ts';

// Issue 22, point 2: the runner dies while its job is `submitting` but before the create reached the
// platform, on an account that already has a post with the same title. The restarted runner must not
// take that older post for the job's own: no post was made, so the job ends unconfirmed, never
// published. The create is held by a sandbox switch, so the kill always lands before it.

const DOUYIN = 1;
const DEADLINE_MS = 300_000;
/** The restarted runner reads the works list back this long before it gives up, ms. */
const VERIFY_MS = 20_000;
const TITLE = '同名旧作品不能冒充新作品';

const stage = publishStageHooks();
const runners = new RunnerProcesses();
const until = untilWithin(DEADLINE_MS);
let workDir: string;

beforeAll(async () => {
  workDir = await tempDir('runner-crash-older');
});
// Registered after the stage's hooks, so it runs before the stage closes.
afterAll(() => {
  runners.killAll();
});

describe(
  'kill -9 after the submitting mark, before the create reached the platform',
  { timeout: DEADLINE_MS * 3 },
  () => {
    it('never takes an older post with the same title for the job: the job ends unconfirmed', async () => {
      const source = await makeTinyMp4(await tempDir('crash-older-videos'));
      await mkdir(join(stage.ctx.config.dataDir, 'storage', 'media'), { recursive: true });
      await copyFile(source, join(stage.ctx.config.dataDir, 'storage', 'media/older.mp4'));
      const [video] = await addVideos(stage.ctx.db, stage.memberId, ['旧作品.mp4'], ['media/older.mp4']);
      const [account] = await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN]);
      const user = `older-${account!}`;
      const profile = join(workDir, 'profiles', `douyin-${account!}`);
      // The account's browser profile signs in without the QR step.
      const session = await openAccount(
        { id: String(account), profileDir: profile },
        sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts')),
      );
      const login = await session.page.request.post(`${stage.sandbox.url}/douyin/__sandbox/login`, {
        data: { account: user },
      });
      expect(login.ok()).toBe(true);
      await session.close();
      // A post of the same title and length the account made yesterday.
      const older = await stage.control.addWork({
        platform: 'douyin',
        user,
        title: TITLE,
        createdAt: Date.now() - 86_400_000,
        durationSec: 1,
      });

      await stage.control.setSwitches('douyin', { createHold: true, hiddenReads: 0 });
      const batch = await memberCall<{ batch_id: number }>(
        stage.ctx.app,
        stage.token,
        '/api/seoaivideo.BatchPublish/add',
        {
          material_ids: [video],
          enterprise_account_ids: [account],
          title: TITLE,
          description: '测试',
          schedule: { spacing_sec: 0 },
        },
      );
      expect(batch.code).toBe(200);
      const jobOf = () =>
        stage.ctx.db
          .selectFrom('publish_job')
          .selectAll()
          .where('batch_id', '=', batch.data.batch_id)
          .executeTakeFirstOrThrow();

      const first = await createRunner(stage.ctx.app, stage.token, 'older-1');
      const config = { serverUrl: stage.serverUrl, workDir, sandboxUrl: stage.sandbox.url, slots: 1 };
      const doomed = runners.start({ ...config, token: first.token });
      await until(
        'the job submitting, its create held before the platform',
        async () => ({ state: (await jobOf()).state, creates: await stage.control.creates('douyin', user) }),
        ({ state, creates }) => state === 'submitting' && creates.requests === 1,
      );
      await killRunner(doomed, [profile], until);
      expect(await stage.control.creates('douyin', user)).toEqual({ accepted: 0, requests: 1 });

      await stage.control.setSwitches('douyin', { createHold: false });
      stage.ctx.clock.advance(PUBLISH_LEASE_MS + 1);
      await stage.ctx.app.services.publish.sweeper.sweep();
      expect(await jobOf()).toMatchObject({ state: 'verifying', verify_only: 1 });

      const second = await createRunner(stage.ctx.app, stage.token, 'older-2');
      const survivor = runners.start({ ...config, token: second.token, verifyMs: VERIFY_MS });
      const done = await until('the job final', jobOf, (job) =>
        (FINAL_STATES as readonly string[]).includes(job.state),
      );
      await killRunner(survivor, [profile], until);

      expect(done.work_id).not.toBe(older.id);
      expect({ state: done.state, work_id: done.work_id }).toEqual({ state: 'unconfirmed', work_id: '' });
      // Nothing was posted: the older post is the account's only one.
      expect((await stage.control.works('douyin', user)).map((w) => w.id)).toEqual([older.id]);
      expect(await stage.control.creates('douyin', user)).toEqual({ accepted: 0, requests: 1 });
    });
  },
);
