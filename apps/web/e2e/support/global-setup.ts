import pg from 'pg';

/** Checks the e2e server runs in its own PostgreSQL schema (created by e2e-server.mjs before it started). */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const schema = process.env.E2E_PG_SCHEMA;
  if (!url || !schema) {
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
    if (found.rowCount !== 1) {
      throw new Error(`e2e schema ${schema} was not created`);
    }
  } finally {
    await client.end();
  }
}
