import { z } from 'zod';
import { Msg } from '../messages.ts';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';
import type { PublishState } from '../rules/publish-state.ts';
import { AiStaffReads } from './ai-staff-reads.ts';

/** The AI数据员工's daily report and the AI运营员工's to-do list (issue 25). */
export const AiStaffApi = {
  ...AiStaffReads,
} as const;

/** Days each trend of the daily report covers, the report's day included. */
export const AI_REPORT_TREND_DAYS = 7;
/** How many days back a member may open a daily report (today is day 1). */
export const AI_REPORT_BACK_DAYS = 30;
/** Share of the level's space used from which the to-do list asks to free or buy space. */
export const STORAGE_NEAR_FULL_RATIO = 0.9;
/** Items listed under one to-do (its count covers them all). */
export const TODO_ITEMS_MAX = 5;

/** POST report: the day to report (`YYYY-MM-DD`, UTC+8); today when left out. */
export const aiReportBody = z.object({
  day: z
    .string({ error: Msg.aiReportDayInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, Msg.aiReportDayInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), Msg.aiReportDayInvalid)
    .optional(),
});
export type AiReportBody = z.infer<typeof aiReportBody>;

/** What became of the posts of one platform on the day, by the platform's review state. */
export const aiReportPlatformPosts = z.object({
  platform: z.enum(PUBLISH_PLATFORMS),
  platform_name: z.string(),
  /** Published, the platform still reviewing. */
  reviewing: z.number().int(),
  /** Published and visible. */
  published: z.number().int(),
  /** Handed to the platform's own timer. */
  scheduled: z.number().int(),
  /** Refused by the platform's review. */
  rejected: z.number().int(),
  /** Not published: the runner gave up. */
  failed: z.number().int(),
  total: z.number().int(),
});
export type AiReportPlatformPosts = z.infer<typeof aiReportPlatformPosts>;

/** POST report's answer: the day's figures and the trend of the AI_REPORT_TREND_DAYS days ending with it. */
export const aiReport = z.object({
  /** The day reported, `YYYY-MM-DD`. */
  day: z.string(),
  /** The trend's days, oldest first, ending with `day`; the series below follow them. */
  days: z.array(z.string()),
  /** Posts that ended on the day, per platform (platforms without any left out). */
  posts: z.array(aiReportPlatformPosts),
  /** Posts made (published or handed to the platform's timer) per day. */
  posts_made: z.array(z.number().int()),
  /** Posts that failed or were refused per day. */
  posts_failed: z.array(z.number().int()),
  /** New leads per day. */
  leads: z.array(z.number().int()),
  /** Customer messages and comments received per day. */
  messages_in: z.array(z.number().int()),
  /** Replies sent per day (failed sends left out). */
  replies: z.array(z.number().int()),
  storage: z.object({
    /** Bytes the member's files take now. */
    used: z.number(),
    /** Bytes the level allows (0: no level). */
    limit: z.number(),
    /** Bytes of the materials added per day (those since deleted are not counted). */
    added: z.array(z.number()),
  }),
  /** When the figures were read (`YYYY-MM-DD HH:mm:ss`). */
  updated_at: z.string(),
});
export type AiReport = z.infer<typeof aiReport>;

/** The kinds of work the AI运营员工 finds, in the order the list shows them. */
export const TODO_KINDS = [
  'reauthorize',
  'publish_failed',
  'clip_failed',
  'drift',
  'lead_waiting',
  'storage_full',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** One thing a to-do is about: an account, a batch, a clip task, a platform or a conversation. */
export const todoItem = z.object({
  /** The account, batch, clip task or conversation id (0 for a platform). */
  id: z.number().int(),
  label: z.string(),
  detail: z.string(),
});
export type TodoItem = z.infer<typeof todoItem>;

/** One to-do: what is waiting, how many, and the first TODO_ITEMS_MAX of them. */
export const todo = z.object({
  kind: z.enum(TODO_KINDS),
  text: z.string(),
  count: z.number().int(),
  items: z.array(todoItem),
});
export type Todo = z.infer<typeof todo>;

/** POST todos' answer: only the kinds with work waiting (an empty list: nothing to do). */
export const todoList = z.object({
  list: z.array(todo),
  updated_at: z.string(),
});
export type TodoList = z.infer<typeof todoList>;

/** How the AI发布员工 groups publish jobs for the member, in the order its figures show them. */
export const PUBLISH_GROUPS = ['queued', 'publishing', 'published', 'failed', 'unconfirmed'] as const;
export type PublishGroup = (typeof PUBLISH_GROUPS)[number];
/** Posts listed under 接下来要发的. */
export const PUBLISH_UPCOMING_MAX = 5;
/** Days the AI发布员工's 近7天 figures cover, today included. */
export const PUBLISH_WEEK_DAYS = 7;

/** The group a job state counts in; null for a cancelled job (counted nowhere). */
export function publishGroupOf(state: PublishState): PublishGroup | null {
  switch (state) {
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'claimed':
    case 'preparing':
    case 'uploading':
    case 'submitting':
    case 'submitted':
    case 'verifying':
    case 'needs_action':
      return 'publishing';
    case 'published':
    case 'platform_scheduled':
      return 'published';
    case 'rejected':
    case 'failed':
      return 'failed';
    case 'unconfirmed':
      return 'unconfirmed';
    case 'cancelled':
      return null;
  }
}

/** Jobs per group: open groups as they stand now, finished ones (published, failed) moved within the period. */
export const publishGroupCounts = z.object({
  queued: z.number().int(),
  publishing: z.number().int(),
  published: z.number().int(),
  failed: z.number().int(),
  unconfirmed: z.number().int(),
});
export type PublishGroupCounts = z.infer<typeof publishGroupCounts>;

/** One platform's jobs of the last PUBLISH_WEEK_DAYS days, by group. */
export const publishPlatformCounts = publishGroupCounts.extend({
  platform: z.enum(PUBLISH_PLATFORMS),
  platform_name: z.string(),
});
export type PublishPlatformCounts = z.infer<typeof publishPlatformCounts>;

/** A post waiting for its time, or for a runner. */
export const upcomingPost = z.object({
  job_id: z.number().int(),
  batch_id: z.number().int(),
  batch_title: z.string(),
  account: z.string(),
  platform_name: z.string(),
  /** When it may run (`YYYY-MM-DD HH:mm:ss`, UTC+8); in the past: waiting for a runner. */
  run_at: z.string(),
});

/** An account that cannot publish now: not authorized, or paused after a risk signal. */
export const blockedAccount = z.object({
  id: z.number().int(),
  /** `抖音 · 昵称`. */
  label: z.string(),
  reason: z.enum(['unauthorized', 'expired', 'paused']),
  /** Why, in words (a pause says until when). */
  detail: z.string(),
});
export type BlockedAccount = z.infer<typeof blockedAccount>;

/** A batch with jobs waiting for the member: failed ones a retry queues again, or unconfirmed ones. */
export const publishBatchNeed = z.object({
  batch_id: z.number().int(),
  title: z.string(),
  count: z.number().int(),
});

/** POST publish's answer: the member's publishing at a glance, each problem with what to do about it. */
export const aiPublishOverview = z.object({
  today: publishGroupCounts,
  week: publishGroupCounts,
  /** Platforms with jobs in the week (others left out). */
  platforms: z.array(publishPlatformCounts),
  /** Posts waiting, the soonest first (PUBLISH_UPCOMING_MAX), and how many there are. */
  upcoming: z.array(upcomingPost),
  upcoming_count: z.number().int(),
  /** Accounts that cannot publish now (TODO_ITEMS_MAX listed), and how many. */
  blocked: z.array(blockedAccount),
  blocked_count: z.number().int(),
  /** Batches with failed jobs a retry would queue again, newest first. */
  failed_batches: z.array(publishBatchNeed),
  /** Batches with posts the member must confirm (did they appear on the platform?), newest first. */
  unconfirmed_batches: z.array(publishBatchNeed),
  /** Runners that publish for the member: online now, and all of them. */
  runners: z.object({ online: z.number().int(), total: z.number().int() }),
  /** The member's accounts, and whether it ever made a batch (the page's first action follows from these). */
  account_count: z.number().int(),
  has_batches: z.boolean(),
  updated_at: z.string(),
});
export type AiPublishOverview = z.infer<typeof aiPublishOverview>;
