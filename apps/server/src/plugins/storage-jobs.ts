import fastifyStatic from '@fastify/static';
import { MemoryLocker, type Locker } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { RedisFactory } from '../lib/redis.ts';
import { RedisLocker } from '../lib/redis-locker.ts';
import { contentTypeOf } from '../storage/content-type.ts';
import { LOCAL_PUBLIC_BASE, LocalStorageDriver } from '../storage/local-driver.ts';
import { PRIVATE_STORAGE_PREFIX } from '../storage/storage.ts';
import type { StorageDriver } from '../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Object storage (local disk or an S3-compatible bucket). */
    storage: StorageDriver;
    /** Background jobs (embedded DB queue, or BullMQ with REDIS_URL); see src/jobs/job-queue.ts. */
    jobs: JobQueue;
    /** Locks of tus uploads: in Redis across instances with REDIS_URL, in memory otherwise. */
    tusLocker: Locker;
  }
}

/**
 * Decorates the app with `storage`, `jobs` and `tusLocker` and serves local objects at /storage/ (range
 * requests, content type by extension, nosniff). The queue closes with the app; whether this process
 * also runs jobs is decided by the caller (JOBS).
 */
export async function setupStorageAndJobs(
  app: FastifyInstance,
  options: { config: Config; storage: StorageDriver; jobs: JobQueue; redis: RedisFactory | undefined },
): Promise<void> {
  const { storage, jobs } = options;
  app.decorate('storage', storage);
  app.decorate('jobs', jobs);
  app.decorate('tusLocker', await createTusLocker(options.config, options.redis));

  if (storage instanceof LocalStorageDriver) {
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: LOCAL_PUBLIC_BASE,
      decorateReply: false,
      acceptRanges: true,
      cacheControl: false,
      dotfiles: 'deny',
      // Private objects (e.g. publish screenshots) are read through member-checked routes only.
      allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith(PRIVATE_STORAGE_PREFIX),
      setHeaders(res, filePath) {
        res.setHeader('content-type', contentTypeOf(filePath));
        res.setHeader('x-content-type-options', 'nosniff');
        // Object names are random and never rewritten: safe to cache for long.
        res.setHeader('cache-control', 'public, max-age=604800');
      },
    });
  }

  app.addHook('onClose', async () => {
    await jobs.close();
  });
}

/** A Redis locker shared by every instance when REDIS_URL is set; tus's memory locker otherwise. */
async function createTusLocker(config: Config, redis: RedisFactory | undefined): Promise<Locker> {
  if (!redis) {
    return new MemoryLocker();
  }
  const locker = new RedisLocker(redis.connect('tus-locker'), redis.connect('tus-locker-sub'), config.redisPrefix);
  await locker.start();
  return locker;
}
