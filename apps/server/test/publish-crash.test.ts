import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxPlatform } from '@vidmatrix/platform-sandbox/skins';
import { chromiumProcesses } from '@vidmatrix/publisher/browser-process';
import { openAccount } from '@vidmatrix/publisher/run-job';
import { makeTinyMp4, sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import {
  FINAL_STATES,
  PUBLISH_LEASE_MS,
  PUBLISH_RETRY_BACKOFF_MS,
  PUBLISH_SPACING_JITTER,
} from '@vidmatrix/contract/rules/publish-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccounts, addVideos, createRunner, memberCall, publishStageHooks, untilWithin } from './publish-helpers.ts';
import { killRunner as killRunnerProcess, RunnerProcesses } from './crash-helpers.ts';

// Crash tests (issue 10): the runner process alone dies by SIGKILL while one job is uploading, one is
// submitting and one is verifying. Its browsers (in process groups of their own) must die with it, and
// no platform may see a second create. Each job is parked in its phase by a sandbox switch, and every
// wait is on sandbox, server or process state.

const DOUYIN = 1;
const XHS = 3;
const BILIBILI = 5;
/** Generous: a busy two-core machine runs Chromium, the server and the sandbox at once. */
const DEADLINE_MS = 300_000;

const stage = publishStageHooks();

let workDir: string;
const runners = new RunnerProcesses();

beforeAll(async () => {
  workDir = await tempDir('runner-crash');
});

// Registered after the stage's hooks, so it runs before the stage closes.
afterAll(() => {
  runners.killAll();
});

/** Starts a runner process on the stage. */
function startRunnerProcess(runnerToken: string) {
  return runners.start({
    serverUrl: stage.serverUrl,
    token: runnerToken,
    workDir,
    sandboxUrl: stage.sandbox.url,
    slots: 3,
  });
}

/** `kill -9` of the runner alone, then no Chromium of it left. */
const killRunner = (child: ChildProcess, profiles: string[]) => killRunnerProcess(child, profiles, until);

/** Polls until `check` holds, up to this file's deadline. */
const until = untilWithin(DEADLINE_MS);

describe('kill -9 of the runner in every phase', { timeout: DEADLINE_MS * 3 }, () => {
  it('leaves at most one post per job and loses none: a new runner finishes or verifies each', async () => {
    const source = await makeTinyMp4(await tempDir('crash-videos'));
    await mkdir(join(stage.ctx.config.dataDir, 'storage', 'media'), { recursive: true });
    await copyFile(source, join(stage.ctx.config.dataDir, 'storage', 'media/crash.mp4'));
    const [video] = await addVideos(stage.ctx.db, stage.memberId, ['崩溃测试.mp4'], ['media/crash.mp4']);
    const platforms: [SandboxPlatform, number][] = [
      ['douyin', DOUYIN],
      ['bilibili', BILIBILI],
      ['xiaohongshu', XHS],
    ];
    const accounts = await addAccounts(
      stage.ctx.db,
      stage.memberId,
      platforms.map(([, id]) => id),
    );
    const userOf = new Map(accounts.map((id) => [id, `crash-${id}`]));
    const options = sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts'));
    const profiles = platforms.map(([platform], i) => join(workDir, 'profiles', `${platform}-${accounts[i]!}`));
    for (const [i, [platform]] of platforms.entries()) {
      const id = accounts[i]!;
      const session = await openAccount({ id: String(id), profileDir: profiles[i]! }, options);
      await session.loginByQr(platform, (image) => stage.control.scan(image, userOf.get(id)).then(() => undefined));
      await session.close();
    }

    // Douyin's upload never ends, Bilibili's create goes through but is never answered, and
    // Xiaohongshu's works list hides the new post: each job parks in its phase.
    await stage.control.setSwitches('douyin', { uploadStall: true });
    await stage.control.setSwitches('bilibili', { createStall: true });
    await stage.control.setSwitches('xiaohongshu', { hiddenReads: 1_000_000 });
    const batch = await memberCall<{ batch_id: number }>(
      stage.ctx.app,
      stage.token,
      '/api/seoaivideo.BatchPublish/add',
      {
        material_ids: [video],
        enterprise_account_ids: accounts,
        title: '崩溃也不重复发布',
        description: '测试',
        schedule: { spacing_sec: 0 },
      },
    );
    expect(batch.code).toBe(200);
    const jobsOf = () =>
      stage.ctx.db
        .selectFrom('publish_job')
        .selectAll()
        .where('batch_id', '=', batch.data.batch_id)
        .orderBy('id')
        .execute();
    const jobOf = (jobs: Awaited<ReturnType<typeof jobsOf>>, account: number) =>
      jobs.find((j) => j.enterprise_account_id === account);
    const [douyin, bilibili, xhs] = accounts as [number, number, number];

    const first = await createRunner(stage.ctx.app, stage.token, 'crash-1');
    const doomed = startRunnerProcess(first.token);
    await until(
      'each job parked in its phase',
      async () => ({
        jobs: (await jobsOf()).map((j) => [j.enterprise_account_id, j.state]),
        // Why a job left its phase, should one do so (the deadline's message then says it).
        errors: (await jobsOf()).filter((j) => j.last_error).map((j) => [j.enterprise_account_id, j.last_error]),
        bilibiliCreates: (await stage.control.creates('bilibili', userOf.get(bilibili)!)).accepted,
      }),
      ({ jobs, bilibiliCreates }) => {
        const state = new Map(jobs as [number, string][]);
        return (
          state.get(douyin) === 'uploading' &&
          state.get(bilibili) === 'submitting' &&
          bilibiliCreates === 1 &&
          state.get(xhs) === 'verifying'
        );
      },
    );
    // Each parked job holds its account's browser: the check below looks at real processes.
    expect(profiles.map((dir) => chromiumProcesses(dir).length > 0)).toEqual([true, true, true]);
    await killRunner(doomed, profiles);
    // The orphan browser used to let the held create through once its driver was gone: one request only.
    expect((await stage.control.creates('bilibili', userOf.get(bilibili)!)).requests).toBe(1);

    // The platforms recover; the leases run out (the server's clock moves instead of the test waiting).
    await stage.control.setSwitches('douyin', { uploadStall: false });
    await stage.control.setSwitches('bilibili', { createStall: false });
    await stage.control.setSwitches('xiaohongshu', { hiddenReads: 0 });
    stage.ctx.clock.advance(PUBLISH_LEASE_MS + 1);
    await stage.ctx.app.services.publish.sweeper.sweep();
    const swept = await jobsOf();
    // Before the click: back in the queue. After it: verification only, never a second submit.
    expect(jobOf(swept, douyin)?.state).toBe('queued');
    expect(jobOf(swept, bilibili)).toMatchObject({ state: 'verifying', verify_only: 1 });
    expect(jobOf(swept, xhs)).toMatchObject({ state: 'verifying', verify_only: 1 });
    stage.ctx.clock.advance(PUBLISH_RETRY_BACKOFF_MS[0] * (1 + PUBLISH_SPACING_JITTER) + 1);

    const second = await createRunner(stage.ctx.app, stage.token, 'crash-2');
    const survivor = startRunnerProcess(second.token);
    const done = await until('every job final', jobsOf, (jobs) =>
      jobs.every((j) => (FINAL_STATES as readonly string[]).includes(j.state)),
    );
    await killRunner(survivor, profiles);

    expect(done.map((j) => j.state)).toEqual(['published', 'published', 'published']);
    // Exactly one create reached each platform: no runner clicked submit again, and no orphan browser
    // let a held request through.
    for (const [i, [platform]] of platforms.entries()) {
      const creates = await stage.control.creates(platform, userOf.get(accounts[i]!)!);
      expect({ platform, ...creates }).toEqual({ platform, accepted: 1, requests: 1 });
    }
    const verified = await stage.ctx.db
      .selectFrom('publish_attempt')
      .select(['job_id', 'verify_only', 'outcome'])
      .where('job_id', 'in', [jobOf(done, bilibili)!.id, jobOf(done, xhs)!.id])
      .orderBy('id')
      .execute();
    expect(verified.filter((a) => a.verify_only === 1).map((a) => a.outcome)).toEqual(['published', 'published']);
  });
});
