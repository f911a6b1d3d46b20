import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_PLATFORMS, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { openAccount, runJob, type AccountSession, type PublisherOptions } from './run-job.ts';
import { makeCoverPng, makeTinyMp4, sandboxOptions, TEST_TIMEOUTS, tempDir } from '../test/support.ts';
import type { PublishJob, RunPhase } from './types.ts';

let sandbox: Sandbox;
let control: SandboxControl;
let options: PublisherOptions;
let dir: string;
let video: string;
let cover: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  control = sandboxControl(sandbox.url);
  dir = await tempDir('publisher');
  video = await makeTinyMp4(dir);
  cover = await makeCoverPng(dir);
  options = sandboxOptions(sandbox.url, join(dir, 'artefacts'));
});

afterAll(async () => {
  await sandbox?.close();
});

let serial = 0;
function jobFor(
  platform: PublishPlatform,
  session: { profileDir: string },
  extra: Partial<PublishJob> = {},
): PublishJob {
  serial += 1;
  return {
    id: `job-${platform}-${serial}`,
    platform,
    account: { id: `acc-${platform}`, profileDir: session.profileDir },
    videoPath: video,
    title: platform === 'channels' ? `门店新品上架第${serial}期` : `新品上架 ${serial}`,
    description: '春季新品到店，欢迎来体验',
    topics: ['新品', '探店'],
    ...extra,
  };
}

/** Opens a fresh profile and logs it in by QR, the sandbox's scan call standing in for the phone. */
async function loggedIn(platform: PublishPlatform, user: string): Promise<AccountSession & { profileDir: string }> {
  const profileDir = join(dir, `profile-${user}`);
  const session = await openAccount({ id: user, profileDir }, options);
  expect(await session.checkLogin(platform)).toBe('invalid');
  const shown: string[] = [];
  await session.loginByQr(platform, async (image) => {
    shown.push(image);
    await control.scan(image, user);
  });
  expect(shown[0]).toMatch(/^data:image\//);
  expect(await session.checkLogin(platform)).toBe('valid');
  return Object.assign(session, { profileDir });
}

describe.each(PUBLISH_PLATFORMS)('%s connector against the sandbox', (platform) => {
  it('logs in by QR, publishes once and proves it in the works list', async () => {
    const user = `${platform}-happy`;
    const session = await loggedIn(platform, user);
    try {
      const phases: RunPhase[] = [];
      let createsAtSubmit = -1;
      const job = jobFor(platform, session, { coverPath: cover });
      const result = await session.publish(job, {
        onPhase: (p) => {
          phases.push(p);
        },
        beforeSubmit: async () => {
          createsAtSubmit = (await control.creates(platform, user)).accepted;
        },
      });
      expect(result.error).toBeUndefined();
      expect(result.outcome).toBe('published');
      // Found while still 审核中 or after: the review state is followed later, not waited for.
      expect(result.reviewState).toMatch(/^(reviewing|published)$/);
      expect(result.proof).toEqual({ createResponse: true, worksList: true });
      expect(phases).toEqual(['preparing', 'uploading', 'submitting', 'submitted', 'verifying']);
      expect(createsAtSubmit).toBe(0); // the click came after the write-ahead hook
      const works = await control.works(platform);
      const mine = works.filter((w) => w.user === user);
      expect(mine).toHaveLength(1);
      expect(result.workId).toBe(mine[0]?.id);
      expect(mine[0]?.topics).toEqual(expect.arrayContaining(['新品', '探店']));
      // Bilibili's cover goes up as data (cover/up): the post names the URL the platform gave it.
      expect(mine[0]?.cover).toMatch(
        platform === 'bilibili' ? /^http:\/\/i0\.hdslb\.com\/bfs\/archive\// : /^cover\.png$/,
      );
      expect(await control.creates(platform, user)).toEqual({ accepted: 1, requests: 1 });
    } finally {
      await session.close();
    }
  });
});

describe('failures (douyin)', () => {
  const platform = 'douyin';
  const user = 'douyin-failures';
  let session: AccountSession & { profileDir: string };

  beforeAll(async () => {
    session = await loggedIn(platform, user);
  });
  afterAll(async () => {
    await session?.close();
  });
  afterEach(async () => {
    await control.reset();
  });

  it('a 500 on submit fails the job with a screenshot, the URL and the page error text', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { submitError500: true });
    const result = await session.publish(jobFor(platform, session));
    expect(result.outcome).toBe('failed');
    expect(result.submitClicked).toBe(true);
    expect(result.error?.reason).toBe('submit_rejected');
    expect(result.error?.pageText).toContain('服务器开小差了');
    expect(result.error?.url).toContain('/douyin/creator-micro/content/post/video');
    expect(result.error?.screenshotPath && existsSync(result.error.screenshotPath)).toBe(true);
    const after = await control.creates(platform, user);
    expect(after.accepted).toBe(before.accepted);
    expect(after.requests).toBe(before.requests + 1);
  });

  it('操作频繁 at submit is the platform’s risk control: rate_limited, nothing created', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { rateLimited: true });
    const result = await session.publish(jobFor(platform, session));
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('rate_limited');
    expect(result.error?.pageText).toContain('操作过于频繁');
    const after = await control.creates(platform, user);
    expect(after).toEqual({ accepted: before.accepted, requests: before.requests + 1 });
  });

  it('accepted without a redirect is proven from the works list and not submitted again', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { acceptNoRedirect: true });
    const result = await session.publish(jobFor(platform, session));
    expect(result.outcome).toBe('published');
    expect(result.proof).toEqual({ createResponse: true, worksList: true });
    const after = await control.creates(platform, user);
    expect(after).toEqual({ accepted: before.accepted + 1, requests: before.requests + 1 });
  });

  it('a stalled upload fails at its deadline, before any submit', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { uploadStall: true });
    const short = sandboxOptions(sandbox.url, options.artefactDir, { ...TEST_TIMEOUTS, upload: 2_000 });
    const result = await session.publish(jobFor(platform, session), {}, short);
    expect(result.outcome).toBe('failed');
    expect(result.phase).toBe('uploading');
    expect(result.submitClicked).toBe(false);
    expect(result.error?.reason).toBe('upload_timeout');
    expect(result.error?.screenshotPath && existsSync(result.error.screenshotPath)).toBe(true);
    expect(await control.creates(platform, user)).toEqual(before);
  });

  it('上传失败 sets the file again and the post goes through once', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { uploadFailures: 1 });
    const result = await session.publish(jobFor(platform, session));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('an SMS check is handed to a person, answered, and the post goes through once', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { verify: 'sms' });
    const phases: RunPhase[] = [];
    const asked: string[] = [];
    const result = await session.publish(jobFor(platform, session), {
      onPhase: (p) => {
        phases.push(p);
      },
      onNeedsAction: async (request) => {
        asked.push(request.kind);
        expect(request.prompt).toContain('短信验证码');
        expect(request.screenshot.length).toBeGreaterThan(0);
        const { code } = await control.code(platform, user);
        return { code };
      },
    });
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(asked).toEqual(['sms']);
    expect(phases).toContain('needs_action');
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('a captcha is handed off with its image and answered', async () => {
    await control.setSwitches(platform, { verify: 'captcha' });
    const result = await session.publish(jobFor(platform, session), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('captcha');
        expect(request.image).toMatch(/^data:image\//);
        return { code: (await control.code(platform, user)).code };
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('a real-name QR is relayed; the post goes through once the admin has scanned it', async () => {
    await control.setSwitches(platform, { verify: 'real_name' });
    const result = await session.publish(jobFor(platform, session), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('real_name');
        await control.scan(request.image ?? '');
        return {};
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('a check nobody answers fails the job at the hand-off deadline, with nothing posted', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { verify: 'sms' });
    const short = sandboxOptions(sandbox.url, options.artefactDir, { ...TEST_TIMEOUTS, needsAction: 1_500 });
    const result = await session.publish(
      jobFor(platform, session),
      { onNeedsAction: () => new Promise(() => undefined) },
      short,
    );
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('action_timeout');
    expect(result.needsAction).toBe('sms');
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted);
  });

  it('without a hand-off hook the job stops as needs_action with a screenshot', async () => {
    await control.setSwitches(platform, { verify: 'sms' });
    const result = await session.publish(jobFor(platform, session));
    expect(result.outcome).toBe('needs_action');
    expect(result.needsAction).toBe('sms');
    expect(result.error?.screenshotPath && existsSync(result.error.screenshotPath)).toBe(true);
  });

  it('a cancellation during the upload ends the job before any submit', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { uploadStall: true });
    const cancel = new AbortController();
    const result = await session.publish(jobFor(platform, session), {
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
    expect(await control.creates(platform, user)).toEqual(before);
  });
});

describe('kuaishou: no work id in the create answer', () => {
  const platform = 'kuaishou';
  const user = 'kuaishou-more';
  let session: AccountSession & { profileDir: string };

  beforeAll(async () => {
    session = await loggedIn(platform, user);
  });
  afterAll(async () => {
    await session?.close();
  });
  afterEach(async () => {
    await control.reset();
  });

  it("sets the readonly schedule input and leaves the post to the platform's timer", async () => {
    const scheduleAt = Date.now() + 3 * 3600_000;
    const result = await session.publish(jobFor(platform, session, { scheduleAt }));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('platform_scheduled');
    const work = (await control.works(platform)).find((w) => w.id === result.workId);
    expect(work?.scheduleAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('accepted without a redirect is found by title among new works, submitted once', async () => {
    const before = await control.creates(platform, user);
    await control.setSwitches(platform, { acceptNoRedirect: true });
    const job = jobFor(platform, session);
    const result = await session.publish(job);
    expect(result.outcome).toBe('published');
    expect(result.proof).toEqual({ createResponse: true, worksList: true });
    const work = (await control.works(platform)).find((w) => w.id === result.workId);
    expect(work?.title).toBe(job.title);
    expect(result.permalink).toBe(`https://www.kuaishou.com/short-video/${result.workId}`);
    expect(await control.creates(platform, user)).toEqual({
      accepted: before.accepted + 1,
      requests: before.requests + 1,
    });
  });
});

describe('kuaishou: passport QR and the site’s own failure paths', () => {
  afterEach(async () => {
    await control.reset();
  });

  it('refreshes an expired passport QR (p.qrcode-refresh) and relays the new one', async () => {
    await control.setSwitches('kuaishou', { qrExpiries: 1 });
    const session = await openAccount({ id: 'ks-qr', profileDir: join(dir, 'profile-ks-qr') }, options);
    try {
      const shown: string[] = [];
      await session.loginByQr('kuaishou', async (image) => {
        shown.push(image);
        if (shown.length === 2) {
          await control.scan(image, 'ks-qr'); // the person scans the fresh code only
        }
      });
      expect(shown).toHaveLength(2);
      expect(shown[1]).not.toBe(shown[0]);
      expect(await session.checkLogin('kuaishou')).toBe('valid');
    } finally {
      await session.close();
    }
  });

  it('上传失败 puts the file into the re-upload input and an SMS check is handed off; one post', async () => {
    const session = await loggedIn('kuaishou', 'kuaishou-failures');
    try {
      await control.setSwitches('kuaishou', { uploadFailures: 1, verify: 'sms' });
      const asked: string[] = [];
      const result = await session.publish(jobFor('kuaishou', session), {
        onNeedsAction: async (request) => {
          asked.push(request.kind);
          expect(request.prompt).toContain('短信验证码');
          return { code: (await control.code('kuaishou', 'kuaishou-failures')).code };
        },
      });
      expect(result.error).toBeUndefined();
      expect(result.outcome).toBe('published');
      expect(asked).toEqual(['sms']);
      expect(await control.creates('kuaishou', 'kuaishou-failures')).toEqual({ accepted: 1, requests: 2 });
    } finally {
      await session.close();
    }
  });
});

describe('runJob in the account profile', () => {
  it('keeps the login in the profile between browsers and fails logged_out when the session ends mid-flow', async () => {
    const platform = 'bilibili';
    const user = 'bilibili-profile';
    const session = await loggedIn(platform, user);
    await session.close();
    await control.setSwitches(platform, { expireSessionOn: 'upload' });
    try {
      const phases: RunPhase[] = [];
      const result = await runJob(
        jobFor(platform, session),
        {
          onPhase: (p) => {
            phases.push(p);
          },
        },
        options,
      );
      expect(phases).toEqual(['preparing', 'uploading']); // the profile was still logged in
      expect(result.outcome).toBe('failed');
      expect(result.error?.reason).toBe('logged_out');
      expect(result.submitClicked).toBe(false);
      expect(await control.creates(platform, user)).toEqual({ accepted: 0, requests: 0 });
    } finally {
      await control.reset();
    }
  });

  it('relays a fresh QR when the first one expires, and logs in with it', async () => {
    await control.setSwitches('xiaohongshu', { qrExpiries: 1 });
    const session = await openAccount({ id: 'xhs-qr', profileDir: join(dir, 'profile-xhs-qr') }, options);
    try {
      const shown: string[] = [];
      await session.loginByQr('xiaohongshu', async (image) => {
        shown.push(image);
        if (shown.length === 2) {
          await control.scan(image, 'xhs-qr'); // the person scans the fresh code only
        }
      });
      expect(shown).toHaveLength(2);
      expect(shown[1]).not.toBe(shown[0]);
      expect(await session.checkLogin('xiaohongshu')).toBe('valid');
    } finally {
      await session.close();
      await control.reset();
    }
  });

  it('refuses content that breaks the platform rules before opening a browser', async () => {
    const result = await runJob(
      jobFor('xiaohongshu', { profileDir: join(dir, 'never-opened') }, { title: '标题'.repeat(11) }),
      {},
      options,
    );
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('rule_violation');
    expect(result.error?.message).toContain('title_too_long');
    expect(existsSync(join(dir, 'never-opened'))).toBe(false);
  });
});
