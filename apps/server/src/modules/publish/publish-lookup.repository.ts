import type { Db } from '../../db/types.ts';

/** Other modules' rows a batch is made of: the member's materials and accounts, and the accounts' proxy codes. */
export class PublishLookupRepository {
  constructor(private readonly db: Db) {}

  /** Videos of the member among `ids`. */
  materials(memberId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('material')
      .select(['id', 'file_name', 'file_type', 'object_key', 'size', 'duration_ms'])
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Accounts of the member among `ids`. */
  accounts(memberId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('enterprise_account')
      .select(['id', 'nickname', 'platform_id', 'cookie_auth_status', 'access_status', 'ip_code'])
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Proxy codes of accounts. */
  async ipCodes(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('enterprise_account')
      .select(['id', 'ip_code'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.ip_code]));
  }
}
