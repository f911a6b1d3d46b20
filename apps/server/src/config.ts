import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStorageConfig } from './storage/create-storage.ts';
import type { StorageConfig } from './storage/storage.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Everything the server reads from the environment, parsed once. */
export interface Config {
  /** PORT: HTTP port (default 8080). */
  port: number;
  /** HOST: interface to bind (default 127.0.0.1; use 0.0.0.0 in containers). */
  host: string;
  /** DATA_DIR: where the SQLite file and local storage live (default ./data). */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL connection string; SQLite in DATA_DIR when unset. */
  databaseUrl: string | undefined;
  /** REDIS_URL: shared rate-limit counters (and later queues, pub/sub) across instances. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: names of this deployment's keys, queues and channels in Redis (default vidmatrix). */
  redisPrefix: string;
  /** DEMO_ACCOUNT: account of the member seeded on first start (default demo). */
  demoAccount: string;
  /** DEMO_PASSWORD: its password; when unset a random one is generated and logged once. */
  demoPassword: string | undefined;
  /** WEB_DIST: built web client served at `/` (default <repo>/apps/web/dist). */
  webDist: string;
  /** LOG_LEVEL: pino level (default info). */
  logLevel: string;
  /** TRUST_PROXY: `true`, a hop count, or a comma list of proxy addresses (default off). */
  trustProxy: boolean | number | string;
  /** STORAGE_DRIVER (local | s3) and S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL. */
  storage: StorageConfig;
}

/** Reads the configuration from `env` (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'vidmatrix',
    demoAccount: nonEmpty(env.DEMO_ACCOUNT) ?? 'demo',
    demoPassword: nonEmpty(env.DEMO_PASSWORD),
    webDist: path.resolve(nonEmpty(env.WEB_DIST) ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storage: loadStorageConfig(env),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  const port = Number(nonEmpty(value) ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${value}`);
  }
  return port;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const raw = nonEmpty(value);
  if (raw === undefined || raw === 'false' || raw === '0') {
    return false;
  }
  if (raw === 'true') {
    return true;
  }
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}
