import { describe, expect, it } from 'vitest';
import { connectorDefinitions, describeIssues } from '@vidmatrix/contract/connector-definition';
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

  it("ships definitions that pass the schema an operator's file is checked with, each checked element named", () => {
    const parsed = connectorDefinitions.safeParse(JSON.parse(JSON.stringify(CONNECTORS)));
    expect(parsed.success ? [] : describeIssues(parsed.error)).toEqual([]);
    for (const def of Object.values(CONNECTORS)) {
      for (const key of Object.values(def.drift).flat()) {
        expect(def.labels[key], `${def.platform} ${key}`).toMatch(/^[\u4e00-\u9fff]+$/);
      }
    }
  });

  it('refuses a definitions file naming each field that is wrong', () => {
    const copy = () =>
      JSON.parse(JSON.stringify({ douyin: CONNECTORS.douyin, kuaishou: CONNECTORS.kuaishou })) as Record<
        string,
        Record<string, Record<string, unknown>>
      >;
    const issuesOf = (file: unknown) => {
      const parsed = connectorDefinitions.safeParse(file);
      return parsed.success ? [] : describeIssues(parsed.error);
    };
    const broken = copy();
    delete broken.douyin!.selectors!.fileInput;
    broken.kuaishou!.urls!.success = '(unclosed';
    broken.douyn = broken.kuaishou!;
    expect(issuesOf(broken)).toEqual([
      'douyin.selectors.fileInput: Invalid input: expected string, received undefined',
      'kuaishou.urls.success: not a valid regular expression',
      '(file): Unrecognized key: "douyn"',
    ]);
    // Once the shape holds, the drift plan: every element it names exists and has a Chinese label.
    const unplanned = copy();
    unplanned.douyin!.drift!.upload = ['fileInput', 'uploadBtn'];
    delete unplanned.kuaishou!.labels!.workLink;
    expect(issuesOf(unplanned)).toEqual([
      'douyin.drift.upload.1: no element "uploadBtn" in this definition',
      'kuaishou.labels.workLink: "workLink" needs a Chinese label',
    ]);
    expect(issuesOf({})).toEqual(['(file): name at least one of douyin, kuaishou, xiaohongshu, channels, bilibili']);
    // Members read the labels: English words are refused.
    const english = copy();
    english.kuaishou!.labels!.fileInput = 'upload button';
    expect(issuesOf(english)).toEqual(['kuaishou.labels.fileInput: must be Chinese words (members read it)']);
  });

  it('gives every connector a version and applies deadline overrides', () => {
    for (const def of Object.values(CONNECTORS)) {
      expect(def.version).toMatch(new RegExp(`^${def.platform}@`));
    }
    expect(withOverrides(CONNECTORS.douyin, { timeouts: { upload: 5 } }).timeouts.upload).toBe(5);
    expect(CONNECTORS.douyin.timeouts.upload).toBe(30 * 60_000);
  });
});
