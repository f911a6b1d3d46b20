// The e2e run's own PostgreSQL schema (when DATABASE_URL is set): created before the server starts,
// dropped in the global teardown. Plain JS so the webServer wrapper can use it without a loader.
import pg from 'pg';

/** DATABASE_URL with the schema as the connection's search_path. */
export function withSearchPath(url, schema) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function run(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ident = (schema) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`unsafe schema name ${schema}`);
  }
  return `"${schema}"`;
};

/** Creates the schema. */
export function createSchema(url, schema) {
  return run(url, `CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
}

/** Drops the schema and everything in it. */
export function dropSchema(url, schema) {
  return run(url, `DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
}
