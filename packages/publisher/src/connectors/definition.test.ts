import { describe, expect, it } from 'vitest';
import { descriptionText, listedTitle, urlIs } from '../flow.ts';
import type { PublishJob } from '../types.ts';
import { formatSchedule, valueAt, withOverrides } from './definition.ts';
import { CONNECTORS } from './registry.ts';

const job: PublishJob = {
  id: 'j',
  platform: 'kuaishou',
  account: { id: 'a', profileDir: '/tmp/x' },
  videoPath: 'a.mp4',
  title: '标题',
  description: '正文',
  topics: ['新品', '探店'],
};

describe('connector definitions', () => {
  it('formats schedules in Beijing time', () => {
    const at = Date.UTC(2026, 10, 23, 16, 5, 9); // 2026-11-24 00:05:09 in Beijing
    expect(formatSchedule(at, 'YYYY-MM-DD HH:mm')).toBe('2026-11-24 00:05');
    expect(formatSchedule(at, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-11-24 00:05:09');
  });

  it('matches URL patterns below the base URL, so a sandbox prefix changes nothing', () => {
    const real = CONNECTORS.douyin;
    const sandbox = withOverrides(real, { baseUrl: 'http://127.0.0.1:4600/douyin' });
    expect(urlIs(real, 'login', 'https://creator.douyin.com/')).toBe(true);
    expect(urlIs(sandbox, 'login', 'http://127.0.0.1:4600/douyin/')).toBe(true);
    expect(urlIs(sandbox, 'login', 'http://127.0.0.1:4600/douyin/creator-micro/home')).toBe(false);
    expect(urlIs(sandbox, 'loggedIn', 'http://127.0.0.1:4600/douyin/creator-micro/home')).toBe(true);
    // Kuaishou logs in on another host: the pattern holds for the full URL too.
    expect(urlIs(CONNECTORS.kuaishou, 'login', 'https://passport.kuaishou.com/pc/account/login')).toBe(true);
  });

  it('puts inline topics and the title where the platform expects them', () => {
    expect(descriptionText(CONNECTORS.kuaishou, job)).toBe('标题\n正文 #新品 #探店');
    expect(descriptionText(CONNECTORS.bilibili, { ...job, platform: 'bilibili' })).toBe('正文');
    expect(listedTitle(job)).toBe('标题');
  });

  it('reads values at a path of a JSON answer', () => {
    expect(valueAt({ data: { bvid: 'BV1x' } }, ['data', 'bvid'])).toBe('BV1x');
    expect(valueAt({ data: null }, ['data', 'bvid'])).toBeUndefined();
  });

  it('gives every connector a version and applies deadline overrides', () => {
    for (const def of Object.values(CONNECTORS)) {
      expect(def.version).toMatch(new RegExp(`^${def.platform}@`));
    }
    expect(withOverrides(CONNECTORS.douyin, { timeouts: { upload: 5 } }).timeouts.upload).toBe(5);
    expect(CONNECTORS.douyin.timeouts.upload).toBe(30 * 60_000);
  });
});
