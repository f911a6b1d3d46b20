import { likeContains } from '../../db/dialect.ts';
import type { Db } from '../../db/types.ts';

/** SQL of the publishing platforms (reference data seeded on first start). */
export class PlatformRepository {
  constructor(private readonly db: Db) {}

  /** Platforms whose name contains `search` (all when empty), in seeded order. */
  list(search: string) {
    let query = this.db.selectFrom('platform').select(['id', 'name', 'logo_url']).orderBy('sort').orderBy('id');
    if (search) {
      query = query.where(likeContains('name', search));
    }
    return query.execute();
  }
}
