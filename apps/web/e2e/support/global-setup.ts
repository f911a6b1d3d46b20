import pg from 'pg';

/** Checks each e2e server runs in its own PostgreSQL schema (created by e2e-server.mjs before it started). */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const schemas = [process.env.E2E_PG_SCHEMA, process.env.E2E_S3_PG_SCHEMA].filter((s): s is string => Boolean(s));
  if (!url || schemas.length === 0) {
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) {
      const found = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
      if (found.rowCount !== 1) {
        throw new Error(`e2e schema ${schema} was not created`);
      }
    }
  } finally {
    await client.end();
  }
}
