import path from 'node:path';
import pino from 'pino';
import { compose, registerJobs, startJobs } from './compose.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createJobQueue, jobPrefixOf } from './jobs/create-job-queue.ts';
import { createRedisFactory } from './lib/redis.ts';
import { discoverMediaTools } from './media/ffmpeg-discovery.ts';
import { LocalConnector } from './modules/customer/connector.ts';
import { defaultRealtimeOptions, RealtimeHub, type RealtimePublisher } from './realtime/hub.ts';
import { createStorage } from './storage/create-storage.ts';

// The jobs-only process (`npm run worker`): the same composition as the API, job handlers and
// schedules, no HTTP listener. It shares the queue with API instances started with JOBS=off:
// BullMQ with REDIS_URL, otherwise the `job` table of the shared database.

const config = loadConfig();
const log = pino({ level: config.logLevel });

const db = connectDatabase(config);
const applied = await migrateToLatest(db);
log.info({ applied, database: config.databaseUrl ? 'postgres' : 'sqlite' }, 'Database migrated');

const storage = createStorage(config.storage, config.dataDir, db);
const redis = config.redisUrl ? createRedisFactory(config.redisUrl, log) : undefined;
const jobs = createJobQueue({ db, redis, prefix: jobPrefixOf(config), log });

// Frames a job publishes reach the API instances' sockets through Redis; without Redis there is no
// path from this process to them (the embedded default runs jobs inside the API process instead).
const hub = redis
  ? new RealtimeHub(
      () => Promise.reject(new Error('the worker accepts no sockets')),
      log,
      { ...defaultRealtimeOptions, channel: `${config.redisPrefix}:ws` },
      { pub: redis.connect('realtime-pub'), sub: redis.connect('realtime-sub') },
    )
  : undefined;
await hub?.start();
const realtime: RealtimePublisher = hub ?? { publish: () => undefined };

const services = compose({
  db,
  now: Date.now,
  storage,
  jobs,
  mediaTools: await discoverMediaTools(config, log),
  clip: {
    concurrency: config.clipConcurrency,
    workDir: path.join(config.dataDir, 'clip'),
    output: { size: config.clipSize },
    log,
  },
  realtime,
  messageConnector: new LocalConnector(),
  log,
});
const schedules = registerJobs(jobs, services);
await startJobs(jobs, schedules);
log.info({ queue: config.redisUrl ? 'bullmq' : 'embedded', schedules: schedules.length }, 'Worker ready');

async function shutdown(signal: string): Promise<void> {
  log.info({ signal }, 'Worker shutting down');
  await jobs.close();
  await hub?.stop();
  await redis?.closeAll();
  await db.destroy();
  process.exit(0);
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));
