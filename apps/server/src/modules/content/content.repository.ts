import type { ContentKind } from '@vidmatrix/contract/api/content';
import type { Db } from '../../db/types.ts';

/** A stored document: its kind's front matter still as JSON text. */
export interface ContentRow {
  kind: string;
  slug: string;
  title: string;
  body: string;
  meta: string;
  sort: number;
  updated_at: number;
}

/** SQL of the content documents, level prices, agreements and upgrade requests. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  /** Every document of the kinds, in sort order then slug. */
  async list(kinds: readonly ContentKind[]): Promise<ContentRow[]> {
    if (kinds.length === 0) {
      return [];
    }
    return this.db
      .selectFrom('content_doc')
      .select(['kind', 'slug', 'title', 'body', 'meta', 'sort', 'updated_at'])
      .where('kind', 'in', kinds)
      .orderBy('sort')
      .orderBy('slug')
      .execute();
  }

  /** One document, or undefined. */
  async find(kind: ContentKind, slug: string): Promise<ContentRow | undefined> {
    return this.db
      .selectFrom('content_doc')
      .select(['kind', 'slug', 'title', 'body', 'meta', 'sort', 'updated_at'])
      .where('kind', '=', kind)
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /** Inserts or replaces a document by (kind, slug). */
  async upsert(row: ContentRow): Promise<void> {
    await this.db
      .insertInto('content_doc')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['kind', 'slug']).doUpdateSet({
          title: row.title,
          body: row.body,
          meta: row.meta,
          sort: row.sort,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Inserts a document unless one with its (kind, slug) exists (the seed never overwrites an operator's edit). */
  async insertMissing(row: ContentRow): Promise<void> {
    await this.db
      .insertInto('content_doc')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'slug']).doNothing())
      .execute();
  }

  /** Number of documents of a kind. */
  async count(kind: ContentKind): Promise<number> {
    const row = await this.db
      .selectFrom('content_doc')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The levels with their quotas, price and features, in sort order. */
  async levels() {
    return this.db
      .selectFrom('level')
      .select(['id', 'name', 'account_num', 'space_storage', 'material_retention_days', 'price', 'features', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Sets a level's price and features (seed and import). */
  async setLevelOffer(levelId: number, price: number, features: string): Promise<void> {
    await this.db.updateTable('level').set({ price, features }).where('id', '=', levelId).execute();
  }

  /** A member's level id, or undefined. */
  async memberLevelId(memberId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('level_user')
      .select('level_id')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.level_id;
  }

  /** Records an upgrade request; returns its id. */
  async insertUpgradeRequest(memberId: number, levelId: number, remark: string, at: number): Promise<number> {
    const row = await this.db
      .insertInto('level_upgrade_request')
      .values({ member_id: memberId, level_id: levelId, remark, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Pending upgrade requests with the member's account and the level's name, oldest first (operator CLI). */
  async pendingUpgradeRequests() {
    return this.db
      .selectFrom('level_upgrade_request as r')
      .innerJoin('member as m', 'm.id', 'r.member_id')
      .innerJoin('level as l', 'l.id', 'r.level_id')
      .select(['r.id', 'm.account', 'l.name as level_name', 'r.level_id', 'r.remark', 'r.created_at'])
      .where('r.status', '=', 'pending')
      .orderBy('r.id')
      .execute();
  }

  /** Marks an upgrade request handled. */
  async closeUpgradeRequest(id: number, status: 'done' | 'rejected'): Promise<boolean> {
    const result = await this.db
      .updateTable('level_upgrade_request')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The agreement version a member agreed to, or undefined. */
  async agreedVersion(memberId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('member_agreement')
      .select('version')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.version;
  }

  /** Records that a member agreed to `version`. */
  async agree(memberId: number, version: string, at: number): Promise<void> {
    await this.db
      .insertInto('member_agreement')
      .values({ member_id: memberId, version, agreed_at: at })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ version, agreed_at: at }))
      .execute();
  }
}
