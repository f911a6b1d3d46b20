import type { Db } from '../../db/types.ts';
import { dayMap as toMap, dayOf } from '../../db/day-sql.ts';

/** Aggregates of one member's matrix for the data screen: counts only, never rows. */
export class DataScreenRepository {
  constructor(private readonly db: Db) {}

  /** Accounts per platform and authorization status. */
  accountsByPlatform(memberId: number) {
    return this.db
      .selectFrom('enterprise_account')
      .innerJoin('platform', 'platform.id', 'enterprise_account.platform_id')
      .select([
        'platform.id as platform_id',
        'platform.name as platform_name',
        'enterprise_account.cookie_auth_status as status',
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('enterprise_account.member_id', '=', memberId)
      .groupBy(['platform.id', 'platform.name', 'enterprise_account.cookie_auth_status'])
      .orderBy('platform.id')
      .execute();
  }

  /** Materials per file type and the bytes they take. */
  materialsByType(memberId: number) {
    return this.db
      .selectFrom('material')
      .select(['file_type', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('size').as('bytes')])
      .where('member_id', '=', memberId)
      .groupBy('file_type')
      .execute();
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

  async leadsPerDay(memberId: number, since: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('lead')
      .select([dayOf('first_seen').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('member_id', '=', memberId)
      .where('first_seen', '>=', since)
      .groupBy(dayOf('first_seen'))
      .execute();
    return toMap(rows);
  }

  async messagesPerDay(memberId: number, since: number, direction: 'in' | 'out'): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('chat_message')
      .select([dayOf('sent_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('member_id', '=', memberId)
      .where('direction', '=', direction)
      .where('sent_at', '>=', since)
      .groupBy(dayOf('sent_at'))
      .execute();
    return toMap(rows);
  }

  /** Publish jobs that ended in one of `states`, per day of their last change. */
  async publishesPerDay(memberId: number, since: number, states: readonly string[]): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('publish_job')
      .select([dayOf('updated_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('member_id', '=', memberId)
      .where('state', 'in', states)
      .where('updated_at', '>=', since)
      .groupBy(dayOf('updated_at'))
      .execute();
    return toMap(rows);
  }
}
