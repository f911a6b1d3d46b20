import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';

/** SQL of the health check. */
export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** A round trip to the database. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
