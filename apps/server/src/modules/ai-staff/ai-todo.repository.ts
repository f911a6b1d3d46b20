import { TODO_ITEMS_MAX } from '@vidmatrix/contract/api/ai-staff';
import type { Db } from '../../db/types.ts';
import { PLATFORM_REFUSALS } from '../publish/failure-reasons.ts';

/** Lead statuses still open: a customer of these waits for an answer. */
const OPEN_LEADS = ['new', 'contacted'] as const;

/**
 * The state the AI运营员工 builds its to-do list from; every query is limited to one member's rows
 * (runners: the member's own, and the server's when the member's level lets them serve it).
 */
export class AiTodoRepository {
  constructor(private readonly db: Db) {}

  private accountsToAuthorize(memberId: number) {
    return this.db
      .selectFrom('enterprise_account')
      .where('member_id', '=', memberId)
      .where('cookie_auth_status', '!=', 1);
  }

  /** Accounts not authorized (never, or expired): how many, and the first few. */
  async reauthorize(memberId: number) {
    const [count, rows] = await Promise.all([
      this.accountsToAuthorize(memberId)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst(),
      this.accountsToAuthorize(memberId)
        .select(['id', 'nickname', 'platform_id', 'cookie_auth_status'])
        .orderBy('cookie_auth_status', 'desc')
        .orderBy('id')
        .limit(TODO_ITEMS_MAX)
        .execute(),
    ]);
    return { count: Number(count?.n ?? 0), rows };
  }

  /** The member's batches with jobs in `state`, and how many each has, newest batch first. */
  private jobsPerBatch(memberId: number, state: 'failed' | 'unconfirmed') {
    return this.db
      .selectFrom('publish_job')
      .innerJoin('publish_batch', 'publish_batch.id', 'publish_job.batch_id')
      .select(['publish_batch.id', 'publish_batch.title', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('publish_job.member_id', '=', memberId)
      .where('publish_job.state', '=', state)
      .groupBy(['publish_batch.id', 'publish_batch.title'])
      .orderBy('publish_batch.id', 'desc');
  }

  /** Failed publish jobs a retry would queue again (retryFailed's rule), per batch, newest batch first. */
  publishFailedByBatch(memberId: number) {
    return this.jobsPerBatch(memberId, 'failed')
      .where((eb) =>
        eb.or([eb('publish_job.submit_clicked', '=', 0), eb('publish_job.error_reason', 'in', [...PLATFORM_REFUSALS])]),
      )
      .execute();
  }

  /** Batches with unconfirmed jobs, and how many each has, newest batch first (the first few). */
  unconfirmedByBatch(memberId: number) {
    return this.jobsPerBatch(memberId, 'unconfirmed').limit(TODO_ITEMS_MAX).execute();
  }

  /** Clip tasks with failed videos and nothing rendering any more, newest first. */
  clipFailed(memberId: number) {
    return this.db
      .selectFrom('clip_task')
      .select(['id', 'name', 'failed'])
      .where('member_id', '=', memberId)
      .where('failed', '>', 0)
      .where('status', 'not in', ['queued', 'running'])
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Platforms whose pages a runner serving the member found changed (its last check), with the elements
   * it missed; only platforms the member has accounts on.
   */
  driftChanged(memberId: number, platformIds: readonly number[]) {
    if (platformIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('runner_drift')
      .innerJoin('runner', 'runner.id', 'runner_drift.runner_id')
      .select(['runner_drift.platform', 'runner_drift.missing', 'runner_drift.checked_at'])
      .where('runner.revoked_at', 'is', null)
      .where('runner_drift.state', '=', 'changed')
      .where((eb) =>
        eb.or([
          eb('runner.member_id', '=', memberId),
          eb.and([
            eb('runner.member_id', 'is', null),
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
      .orderBy('runner_drift.checked_at', 'desc')
      .execute();
  }

  /** The platform ids the member has accounts on. */
  async accountPlatforms(memberId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('enterprise_account')
      .select('platform_id')
      .distinct()
      .where('member_id', '=', memberId)
      .execute();
    return rows.map((row) => row.platform_id);
  }

  private leadsWaiting(memberId: number) {
    return (
      this.db
        .selectFrom('lead')
        .innerJoin('conversation', 'conversation.id', 'lead.conversation_id')
        .where('lead.member_id', '=', memberId)
        .where('conversation.member_id', '=', memberId)
        .where('lead.status', 'in', OPEN_LEADS)
        // A customer message with no reply at or after it (drafts, discarded and failed sends are no reply).
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('chat_message as i')
              .select('i.id')
              .whereRef('i.conversation_id', '=', 'lead.conversation_id')
              .where('i.direction', '=', 'in')
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom('chat_message as o')
                      .select('o.id')
                      .whereRef('o.conversation_id', '=', 'i.conversation_id')
                      .where('o.direction', '=', 'out')
                      .where('o.delivery_status', '!=', 'failed')
                      .where('o.approval', '=', '')
                      .whereRef('o.sent_at', '>=', 'i.sent_at'),
                  ),
                ),
              ),
          ),
        )
    );
  }

  /** Open leads whose customer's last message has no reply: how many, and the longest waiting first. */
  async leadWaiting(memberId: number) {
    const [count, rows] = await Promise.all([
      this.leadsWaiting(memberId)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst(),
      this.leadsWaiting(memberId)
        .select([
          'lead.conversation_id',
          'lead.value',
          'conversation.customer_name',
          'conversation.last_in_content',
          'conversation.last_time',
        ])
        .orderBy('conversation.last_time')
        .orderBy('lead.id')
        .limit(TODO_ITEMS_MAX)
        .execute(),
    ]);
    return { count: Number(count?.n ?? 0), rows };
  }

  /** The level's space limit and the space the member uses. */
  space(memberId: number) {
    return this.db
      .selectFrom('level_user')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select(['level.space_storage as limit', 'level_user.space_storage as used'])
      .where('level_user.member_id', '=', memberId)
      .executeTakeFirst();
  }
}
