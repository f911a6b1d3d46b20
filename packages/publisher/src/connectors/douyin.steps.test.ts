import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccount } from '../run-job.ts';
import { makeCoverPng, makeTinyMp4, publishBench, type PublishBench } from '../../test/support.ts';
import { parseWorkList } from './douyin.steps.ts';

describe('douyin works list reader', () => {
  it('keeps 19-digit aweme ids exact, with the creation time, duration and review text', () => {
    const text =
      '{"status_code":0,"aweme_list":[{"aweme_id":7301234567890123457,"item_title":"新品","desc":"新品\\n到店",' +
      '"create_time":1764230400,"duration":15200,"status":{"status_desc":"审核中"},"share_url":"https://www.douyin.com/video/7301234567890123457"}]}';
    expect(String((JSON.parse(text) as { aweme_list: { aweme_id: number }[] }).aweme_list[0]?.aweme_id)).not.toBe(
      '7301234567890123457',
    );
    expect(parseWorkList(text)).toEqual([
      {
        id: '7301234567890123457',
        title: '新品',
        status: '审核中',
        href: 'https://www.douyin.com/video/7301234567890123457',
        createdAt: 1764230400_000,
        durationSec: 15.2,
      },
    ]);
  });

  it('refuses an answer that says the session is logged out or blocked (status_code 8)', () => {
    expect(() => parseWorkList('{"status_code":8,"status_msg":"用户未登录"}')).toThrow(/status_code 8/);
  });
});

describe('douyin connector on the other grey group and a new build', () => {
  let bench: PublishBench;

  beforeAll(async () => {
    bench = await publishBench('douyin-connector');
  });
  afterAll(async () => {
    await bench?.close();
  });

  it('answers an SMS check that follows the scan with the code the person gives', async () => {
    await bench.control.setSwitches('douyin', { douyinLoginSms: true });
    const session = await openAccount({ id: 'douyin-sms', profileDir: join(bench.dir, 'profile-sms') }, bench.options);
    try {
      await session.loginByQr(
        'douyin',
        async (image) => {
          await bench.control.scan(image, 'douyin-sms');
        },
        async () => (await bench.control.code('douyin', 'douyin-sms')).code,
      );
      expect(await session.checkLogin('douyin')).toBe('valid');
    } finally {
      await session.close();
      await bench.control.reset();
    }
  });

  // A wrong code's error stays on the page until the next code's verdict (the sandbox keeps it, the
  // hostile case): the right code, checked for a moment, was read as refused by that old error.
  it("takes the right code after a wrong one although the wrong one's error still shows", async () => {
    await bench.control.setSwitches('douyin', { douyinLoginSms: true, verifyDelayMs: 1_500 });
    const session = await openAccount(
      { id: 'douyin-sms-retry', profileDir: join(bench.dir, 'profile-sms-retry') },
      bench.options,
    );
    const asked: boolean[] = [];
    try {
      await session.loginByQr(
        'douyin',
        async (image) => {
          await bench.control.scan(image, 'douyin-sms-retry');
        },
        async (again) => {
          asked.push(again);
          if (asked.length > 2) {
            throw new Error('a third code was asked for: the right one was counted as wrong');
          }
          const { code } = await bench.control.code('douyin', 'douyin-sms-retry');
          // The person mistypes first: the platform shows its error and keeps the dialog open.
          return asked.length === 1 ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code;
        },
      );
      expect(asked).toEqual([false, true]);
      expect(await session.checkLogin('douyin')).toBe('valid');
    } finally {
      await session.close();
      await bench.control.reset();
    }
  });

  it('refreshes an expired QR (二维码失效), then publishes on v1 with a cover and a schedule', async () => {
    await bench.control.setSwitches('douyin', { qrExpiries: 1, douyinPublishVersion: 'v1', douyinNewBuild: true });
    const profileDir = join(bench.dir, 'profile');
    const session = await openAccount({ id: 'douyin-v1', profileDir }, bench.options);
    try {
      const shown: string[] = [];
      await session.loginByQr('douyin', async (image) => {
        shown.push(image);
        if (shown.length === 2) {
          await bench.control.scan(image, 'douyin-v1'); // the person scans the fresh code only
        }
      });
      expect(shown).toHaveLength(2);
      expect(shown[1]).not.toBe(shown[0]);
      expect(await session.checkLogin('douyin')).toBe('valid');

      const scheduleAt = Date.now() + 3 * 3600_000;
      const result = await session.publish({
        id: 'job-douyin-v1',
        platform: 'douyin',
        account: { id: 'douyin-v1', profileDir },
        videoPath: await makeTinyMp4(bench.dir),
        coverPath: await makeCoverPng(bench.dir),
        title: '定时上新',
        description: '春季新品到店',
        topics: ['新品'],
        scheduleAt,
      });
      expect(result.error).toBeUndefined();
      expect(result.outcome).toBe('platform_scheduled');
      const works = (await bench.control.works('douyin')).filter((w) => w.user === 'douyin-v1');
      expect(works).toHaveLength(1);
      expect(result.workId).toBe(works[0]?.id);
      expect(works[0]?.scheduleAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(works[0]?.cover).toBe('cover.png');
      expect(works[0]?.topics).toContain('新品');
    } finally {
      await session.close();
      await bench.control.reset();
    }
  });
});
