import { PUBLISH_UPCOMING_MAX, TODO_ITEMS_MAX } from '@vidmatrix/contract/api/ai-staff';
import type { Db } from '../../db/types.ts';

/** Job states of posts still waiting to run. */
const WAITING = ['scheduled', 'queued'] as const;
/** Job states that are no group's current work once moved: counted only when moved within the period. */
const FINISHED = ['published', 'platform_scheduled', 'rejected', 'failed', 'cancelled'] as const;

/**
 * The state the AI发布员工 sums up for one member; every query is limited to that member's rows
 * (runners: its own, and the server's when its level lets them serve it).
 */
export class AiPublishRepository {
  constructor(private readonly db: Db) {}

  /** Jobs per state and platform: every open job, and the finished ones moved at or after `since`. */
  jobCounts(memberId: number, since: number) {
    return this.db
      .selectFrom('publish_job')
      .select(['state', 'platform', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('state', 'not in', [...FINISHED]), eb('updated_at', '>=', since)]))
      .groupBy(['state', 'platform'])
      .execute();
  }

  private waiting(memberId: number) {
    return this.db
      .selectFrom('publish_job')
      .where('publish_job.member_id', '=', memberId)
      .where('publish_job.state', 'in', [...WAITING]);
  }

  /** Posts waiting to run: how many, and the soonest few with their batch and account. */
  async upcoming(memberId: number) {
    const [count, rows] = await Promise.all([
      this.waiting(memberId)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst(),
      this.waiting(memberId)
        .innerJoin('publish_batch', 'publish_batch.id', 'publish_job.batch_id')
        .innerJoin('enterprise_account', 'enterprise_account.id', 'publish_job.enterprise_account_id')
        .select([
          'publish_job.id',
          'publish_job.batch_id',
          'publish_job.platform',
          'publish_job.run_at',
          'publish_batch.title',
          'enterprise_account.nickname',
        ])
        .orderBy('publish_job.run_at')
        .orderBy('publish_job.id')
        .limit(PUBLISH_UPCOMING_MAX)
        .execute(),
    ]);
    return { count: Number(count?.n ?? 0), rows };
  }

  private paused(memberId: number, now: number) {
    return this.db
      .selectFrom('publish_account_health as h')
      .innerJoin('enterprise_account as a', 'a.id', 'h.enterprise_account_id')
      .where('h.member_id', '=', memberId)
      .where('a.member_id', '=', memberId)
      .where('a.cookie_auth_status', '=', 1)
      .where('h.cooldown_until', '>', now);
  }

  /** Authorized accounts paused after a risk signal until a time still ahead: how many, the first few. */
  async pausedAccounts(memberId: number, now: number) {
    const [count, rows] = await Promise.all([
      this.paused(memberId, now)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst(),
      this.paused(memberId, now)
        .select(['a.id', 'a.nickname', 'a.platform_id', 'h.cooldown_until', 'h.cooldown_reason'])
        .orderBy('h.cooldown_until')
        .orderBy('a.id')
        .limit(TODO_ITEMS_MAX)
        .execute(),
    ]);
    return { count: Number(count?.n ?? 0), rows };
  }

  /** The last heartbeat of every runner that publishes for the member (null: never seen). */
  runnerHeartbeats(memberId: number) {
    return this.db
      .selectFrom('runner')
      .select('last_heartbeat')
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('member_id', '=', memberId),
          eb.and([
            eb('member_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('level_user')
                .innerJoin('level', 'level.id', 'level_user.level_id')
                .select('level.id')
                .where('level_user.member_id', '=', memberId)
                .where('level.server_runners', '=', 1),
            ),
          ]),
        ]),
      )
      .execute();
  }

  /** How many accounts the member has, and whether it ever made a batch. */
  async footing(memberId: number) {
    const [accounts, batch] = await Promise.all([
      this.db
        .selectFrom('enterprise_account')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirst(),
      this.db.selectFrom('publish_batch').select('id').where('member_id', '=', memberId).limit(1).executeTakeFirst(),
    ]);
    return { accounts: Number(accounts?.n ?? 0), hasBatches: batch !== undefined };
  }
}
