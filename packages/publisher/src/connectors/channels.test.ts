import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
// run-job first: it loads the steps registry before this connector's steps (they import the flow).
import { openAccount, type AccountSession, type PublisherOptions } from '../run-job.ts';
import { makeCoverPng, makeTinyMp4, sandboxOptions, tempDir } from '../../test/support.ts';
import type { PublishJob, RunPhase } from '../types.ts';

// The Channels connector against the sandbox's Channels pages: the hand-offs, retries and failures
// run-job.test.ts drives on Douyin, here on the WeUI dialogs, the wujie form and the post_list proof.

const platform = 'channels';
let sandbox: Sandbox;
let control: SandboxControl;
let options: PublisherOptions;
let dir: string;
let video: string;
let cover: string;
let session: AccountSession & { profileDir: string };
const user = 'channels-connector';

let serial = 0;
function job(extra: Partial<PublishJob> = {}): PublishJob {
  serial += 1;
  return {
    id: `job-channels-${serial}`,
    platform,
    account: { id: user, profileDir: session.profileDir },
    videoPath: video,
    title: `视频号门店上新第${serial}期`,
    description: '春季新品到店，欢迎来体验',
    topics: ['新品'],
    ...extra,
  };
}

beforeAll(async () => {
  sandbox = await startSandbox();
  control = sandboxControl(sandbox.url);
  dir = await tempDir('channels');
  video = await makeTinyMp4(dir);
  cover = await makeCoverPng(dir);
  options = sandboxOptions(sandbox.url, join(dir, 'artefacts'));
  // The first QR expires: the login must click 二维码已过期，点击刷新 and relay the fresh one.
  await control.setSwitches(platform, { qrExpiries: 1 });
  const profileDir = join(dir, 'profile');
  const opened = await openAccount({ id: user, profileDir }, options);
  session = Object.assign(opened, { profileDir });
  expect(await session.checkLogin(platform)).toBe('invalid');
  const shown: string[] = [];
  await session.loginByQr(platform, async (image) => {
    shown.push(image);
    if (shown.length === 2) {
      await control.scan(image, user);
    }
  });
  expect(shown).toHaveLength(2);
  expect(shown[1]).not.toBe(shown[0]);
  expect(await session.checkLogin(platform)).toBe('valid');
  await control.reset();
});

afterAll(async () => {
  await session?.close();
  await sandbox?.close();
});

afterEach(async () => {
  await control.reset();
});

describe('channels connector on the Channels pages', () => {
  it('a failed upload is deleted and uploaded again; the post goes through once, with its cover and schedule', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { uploadFailures: 1 });
    const scheduleAt = Date.now() + 2 * 86_400_000;
    const result = await session.publish(job({ coverPath: cover, scheduleAt }));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('platform_scheduled');
    const work = (await control.works(platform)).find((w) => w.id === result.workId);
    expect(work?.cover).toBe('cover.png');
    expect(work?.scheduleAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('an SMS check in its WeUI dialog is handed to a person; a wrong code is asked again, the right one posts once', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { verify: 'sms' });
    const phases: RunPhase[] = [];
    const asked: string[] = [];
    const result = await session.publish(job(), {
      onPhase: (p) => {
        phases.push(p);
      },
      onNeedsAction: async (request) => {
        asked.push(request.prompt);
        return { code: asked.length === 1 ? '000000' : (await control.code(platform, user)).code };
      },
    });
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('短信验证码');
    expect(phases).toContain('needs_action');
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('a captcha is handed off with its image', async () => {
    await control.setSwitches(platform, { verify: 'captcha' });
    const result = await session.publish(job(), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('captcha');
        expect(request.image).toMatch(/^data:image\//);
        return { code: (await control.code(platform, user)).code };
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('the 实名验证 QR is relayed; the post goes through once the admin has scanned it', async () => {
    await control.setSwitches(platform, { verify: 'real_name' });
    const result = await session.publish(job(), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('real_name');
        expect(request.prompt).toContain('实名验证');
        await control.scan(request.image ?? '');
        return {};
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('操作过于频繁 at submit is rate_limited, with the toast as the page text and nothing created', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { rateLimited: true });
    const result = await session.publish(job());
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('rate_limited');
    expect(result.error?.pageText).toContain('操作过于频繁');
    expect(await control.creates(platform, user)).toEqual({
      accepted: before.accepted,
      requests: before.requests + 1,
    });
  });

  it('accepted without leaving the form is proven from post_list among new works, and not submitted again', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { acceptNoRedirect: true });
    const j = job();
    const result = await session.publish(j);
    expect(result.outcome).toBe('published');
    expect(result.proof).toEqual({ createResponse: true, worksList: true });
    expect(result.workId).toMatch(/^\d{20}$/);
    expect((await control.works(platform)).find((w) => w.id === result.workId)?.title).toBe(j.title);
    expect(await control.creates(platform, user)).toEqual({
      accepted: before.accepted + 1,
      requests: before.requests + 1,
    });
  });

  it('a session that ends during the upload fails logged_out before any submit', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { expireSessionOn: 'upload' });
    const result = await session.publish(job());
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('logged_out');
    expect(result.submitClicked).toBe(false);
    expect(await control.creates(platform, user)).toEqual(before);
  });
});
