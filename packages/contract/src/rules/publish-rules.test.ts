import { describe, expect, it } from 'vitest';
import {
  checkPublishContent,
  descriptionFor,
  PUBLISH_PLATFORMS,
  PUBLISH_RULES,
  publishPlatformOf,
  textLength,
} from './publish-rules.ts';

const NOW = Date.UTC(2026, 10, 23, 8, 0, 0);
const HOUR = 60 * 60_000;
const ok = { title: '春季新品', description: '门店上新', topics: ['上新'], fileName: 'a.mp4' };

describe('publish rules', () => {
  it('accepts ordinary content on every platform', () => {
    for (const p of PUBLISH_PLATFORMS) {
      const title = p === 'channels' ? '春季新品限时上新' : ok.title;
      expect(checkPublishContent(p, { ...ok, title }, NOW), p).toEqual([]);
    }
  });

  it('counts characters, not UTF-16 units, against the title limit', () => {
    expect(textLength('😀你好')).toBe(3);
    expect(checkPublishContent('xiaohongshu', { ...ok, title: '😀'.repeat(20) }, NOW)).toEqual([]);
    expect(checkPublishContent('xiaohongshu', { ...ok, title: '字'.repeat(21) }, NOW)).toEqual([
      { code: 'title_too_long', limit: 20, actual: 21 },
    ]);
  });

  it('holds the Channels short title to 6–16 characters', () => {
    expect(checkPublishContent('channels', { ...ok, title: '短标题' }, NOW)).toEqual([
      { code: 'title_too_short', limit: 6, actual: 3 },
    ]);
  });

  it('puts the Kuaishou title into its description and counts both', () => {
    expect(descriptionFor('kuaishou', ' 标题 ', '正文')).toBe('标题\n正文');
    expect(descriptionFor('douyin', '标题', '正文')).toBe('正文');
    const v = checkPublishContent('kuaishou', { ...ok, title: '标'.repeat(300), description: '文'.repeat(300) }, NOW);
    expect(v).toEqual([{ code: 'description_too_long', limit: 500, actual: 601 }]);
  });

  it('caps topics, formats, size and duration', () => {
    const v = checkPublishContent(
      'kuaishou',
      { ...ok, topics: ['a', 'b', 'c', 'd'], fileName: 'x.AVI', sizeBytes: 5 * 1024 ** 3, durationSec: 3600 },
      NOW,
    );
    expect(v.map((x) => x.code)).toEqual(['too_many_topics', 'format', 'too_large', 'too_long']);
  });

  it("keeps a schedule inside the platform's own timer window", () => {
    expect(checkPublishContent('douyin', { ...ok, scheduleAt: NOW + HOUR }, NOW)).toEqual([
      { code: 'schedule_too_soon', limit: 2 * HOUR, actual: HOUR },
    ]);
    expect(checkPublishContent('douyin', { ...ok, scheduleAt: NOW + 3 * HOUR }, NOW)).toEqual([]);
    expect(checkPublishContent('bilibili', { ...ok, scheduleAt: NOW + 4 * HOUR }, NOW)[0]?.code).toBe(
      'schedule_too_soon',
    );
    expect(checkPublishContent('xiaohongshu', { ...ok, scheduleAt: NOW + 15 * 24 * HOUR }, NOW)[0]?.code).toBe(
      'schedule_too_far',
    );
  });

  it('maps platform ids to connectors', () => {
    expect(publishPlatformOf(1)).toBe('douyin');
    expect(publishPlatformOf(4)).toBe('channels');
    expect(publishPlatformOf(99)).toBeUndefined();
    const ids = PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
