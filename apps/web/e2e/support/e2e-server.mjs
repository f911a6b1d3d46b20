// Playwright's webServer starts before globalSetup, so the PostgreSQL schema is created here, just
// before the server, and DATABASE_URL points into it; global-teardown drops it.
import { spawn } from 'node:child_process';
import { createSchema, withSearchPath } from './pg-schema.mjs';

const env = { ...process.env };
const schema = process.env.E2E_PG_SCHEMA;
if (process.env.DATABASE_URL && schema) {
  await createSchema(process.env.DATABASE_URL, schema);
  env.DATABASE_URL = withSearchPath(process.env.DATABASE_URL, schema);
}

const server = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
