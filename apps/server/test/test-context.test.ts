import { redisKeys } from '@vidmatrix/fixtures';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { childEnv } from './server-process.ts';

const redisUrl = process.env.REDIS_URL;

// Test runs share one Redis (CI's, a developer's): each test's queues must go with it.
describe.skipIf(!redisUrl)('a test context on Redis', () => {
  it("deletes its queues' keys and its children's when it closes", async () => {
    const ctx = await createTestApp();
    childEnv(ctx, 'context-test');
    const redis = new Redis(redisUrl ?? '');
    try {
      const [appJobs, rateLimits, child, childJobs] = ctx.redisKeyPrefixes;
      // The app's scheduled sweeps are BullMQ job schedulers: keys exist once it is ready.
      expect(await redisKeys(redisUrl ?? '', appJobs ?? '-')).not.toEqual([]);
      // A child server writes under its own prefix: stand in for one.
      await redis.set(`${child}:member-cache`, '1');
      await redis.set(`${childJobs}:media:meta`, '1');
      await redis.set(`${rateLimits}127.0.0.1`, '1');
      await ctx.close();
      for (const prefix of ctx.redisKeyPrefixes) {
        expect(await redisKeys(redisUrl ?? '', prefix), prefix).toEqual([]);
      }
    } finally {
      redis.disconnect();
    }
  });
});
