import {
  PUBLISH_GROUPS,
  PUBLISH_WEEK_DAYS,
  publishGroupOf,
  TODO_ITEMS_MAX,
  type AiPublishOverview,
  type BlockedAccount,
  type PublishGroupCounts,
  type PublishPlatformCounts,
} from '@vidmatrix/contract/api/ai-staff';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { PLATFORMS } from '@vidmatrix/contract/platforms';
import { dayNumber, dayStart } from '@vidmatrix/contract/rules/day-buckets';
import { PUBLISH_PLATFORM_NAMES, PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { PUBLISH_STATES, RUNNER_ONLINE_MS } from '@vidmatrix/contract/rules/publish-state';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { AppDeps } from '../../deps.ts';
import type { AiPublishRepository } from './ai-publish.repository.ts';
import type { AiTodoRepository } from './ai-todo.repository.ts';

type JobCount = { state: string; platform: string; n: number | string };

/**
 * The AI发布员工's view of one member's publishing, read from its rows each time it is asked: jobs by
 * group today and over the week, per platform, the posts coming next, and each thing stopping a post
 * (an account that cannot publish, a failed or unconfirmed batch, no runner online).
 */
export class AiPublishService {
  constructor(
    private readonly deps: Pick<AppDeps, 'now'>,
    private readonly repo: AiPublishRepository,
    private readonly todos: Pick<AiTodoRepository, 'reauthorize' | 'publishFailedByBatch' | 'unconfirmedByBatch'>,
  ) {}

  /** The member's publishing overview. */
  async overview(memberId: number): Promise<AiPublishOverview> {
    const now = this.deps.now();
    const today = dayNumber(now);
    const [todayRows, weekRows, upcoming, unauthorized, paused, failed, unconfirmed, heartbeats, footing] =
      await Promise.all([
        this.repo.jobCounts(memberId, dayStart(today)),
        this.repo.jobCounts(memberId, dayStart(today - (PUBLISH_WEEK_DAYS - 1))),
        this.repo.upcoming(memberId),
        this.todos.reauthorize(memberId),
        this.repo.pausedAccounts(memberId, now),
        this.todos.publishFailedByBatch(memberId),
        this.todos.unconfirmedByBatch(memberId),
        this.repo.runnerHeartbeats(memberId),
        this.repo.footing(memberId),
      ]);
    const blocked: BlockedAccount[] = [
      ...unauthorized.rows.map((row) => ({
        id: row.id,
        label: accountLabel(row.platform_id, row.nickname),
        reason: row.cookie_auth_status === 2 ? ('expired' as const) : ('unauthorized' as const),
        detail: row.cookie_auth_status === 2 ? Msg.todoItemExpired : Msg.todoItemUnauthorized,
      })),
      ...paused.rows.map((row) => ({
        id: row.id,
        label: accountLabel(row.platform_id, row.nickname),
        reason: 'paused' as const,
        detail: fillMsg(
          row.cooldown_reason === 'logged_out' ? Msg.aiPublishPausedLoggedOut : Msg.aiPublishPausedRateLimited,
          { until: formatServerTime(Number(row.cooldown_until)).slice(5, 16) },
        ),
      })),
    ];
    return {
      today: groupCounts(todayRows),
      week: groupCounts(weekRows),
      platforms: platformCounts(weekRows),
      upcoming: upcoming.rows.map((row) => ({
        job_id: row.id,
        batch_id: row.batch_id,
        batch_title: row.title,
        account: row.nickname,
        platform_name: PUBLISH_PLATFORM_NAMES[PUBLISH_PLATFORMS.find((p) => p === row.platform) ?? 'douyin'],
        run_at: formatServerTime(Number(row.run_at)),
      })),
      upcoming_count: upcoming.count,
      blocked: blocked.slice(0, TODO_ITEMS_MAX),
      blocked_count: unauthorized.count + paused.count,
      failed_batches: failed
        .slice(0, TODO_ITEMS_MAX)
        .map((row) => ({ batch_id: row.id, title: row.title, count: Number(row.n) })),
      unconfirmed_batches: unconfirmed.map((row) => ({ batch_id: row.id, title: row.title, count: Number(row.n) })),
      runners: {
        online: heartbeats.filter((r) => r.last_heartbeat !== null && now - r.last_heartbeat < RUNNER_ONLINE_MS).length,
        total: heartbeats.length,
      },
      account_count: footing.accounts,
      has_batches: footing.hasBatches,
      updated_at: formatServerTime(now),
    };
  }
}

function emptyCounts(): PublishGroupCounts {
  return { queued: 0, publishing: 0, published: 0, failed: 0, unconfirmed: 0 };
}

/** Adds one row's jobs to its group (a cancelled or unknown state counts nowhere). */
function add(counts: PublishGroupCounts, row: JobCount): void {
  const state = PUBLISH_STATES.find((s) => s === row.state);
  const group = state ? publishGroupOf(state) : null;
  if (group) {
    counts[group] += Number(row.n);
  }
}

function groupCounts(rows: readonly JobCount[]): PublishGroupCounts {
  const counts = emptyCounts();
  for (const row of rows) {
    add(counts, row);
  }
  return counts;
}

/** Per platform, in PUBLISH_PLATFORMS order; platforms with no job counted are left out. */
function platformCounts(rows: readonly JobCount[]): PublishPlatformCounts[] {
  return PUBLISH_PLATFORMS.map((platform) => {
    const counts = groupCounts(rows.filter((row) => row.platform === platform));
    return { platform, platform_name: PUBLISH_PLATFORM_NAMES[platform], ...counts };
  }).filter((row) => PUBLISH_GROUPS.some((group) => row[group] > 0));
}

function accountLabel(platformId: number, nickname: string): string {
  const platform = PLATFORMS.find((p) => p.id === platformId)?.name ?? '';
  return platform ? `${platform} · ${nickname}` : nickname;
}
