import {
  AI_REPORT_BACK_DAYS,
  AI_REPORT_TREND_DAYS,
  type AiReport,
  type AiReportBody,
  type AiReportPlatformPosts,
} from '@vidmatrix/contract/api/ai-staff';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { dayLabel, dayNumber, dayStart, seriesOf } from '@vidmatrix/contract/rules/day-buckets';
import { isReviewState } from '@vidmatrix/contract/rules/publish-result';
import {
  PUBLISH_PLATFORM_NAMES,
  PUBLISH_PLATFORMS,
  type PublishPlatform,
} from '@vidmatrix/contract/rules/publish-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import type { AiReportRepository } from './ai-report.repository.ts';

const DAY_MS = 86_400_000;
/** States that count as a post made, and as a post not made. */
const MADE = ['published', 'platform_scheduled'] as const;
const NOT_MADE = ['failed', 'rejected'] as const;

type Outcome = 'reviewing' | 'published' | 'scheduled' | 'rejected' | 'failed';

/**
 * Where a finished job stands for the member: the platform's review state when the runner read one,
 * else what the job's own state says (a post the platform refused at submit is 未通过, not 失败).
 */
export function outcomeOf(state: string, reviewState: string): Outcome | null {
  if (state === 'failed') {
    return 'failed';
  }
  if (state === 'rejected') {
    return 'rejected';
  }
  if (isReviewState(reviewState)) {
    return reviewState;
  }
  if (state === 'published') {
    return 'published';
  }
  return state === 'platform_scheduled' ? 'scheduled' : null;
}

/** The AI数据员工's daily report of one member: the day's posts by platform and trends of the week before. */
export class AiReportService {
  constructor(
    private readonly deps: Pick<AppDeps, 'now'>,
    private readonly repo: AiReportRepository,
  ) {}

  /** The report of `body.day` (today when left out); a day in the future or too far back is refused. */
  async report(memberId: number, body: AiReportBody): Promise<AiReport> {
    const now = this.deps.now();
    const today = dayNumber(now);
    const day = body.day ? dayNumber(Date.parse(`${body.day}T00:00:00+08:00`)) : today;
    if (day > today || day <= today - AI_REPORT_BACK_DAYS) {
      throw badRequest(fillMsg(Msg.aiReportDayOutOfRange, { days: AI_REPORT_BACK_DAYS }));
    }
    const days = Array.from({ length: AI_REPORT_TREND_DAYS }, (_, i) => day - AI_REPORT_TREND_DAYS + 1 + i);
    const from = dayStart(days[0] ?? day);
    const [outcomes, made, notMade, leads, messagesIn, replies, added, space] = await Promise.all([
      this.repo.postOutcomes(memberId, dayStart(day), dayStart(day) + DAY_MS),
      this.repo.postsPerDay(memberId, from, MADE),
      this.repo.postsPerDay(memberId, from, NOT_MADE),
      this.repo.leadsPerDay(memberId, from),
      this.repo.messagesPerDay(memberId, from, 'in'),
      this.repo.messagesPerDay(memberId, from, 'out'),
      this.repo.bytesAddedPerDay(memberId, from),
      this.repo.space(memberId),
    ]);
    return {
      day: dayLabel(day),
      days: days.map(dayLabel),
      posts: postsByPlatform(outcomes),
      posts_made: seriesOf(days, made),
      posts_failed: seriesOf(days, notMade),
      leads: seriesOf(days, leads),
      messages_in: seriesOf(days, messagesIn),
      replies: seriesOf(days, replies),
      storage: {
        used: Number(space?.used ?? 0),
        limit: Number(space?.limit ?? 0),
        added: seriesOf(days, added),
      },
      updated_at: formatServerTime(now),
    };
  }
}

/** Folds (platform, state, review state, n) rows into one line per platform, in the platforms' order. */
function postsByPlatform(
  rows: readonly { platform: string; state: string; review_state: string; n: number | string }[],
): AiReportPlatformPosts[] {
  const lines = new Map<PublishPlatform, AiReportPlatformPosts>();
  for (const row of rows) {
    const platform = PUBLISH_PLATFORMS.find((p) => p === row.platform);
    const outcome = outcomeOf(row.state, row.review_state);
    if (!platform || !outcome) {
      continue;
    }
    const line = lines.get(platform) ?? {
      platform,
      platform_name: PUBLISH_PLATFORM_NAMES[platform],
      reviewing: 0,
      published: 0,
      scheduled: 0,
      rejected: 0,
      failed: 0,
      total: 0,
    };
    const n = Number(row.n);
    line[outcome] += n;
    line.total += n;
    lines.set(platform, line);
  }
  return PUBLISH_PLATFORMS.flatMap((p) => lines.get(p) ?? []);
}
