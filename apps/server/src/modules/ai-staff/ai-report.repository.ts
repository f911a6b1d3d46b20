import { sql } from 'kysely';
import { dayMap, dayOf, dayOfExpression } from '../../db/day-sql.ts';
import type { Db } from '../../db/types.ts';

/** When a post counts: the submit (a post made), else its last change (a job that failed before it). */
const postedAt = sql`coalesce(submitted_at, updated_at)`;

/** Final publish states the daily report counts as a post's outcome. */
const POST_OUTCOMES = ['published', 'platform_scheduled', 'rejected', 'failed'] as const;

/** One member's figures for the AI数据员工's daily report: aggregates only, every query by member_id. */
export class AiReportRepository {
  constructor(private readonly db: Db) {}

  /** Posts that ended in [from, to), per platform, state and the platform's review state. */
  postOutcomes(memberId: number, from: number, to: number) {
    return this.db
      .selectFrom('publish_job')
      .select(['platform', 'state', 'review_state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('member_id', '=', memberId)
      .where('state', 'in', POST_OUTCOMES)
      .where(postedAt, '>=', from)
      .where(postedAt, '<', to)
      .groupBy(['platform', 'state', 'review_state'])
      .execute();
  }

  /** Posts in `states` per day from `from` on. */
  async postsPerDay(memberId: number, from: number, states: readonly string[]): Promise<Map<number, number>> {
    const day = dayOfExpression(postedAt);
    const rows = await this.db
      .selectFrom('publish_job')
      .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('member_id', '=', memberId)
      .where('state', 'in', states)
      .where(postedAt, '>=', from)
      .groupBy(day)
      .execute();
    return dayMap(rows);
  }

  async leadsPerDay(memberId: number, from: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('lead')
      .select([dayOf('first_seen').as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('member_id', '=', memberId)
      .where('first_seen', '>=', from)
      .groupBy(dayOf('first_seen'))
      .execute();
    return dayMap(rows);
  }

  /** Messages received ('in'), or replies that went out or are going ('out': drafts and failed sends left out). */
  async messagesPerDay(memberId: number, from: number, direction: 'in' | 'out'): Promise<Map<number, number>> {
    let query = this.db
      .selectFrom('chat_message')
      .select([dayOf('sent_at').as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('member_id', '=', memberId)
      .where('direction', '=', direction)
      .where('sent_at', '>=', from);
    if (direction === 'out') {
      query = query.where('delivery_status', '!=', 'failed').where('approval', '=', '');
    }
    const rows = await query.groupBy(dayOf('sent_at')).execute();
    return dayMap(rows);
  }

  /** Bytes of the materials added per day (deleted ones are gone from the table). */
  async bytesAddedPerDay(memberId: number, from: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('material')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.sum<number | string>('size').as('n')])
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .groupBy(dayOf('created_at'))
      .execute();
    return dayMap(rows);
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
