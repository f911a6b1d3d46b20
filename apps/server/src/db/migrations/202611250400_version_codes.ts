import { sql, type Kysely } from 'kysely';

/**
 * The first seed stored version 1.0.0 as code 100; codes derive from the name (contract
 * rules/version-code: 1.0.0 → 10000), as the desktop counts its own. Renumbers that seeded row
 * where the platform has no 10000 row yet (a later seed or release may have added one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update client_version set version_code = 10000
    where version_code = 100 and version_name = '1.0.0'
      and not exists (select 1 from client_version later where later.platform = client_version.platform and later.version_code = 10000)
  `.execute(db);
}
