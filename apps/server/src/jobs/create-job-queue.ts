import type { Db } from '../db/types.ts';
import type { RedisFactory } from '../lib/redis.ts';
import { BullJobQueue } from './bullmq-queue.ts';
import { EmbeddedJobQueue } from './embedded-queue.ts';
import type { JobLogger, JobQueue } from './job-queue.ts';

/** Key prefix of the BullMQ queues: API and workers of one deployment share it (tests use their own namespace). */
export function jobPrefixOf(config: { redisPrefix: string }, namespace?: string): string {
  return `jobs-${namespace ?? config.redisPrefix}`;
}

/** BullMQ when REDIS_URL is set, the embedded DB-backed queue otherwise; failures go to `log`. */
export function createJobQueue(options: {
  db: Db;
  redis: RedisFactory | undefined;
  prefix?: string;
  log: JobLogger;
}): JobQueue {
  return options.redis
    ? new BullJobQueue(options.redis.connect('jobs', { bullmq: true }), options.prefix, options.log)
    : new EmbeddedJobQueue(options.db, options.log);
}
