import type { Db } from '../db/types.ts';
import { BullJobQueue } from './bullmq-queue.ts';
import { EmbeddedJobQueue } from './embedded-queue.ts';
import type { JobQueue } from './job-queue.ts';

/** BullMQ when REDIS_URL is set, the embedded DB-backed queue otherwise. */
export function createJobQueue(options: { db: Db; redisUrl: string | undefined; prefix?: string }): JobQueue {
  return options.redisUrl ? new BullJobQueue(options.redisUrl, options.prefix) : new EmbeddedJobQueue(options.db);
}
