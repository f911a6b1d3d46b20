// Playwright's webServer starts before globalSetup, so the PostgreSQL schema is created here, just
// before the server, and DATABASE_URL points into it; global-teardown drops it. With
// E2E_STORAGE=s3 the server stores objects in a bucket of an s3rver started here, on a free port,
// with its files under DATA_DIR (removed by global-teardown with the rest).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { startLlmImitation } from '@vidmatrix/fixtures';
import { createSchema, withSearchPath } from './pg-schema.mjs';

const BUCKET = 'vidmatrix-e2e';

const env = { ...process.env };
const schema = process.env.E2E_PG_SCHEMA;
if (process.env.DATABASE_URL && schema) {
  await createSchema(process.env.DATABASE_URL, schema);
  env.DATABASE_URL = withSearchPath(process.env.DATABASE_URL, schema);
}

let s3;
if (process.env.E2E_STORAGE === 's3') {
  const directory = join(process.env.DATA_DIR ?? '.', 's3rver');
  mkdirSync(directory, { recursive: true });
  // The browser reads objects cross-origin: library images fetched for cropping need CORS, as a real
  // bucket would need it for the client's origin.
  const cors = `<CORSConfiguration><CORSRule>
    <AllowedOrigin>http://127.0.0.1:${process.env.PORT}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader>
  </CORSRule></CORSConfiguration>`;
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [cors] }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(env, {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `${endpoint}/${BUCKET}/`,
  });
}

// No language model is reachable here: the clip script writer talks to a local imitation of an
// OpenAI-compatible service for the run (LLM_BASE_URL given from outside wins).
let llm;
if (!env.LLM_BASE_URL) {
  llm = await startLlmImitation();
  Object.assign(env, { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'e2e', LLM_MODEL: 'e2e-imitation' });
}

const server = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  void Promise.all([s3?.close(), llm?.close()]).finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
