import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CLIP_OUTPUT_SIZE } from '@vidmatrix/contract/constants';
import {
  HARVEST_SCAN_INTERVAL_MAX_MS,
  HARVEST_SCAN_INTERVAL_MIN_MS,
  HARVEST_SCAN_INTERVAL_MS,
} from '@vidmatrix/contract/rules/harvest-pacing';
import { z } from 'zod';
import type { StorageConfig } from './storage/storage.ts';

/** The repository root: two levels above apps/server/src (and above apps/server/dist when built). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const harvestIntervalError = `must be whole seconds from ${HARVEST_SCAN_INTERVAL_MIN_MS / 1000} to ${HARVEST_SCAN_INTERVAL_MAX_MS / 1000}`;

/** An optional variable: unset, empty and blank all mean "not set". */
const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** An optional variable with a default. */
const withDefault = (fallback: string) => optional.transform((value) => value ?? fallback);

/** The environment variables the server reads, each parsed to its final type. */
export const envSchema = z.object({
  PORT: withDefault('8080')
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be an integer between 0 and 65535' })
        .int('must be an integer between 0 and 65535')
        .min(0, 'must be an integer between 0 and 65535')
        .max(65_535, 'must be an integer between 0 and 65535'),
    ),
  HOST: withDefault('127.0.0.1'),
  DATA_DIR: withDefault('./data').transform((dir) => path.resolve(dir)),
  DATABASE_URL: optional.pipe(z.url({ error: 'must be a postgres:// URL' }).optional()),
  REDIS_URL: optional.pipe(z.url({ error: 'must be a redis:// URL' }).optional()),
  REDIS_PREFIX: withDefault('vidmatrix'),
  DEMO_ACCOUNT: withDefault('demo'),
  DEMO_PASSWORD: optional,
  WEB_DIST: optional.transform((dir) => path.resolve(dir ?? path.join(repoRoot, 'apps/web/dist'))),
  LOG_LEVEL: withDefault('info').pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  TRUST_PROXY: optional.transform(parseTrustProxy),
  JOBS: withDefault('on').pipe(z.enum(['on', 'off'], { error: 'must be on or off' })),
  COURSE_VIDEOS: withDefault('on').pipe(z.enum(['on', 'off'], { error: 'must be on or off' })),
  FFMPEG_PATH: optional,
  FFPROBE_PATH: optional,
  CLIP_CONCURRENCY: withDefault(String(Math.max(1, Math.floor(availableParallelism() / 2))))
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be an integer from 1 to 64' })
        .int('must be an integer from 1 to 64')
        .min(1, 'must be an integer from 1 to 64')
        .max(64, 'must be an integer from 1 to 64'),
    ),
  STORAGE_DRIVER: withDefault('local').pipe(z.enum(['local', 's3'], { error: 'must be local or s3' })),
  S3_ENDPOINT: optional,
  S3_REGION: withDefault('us-east-1'),
  S3_BUCKET: withDefault(''),
  S3_ACCESS_KEY_ID: withDefault(''),
  S3_SECRET_ACCESS_KEY: withDefault(''),
  S3_PUBLIC_URL: withDefault(''),
  RUNNERS: withDefault('1')
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be an integer from 0 to 16' })
        .int('must be an integer from 0 to 16')
        .min(0, 'must be an integer from 0 to 16')
        .max(16, 'must be an integer from 0 to 16'),
    ),
  HARVEST_INTERVAL_S: withDefault(String(HARVEST_SCAN_INTERVAL_MS / 1000))
    .transform(Number)
    .pipe(
      z
        .number({ error: harvestIntervalError })
        .int(harvestIntervalError)
        .min(HARVEST_SCAN_INTERVAL_MIN_MS / 1000, harvestIntervalError)
        .max(HARVEST_SCAN_INTERVAL_MAX_MS / 1000, harvestIntervalError),
    ),
  RUNNER_CONNECTOR_BASE: optional.pipe(z.url({ error: 'must be an http(s) URL' }).optional()),
  // Subtitles from speech (media/clip/asr/create-transcriber.ts reads them; checked here at start).
  ASR_PROVIDER: optional.pipe(z.enum(['openai', 'sherpa'], { error: 'must be openai or sherpa' }).optional()),
  ASR_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ASR_API_KEY: optional,
  ASR_MODEL: optional,
  SHERPA_ASR_MODEL_DIR: optional,
  SHERPA_ASR_MODEL_TYPE: optional.pipe(
    z.enum(['sense_voice', 'paraformer'], { error: 'must be sense_voice or paraformer' }).optional(),
  ),
  // Portrait 9:16; a multiple of 32 keeps the width (height × 9/16) even, as x264 needs.
  CLIP_HEIGHT: withDefault(String(CLIP_OUTPUT_SIZE.height))
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be a multiple of 32 from 320 to 3840' })
        .int('must be a multiple of 32 from 320 to 3840')
        .min(320, 'must be a multiple of 32 from 320 to 3840')
        .max(3840, 'must be a multiple of 32 from 320 to 3840')
        .refine((height) => height % 32 === 0, 'must be a multiple of 32 from 320 to 3840'),
    ),
});

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
  /** REDIS_URL: shared rate limits, BullMQ jobs, websocket fan-out and cache drops across instances. */
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
  /**
   * JOBS: `on` (default) runs job handlers and schedules in this process; `off` only enqueues, for
   * API instances beside `npm run worker` processes sharing the queue (Redis, or the database).
   */
  jobs: 'on' | 'off';
  /** COURSE_VIDEOS: `on` (default) renders the seeded getting-started course's videos once; `off` skips it. */
  courseVideos: 'on' | 'off';
  /** FFMPEG_PATH: the ffmpeg binary (default: found on PATH, then the npm-shipped one). */
  ffmpegPath: string | undefined;
  /** FFPROBE_PATH: the ffprobe binary (default: found like ffmpeg). */
  ffprobePath: string | undefined;
  /** CLIP_CONCURRENCY: clip renders at once per process (default one per two cores). */
  clipConcurrency: number;
  /**
   * CLIP_HEIGHT: the height of clip task videos, 9:16 (default 1920, i.e. 1080×1920). A small server
   * can render 1280 (720×1280) at under half the CPU; the browser tests render 640. Its short side is
   * the size of a task that chooses no resolution, and the most any task's 720P/1080P renders at.
   */
  clipSize: { width: number; height: number };
  /**
   * RUNNERS: server runners this process starts when Chromium is found (default 1; 0: none). They
   * publish and authorize accounts for members whose level allows it, profiles under DATA_DIR/runner.
   */
  runners: number;
  /**
   * HARVEST_INTERVAL_S: seconds between two harvest passes over one account, before jitter (default 300,
   * the research's scan interval; 60 at least, a pass's page loads being heavy reads).
   */
  harvestIntervalMs: number;
  /** RUNNER_CONNECTOR_BASE: every connector's base URL + /<platform> (e.g. the platform sandbox); unset: the real sites. */
  runnerConnectorBase: string | undefined;
  /** STORAGE_DRIVER (local | s3) and S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL. */
  storage: StorageConfig;
}

/** Reads the configuration from `env` (process.env by default); throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    demoAccount: e.DEMO_ACCOUNT,
    demoPassword: e.DEMO_PASSWORD,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    jobs: e.JOBS,
    courseVideos: e.COURSE_VIDEOS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    clipConcurrency: e.CLIP_CONCURRENCY,
    clipSize: { width: (e.CLIP_HEIGHT / 16) * 9, height: e.CLIP_HEIGHT },
    runners: e.RUNNERS,
    harvestIntervalMs: e.HARVEST_INTERVAL_S * 1000,
    runnerConnectorBase: e.RUNNER_CONNECTOR_BASE?.replace(/\/$/, ''),
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL,
      },
    },
  };
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false' || raw === '0') {
    return false;
  }
  if (raw === 'true') {
    return true;
  }
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}
