import { extensionOf, MB } from './upload.ts';

/** The creator centres the publisher drives. */
export const PUBLISH_PLATFORMS = ['douyin', 'kuaishou', 'xiaohongshu', 'channels', 'bilibili'] as const;
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];

/** The platforms' names as members read them. */
export const PUBLISH_PLATFORM_NAMES: Record<PublishPlatform, string> = {
  douyin: '抖音',
  kuaishou: '快手',
  xiaohongshu: '小红书',
  channels: '视频号',
  bilibili: '哔哩哔哩',
};

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** One platform's publishing limits; lengths count characters (code points), as the creator centres do. */
export interface PublishRule {
  /** Platform ids (enterprise account platform_id) published through this connector. */
  platformIds: readonly number[];
  /** Title length bounds; titleMax 0: the platform has no title field and the title leads the description. */
  titleMin: number;
  titleMax: number;
  descriptionMax: number;
  topicMax: number;
  /** Video extensions the upload input accepts, lower case, without the dot. */
  formats: readonly string[];
  maxBytes: number;
  maxDurationSec: number;
  /** The platform's own timer: how far ahead a scheduled post may be set (from now), ms. */
  scheduleMinLeadMs: number;
  scheduleMaxLeadMs: number;
  /** Scheduled posts the platform accepts per account per day (undefined: no known cap). */
  scheduledPerDayMax?: number;
  /** Our pacing cap: posts per account per 24 h (no platform publishes one; logouts follow bursts). */
  dailyPostsMax: number;
}

/**
 * The one table of per-platform publishing rules. Sources: dreammis/social-auto-upload uploaders,
 * xpzouying/xiaohongshu-mcp, biliup (see the publishing study); where the web page and the open API
 * differ, the stricter web limit is kept.
 */
export const PUBLISH_RULES: Record<PublishPlatform, PublishRule> = {
  douyin: {
    platformIds: [1, 6],
    titleMin: 1,
    titleMax: 30, // the 作品标题 input
    descriptionMax: 1000,
    topicMax: 5,
    formats: ['mp4', 'mov', 'webm'],
    maxBytes: 4096 * MB, // chunked upload total
    maxDurationSec: 15 * 60,
    scheduleMinLeadMs: 2 * HOUR_MS, // 定时发布 needs ≥2 h
    scheduleMaxLeadMs: 14 * DAY_MS,
    dailyPostsMax: 10,
  },
  kuaishou: {
    platformIds: [2, 16],
    titleMin: 0, // Kuaishou has a description only
    titleMax: 0,
    descriptionMax: 500,
    topicMax: 3,
    formats: ['mp4', 'mov'],
    maxBytes: 4096 * MB,
    maxDurationSec: 15 * 60,
    scheduleMinLeadMs: HOUR_MS,
    scheduleMaxLeadMs: 14 * DAY_MS,
    dailyPostsMax: 10,
  },
  xiaohongshu: {
    platformIds: [3],
    titleMin: 1,
    titleMax: 20,
    descriptionMax: 1000,
    topicMax: 10, // more looped SAU's topic picker forever
    formats: ['mp4', 'mov'],
    maxBytes: 20 * 1024 * MB,
    maxDurationSec: 60 * 60,
    scheduleMinLeadMs: HOUR_MS, // 1 h – 14 d (xiaohongshu-mcp PR #377)
    scheduleMaxLeadMs: 14 * DAY_MS,
    dailyPostsMax: 10,
  },
  channels: {
    platformIds: [4],
    titleMin: 6, // the 短标题 field: 6–16 characters
    titleMax: 16,
    descriptionMax: 1000,
    topicMax: 10,
    formats: ['mp4', 'mov'],
    maxBytes: 20 * 1024 * MB,
    maxDurationSec: 60 * 60,
    scheduleMinLeadMs: 5 * 60_000,
    scheduleMaxLeadMs: 30 * DAY_MS,
    scheduledPerDayMax: 5,
    dailyPostsMax: 5,
  },
  bilibili: {
    platformIds: [5],
    titleMin: 1,
    titleMax: 80,
    descriptionMax: 2000,
    topicMax: 10,
    formats: ['mp4', 'mov', 'flv', 'mkv', 'webm'],
    maxBytes: 8 * 1024 * MB,
    maxDurationSec: 10 * 60 * 60,
    scheduleMinLeadMs: 4 * HOUR_MS + 60_000, // dtime must be more than 4 h ahead
    scheduleMaxLeadMs: 15 * DAY_MS,
    dailyPostsMax: 10,
  },
};

/** The platform a platform_id publishes through, or undefined when none of the five. */
export function publishPlatformOf(platformId: number): PublishPlatform | undefined {
  return PUBLISH_PLATFORMS.find((p) => PUBLISH_RULES[p].platformIds.includes(platformId));
}

/** What is published: the copy and the file's facts as the server knows them. */
export interface PublishContent {
  title: string;
  description: string;
  topics: readonly string[];
  fileName: string;
  sizeBytes?: number;
  durationSec?: number;
  /** Epoch ms of a platform-timed post; undefined to publish now. */
  scheduleAt?: number;
}

export type PublishRuleCode =
  | 'title_too_short'
  | 'title_too_long'
  | 'description_too_long'
  | 'too_many_topics'
  | 'format'
  | 'too_large'
  | 'too_long'
  | 'schedule_too_soon'
  | 'schedule_too_far';

/** One broken rule: which, the platform's limit and what the content has. */
export interface PublishViolation {
  code: PublishRuleCode;
  limit: number | string;
  actual: number | string;
}

/** Characters as people count them (an emoji or a CJK character is one). */
export function textLength(text: string): number {
  return [...text].length;
}

/** The text that goes into the platform's description field (the title leads it where there is no title field). */
export function descriptionFor(platform: PublishPlatform, title: string, description: string): string {
  if (PUBLISH_RULES[platform].titleMax > 0) {
    return description;
  }
  return [title.trim(), description.trim()].filter(Boolean).join('\n');
}

/** Every rule of the platform the content breaks, at time `now` (epoch ms); empty when publishable. */
export function checkPublishContent(
  platform: PublishPlatform,
  content: PublishContent,
  now: number,
): PublishViolation[] {
  const rule = PUBLISH_RULES[platform];
  const out: PublishViolation[] = [];
  const title = textLength(content.title.trim());
  if (title < rule.titleMin) {
    out.push({ code: 'title_too_short', limit: rule.titleMin, actual: title });
  }
  if (rule.titleMax > 0 && title > rule.titleMax) {
    out.push({ code: 'title_too_long', limit: rule.titleMax, actual: title });
  }
  const description = textLength(descriptionFor(platform, content.title, content.description));
  if (description > rule.descriptionMax) {
    out.push({ code: 'description_too_long', limit: rule.descriptionMax, actual: description });
  }
  if (content.topics.length > rule.topicMax) {
    out.push({ code: 'too_many_topics', limit: rule.topicMax, actual: content.topics.length });
  }
  const ext = extensionOf(content.fileName);
  if (!rule.formats.includes(ext)) {
    out.push({ code: 'format', limit: rule.formats.join('/'), actual: ext });
  }
  if (content.sizeBytes !== undefined && content.sizeBytes > rule.maxBytes) {
    out.push({ code: 'too_large', limit: rule.maxBytes, actual: content.sizeBytes });
  }
  if (content.durationSec !== undefined && content.durationSec > rule.maxDurationSec) {
    out.push({ code: 'too_long', limit: rule.maxDurationSec, actual: content.durationSec });
  }
  if (content.scheduleAt !== undefined) {
    const lead = content.scheduleAt - now;
    if (lead < rule.scheduleMinLeadMs) {
      out.push({ code: 'schedule_too_soon', limit: rule.scheduleMinLeadMs, actual: lead });
    } else if (lead > rule.scheduleMaxLeadMs) {
      out.push({ code: 'schedule_too_far', limit: rule.scheduleMaxLeadMs, actual: lead });
    }
  }
  return out;
}
