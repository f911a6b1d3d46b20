import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAccount, type AccountSession } from '../run-job.ts';
import { startRecordingProxy } from '../../test/recording-proxy.ts';
import { makeTinyMp4, publishBench, sandboxOptions, TEST_TIMEOUTS, type PublishBench } from '../../test/support.ts';
import type { PublishJob, RunPhase } from '../types.ts';

// Where the API flow differs from the page flow: the answers it reads instead of page texts.
const platform = 'bilibili';
const user = 'bili-api';
let bench: PublishBench;
let video: string;
let session: AccountSession & { profileDir: string };

beforeAll(async () => {
  bench = await publishBench('bilibili');
  video = await makeTinyMp4(bench.dir);
  session = await bench.loggedIn(platform, user);
});
afterAll(async () => {
  await session?.close();
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

let serial = 0;
function job(extra: Partial<PublishJob> = {}): PublishJob {
  serial += 1;
  return {
    id: `bili-${serial}`,
    platform,
    account: { id: user, profileDir: session.profileDir },
    videoPath: video,
    title: `接口投稿 ${serial}`,
    description: '春季新品到店',
    topics: ['新品'],
    ...extra,
  };
}

describe('bilibili through its web upload API', () => {
  it('checks the session with nav through the account’s proxy: valid with the cookies, invalid once the platform ends it', async () => {
    expect(await session.checkLogin(platform)).toBe('valid');
    const profileDir = join(bench.dir, 'profile-gone');
    const login = await openAccount({ id: 'bili-gone', profileDir }, bench.options);
    try {
      await login.loginByQr(platform, async (image) => {
        await bench.control.scan(image, 'bili-gone');
      });
    } finally {
      await login.close();
    }
    // The same profile behind a proxy: the API calls leave through it, as the account's pages do.
    const proxy = await startRecordingProxy();
    const other = await openAccount({ id: 'bili-gone', profileDir, proxy: { server: proxy.server } }, bench.options);
    try {
      expect(await other.checkLogin(platform)).toBe('valid');
      expect(proxy.paths).toContainEqual(expect.stringContaining('/x/web-interface/nav'));
      await bench.control.expireSession(platform, 'bili-gone');
      expect(await other.checkLogin(platform)).toBe('invalid');
    } finally {
      await other.close();
      await proxy.close();
    }
  });

  it('uploads in chunks (failed ones sent again), reports progress, and the post holds the exact file', async () => {
    await bench.control.setSwitches(platform, { bilibiliChunkSize: 1_024, uploadFailures: 2 });
    const percents: number[] = [];
    const result = await session.publish(job(), { onProgress: (p) => percents.push(p.percent) });
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(percents.at(-1)).toBe(100);
    expect(percents.length).toBeGreaterThan(2);
    const bytes = await readFile(video);
    const work = (await bench.control.works(platform)).find((w) => w.id === result.workId);
    expect(work?.file).toMatchObject({
      name: 'tiny.mp4',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(work?.file?.durationSec).toBeGreaterThan(0);
  });

  it('a schedule goes as dtime and is left to the platform’s timer', async () => {
    const result = await session.publish(job({ scheduleAt: Date.now() + 5 * 3600_000 }));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('platform_scheduled');
  });

  it('-412 at add is the risk control: rate_limited, with the platform’s words and a screenshot, nothing created', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { rateLimited: true });
    const result = await session.publish(job());
    expect(result.outcome).toBe('failed');
    expect(result.submitClicked).toBe(true);
    expect(result.error?.reason).toBe('rate_limited');
    expect(result.error?.pageText).toContain('频繁');
    expect(result.error?.screenshotPath && existsSync(result.error.screenshotPath)).toBe(true);
    expect(await bench.control.creates(platform, user)).toEqual({
      accepted: before.accepted,
      requests: before.requests + 1,
    });
  });

  it('a server error at add is the platform’s refusal: submit_rejected', async () => {
    await bench.control.setSwitches(platform, { submitError500: true });
    const result = await session.publish(job());
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('submit_rejected');
    expect(result.error?.pageText).toContain('服务器开小差了');
  });

  it('the -352 check is handed to a person with its image; their answer lets the post through once', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { verify: 'captcha' });
    const phases: RunPhase[] = [];
    let asked = 0;
    const result = await session.publish(job(), {
      onPhase: (p) => {
        phases.push(p);
      },
      onNeedsAction: async (request) => {
        asked += 1;
        expect(request.kind).toBe('captcha');
        expect(request.image).toMatch(/^data:image\//);
        expect(request.screenshot.length).toBeGreaterThan(0);
        // The first answer is wrong: the person is asked again.
        return { code: asked === 1 ? 'WRONG' : (await bench.control.code(platform, user)).code };
      },
    });
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(asked).toBe(2);
    expect(phases).toEqual([
      'preparing',
      'uploading',
      'submitting',
      'needs_action',
      'submitting',
      'submitted',
      'verifying',
    ]);
    expect((await bench.control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('without a hand-off hook the job stops as needs_action, nothing created', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { verify: 'captcha' });
    const result = await session.publish(job());
    expect(result.outcome).toBe('needs_action');
    expect(result.needsAction).toBe('captcha');
    expect((await bench.control.creates(platform, user)).accepted).toBe(before.accepted);
  });

  it('an add never answered is proven from the archives by title among new works, never sent again', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { createStall: true });
    const short = sandboxOptions(bench.sandbox.url, bench.options.artefactDir, { ...TEST_TIMEOUTS, submit: 1_500 });
    const j = job();
    const result = await session.publish(j, {}, short);
    expect(result.outcome).toBe('published');
    expect(result.proof).toEqual({ createResponse: false, worksList: true });
    const work = (await bench.control.works(platform)).find((w) => w.id === result.workId);
    expect(work?.title).toBe(j.title);
    expect(await bench.control.creates(platform, user)).toEqual({
      accepted: before.accepted + 1,
      requests: before.requests + 1,
    });
  });

  it('a cancellation during the upload ends the job before any add', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { uploadStall: true });
    const cancel = new AbortController();
    const result = await session.publish(job(), {
      signal: cancel.signal,
      onPhase: (p) => {
        if (p === 'uploading') {
          cancel.abort();
        }
      },
    });
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('cancelled');
    expect(result.submitClicked).toBe(false);
    expect(await bench.control.creates(platform, user)).toEqual(before);
  });
});
