import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readWorksList } from '../flow.ts';
import { connectorFor, type AccountSession } from '../run-job.ts';
import { makeCoverPng, makeTinyMp4, publishBench, type PublishBench } from '../../test/support.ts';
import type { PublishJob } from '../types.ts';

// The Xiaohongshu connector against the sandbox's imitation of the real creator centre: the checks,
// refusals and quirks run-job.test.ts covers on other platforms, here on this one's pages.
const platform = 'xiaohongshu';
const user = 'xhs-connector';
let bench: PublishBench;
let session: AccountSession & { profileDir: string };
let video: string;
let cover: string;
let serial = 0;

beforeAll(async () => {
  bench = await publishBench('xhs-connector');
  video = await makeTinyMp4(bench.dir);
  cover = await makeCoverPng(bench.dir);
  session = await bench.loggedIn(platform, user);
});
afterAll(async () => {
  await session?.close();
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

function job(extra: Partial<PublishJob> = {}): PublishJob {
  serial += 1;
  return {
    id: `xhs-${serial}`,
    platform,
    account: { id: user, profileDir: session.profileDir },
    videoPath: video,
    title: `春季新品 ${serial}`,
    description: '春季新品到店，欢迎来体验',
    topics: ['新品', '探店'],
    ...extra,
  };
}

const mine = async (id: string | undefined) => (await bench.control.works(platform)).find((w) => w.id === id);

describe('xiaohongshu connector on the imitated creator centre', () => {
  it('publishes with the typed body, picked topics and cover; the id is the hex noteId of the note manager', async () => {
    const before = await bench.control.creates(platform, user);
    const j = job({ coverPath: cover });
    const result = await session.publish(j);
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(result.workId).toMatch(/^[0-9a-f]{24}$/);
    expect(result.permalink).toBe(`https://www.xiaohongshu.com/explore/${result.workId}`);
    const work = await mine(result.workId);
    expect(work).toMatchObject({ title: j.title, description: j.description, topics: ['新品', '探店'] });
    expect(work?.cover).toBe('cover.png');
    expect(await bench.control.creates(platform, user)).toEqual({
      accepted: before.accepted + 1,
      requests: before.requests + 1,
    });
    const listed = (await readWorksList(session.page, connectorFor(platform, bench.options))).find(
      (w) => w.id === result.workId,
    );
    expect(listed?.title).toBe(j.title);
    // The card shows minutes (Beijing time): the creation time is read to the minute.
    expect(Math.abs((listed?.createdAt ?? 0) - (work?.createdAt ?? 0))).toBeLessThan(60_000);
  });

  it('topics whose suggestions never come are erased and skipped; the post goes through', async () => {
    await bench.control.setSwitches(platform, { xiaohongshuNoTopicSuggestions: true });
    const result = await session.publish(job());
    expect(result.outcome).toBe('published');
    const work = await mine(result.workId);
    expect(work?.topics).toEqual([]);
    expect(work?.description).toBe('春季新品到店，欢迎来体验');
  });

  it('a scheduled post goes to the platform timer, the control having read 定时发布', async () => {
    const scheduleAt = Date.now() + 3 * 3600_000;
    const result = await session.publish(job({ scheduleAt }));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('platform_scheduled');
    expect((await mine(result.workId))?.scheduleAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('上传失败 sets the file again and the post goes through once', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { uploadFailures: 1 });
    const result = await session.publish(job());
    expect(result.outcome).toBe('published');
    expect((await bench.control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });

  it('an SMS check in the d-modal is handed to a person and answered', async () => {
    await bench.control.setSwitches(platform, { verify: 'sms' });
    const asked: string[] = [];
    const result = await session.publish(job(), {
      onNeedsAction: async (request) => {
        asked.push(request.kind);
        expect(request.prompt).toContain('短信验证码');
        return { code: (await bench.control.code(platform, user)).code };
      },
    });
    expect(asked).toEqual(['sms']);
    expect(result.outcome).toBe('published');
  });

  it('a captcha is handed off with its image', async () => {
    await bench.control.setSwitches(platform, { verify: 'captcha' });
    const result = await session.publish(job(), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('captcha');
        expect(request.image).toMatch(/^data:image\//);
        return { code: (await bench.control.code(platform, user)).code };
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('a real-name QR is relayed and the post goes through once scanned', async () => {
    await bench.control.setSwitches(platform, { verify: 'real_name' });
    const result = await session.publish(job(), {
      onNeedsAction: async (request) => {
        expect(request.kind).toBe('real_name');
        await bench.control.scan(request.image ?? '');
        return {};
      },
    });
    expect(result.outcome).toBe('published');
  });

  it('操作过于频繁 is rate_limited and a 500 is submit_rejected, each with the toast text and nothing created', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { rateLimited: true });
    const limited = await session.publish(job());
    expect(limited.error?.reason).toBe('rate_limited');
    expect(limited.error?.pageText).toContain('操作过于频繁');
    await bench.control.setSwitches(platform, { rateLimited: false, submitError500: true });
    const refused = await session.publish(job());
    expect(refused.outcome).toBe('failed');
    expect(refused.error?.reason).toBe('submit_rejected');
    expect(refused.error?.pageText).toContain('服务器开小差了');
    expect((await bench.control.creates(platform, user)).accepted).toBe(before.accepted);
  });

  it('accepted without the move to /publish/success is proven from the note manager, submitted once', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { acceptNoRedirect: true });
    const result = await session.publish(job());
    expect(result.outcome).toBe('published');
    expect(result.proof).toEqual({ createResponse: true, worksList: true });
    expect(await bench.control.creates(platform, user)).toEqual({
      accepted: before.accepted + 1,
      requests: before.requests + 1,
    });
  });

  it('a review already refused when the post first shows ends the job rejected', async () => {
    // A post still 审核中 is published and its review read again later (run-job.ts); this one shows 未通过 at once.
    await bench.control.setSwitches(platform, { rejectReview: true, reviewReads: 0 });
    const result = await session.publish(job());
    expect(result.outcome).toBe('rejected');
    expect(result.reviewState).toBe('rejected');
  });

  it('a session that ends at the upload fails logged_out before any submit', async () => {
    const before = await bench.control.creates(platform, user);
    await bench.control.setSwitches(platform, { expireSessionOn: 'upload' });
    const result = await session.publish(job());
    expect(result.outcome).toBe('failed');
    expect(result.error?.reason).toBe('logged_out');
    expect(result.submitClicked).toBe(false);
    expect(await bench.control.creates(platform, user)).toEqual(before);
    expect(await session.checkLogin(platform)).toBe('invalid');
  });
});
