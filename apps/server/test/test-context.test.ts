import { redisKeys } from '@vidmatrix/fixtures';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createTestApp, login } from './helpers.ts';
import { memberIdOf } from './publish-helpers.ts';
import { socketUrl, TestSocket } from './realtime-helpers.ts';
import { childEnv } from './server-process.ts';

const redisUrl = process.env.REDIS_URL;

// Test runs share one Redis (CI's, a developer's): each test's queues must go with it.
describe.skipIf(!redisUrl)('a test context on Redis', () => {
  it("deletes its queues' keys and its children's when it closes", async () => {
    const ctx = await createTestApp();
    childEnv(ctx, 'context-test');
    const redis = new Redis(redisUrl ?? '');
    try {
      const [appJobs, rateLimits, own, child, childJobs] = ctx.redisKeyPrefixes;
      // The app's scheduled sweeps are BullMQ job schedulers: keys exist once it is ready.
      expect(await redisKeys(redisUrl ?? '', appJobs ?? '-')).not.toEqual([]);
      // A child server writes under its own prefix: stand in for one.
      await redis.set(`${child}:member-cache`, '1');
      await redis.set(`${childJobs}:media:meta`, '1');
      await redis.set(`${rateLimits}127.0.0.1`, '1');
      await redis.set(`${own}tus-lock`, '1');
      await ctx.close();
      for (const prefix of ctx.redisKeyPrefixes) {
        expect(await redisKeys(redisUrl ?? '', prefix), prefix).toEqual([]);
      }
    } finally {
      redis.disconnect();
    }
  });

  it("never hands one file's socket frames to another file's member of the same id", async () => {
    // Two test files side by side: each schema seeds its own demo member, with the same id.
    const [a, b] = [await createTestApp(), await createTestApp()];
    const subscriber = new Redis(redisUrl ?? '');
    const publisher = new Redis(redisUrl ?? '');
    let socket: TestSocket | undefined;
    try {
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const demo = await memberIdOf(a.db, 'demo');
      expect(await memberIdOf(b.db, 'demo')).toBe(demo);
      socket = await TestSocket.bound(socketUrl(b.app), demo, (await login(b.app)).ApiToken);

      // A's frame has reached Redis once a subscriber of A's channel holds it; Redis has then written
      // it to every subscriber of that channel, before anything published after it.
      const seenByRedis = new Promise<void>((resolve) => subscriber.on('message', () => resolve()));
      await subscriber.subscribe(`${a.config.redisPrefix}:ws`);
      a.app.realtime.publish(demo, { type: 'message', data: { msg: 'from-a' } });
      await seenByRedis;
      // A marker through B's own channel, from a third instance: B's socket gets it after anything earlier.
      const marker = { type: 'message', data: { msg: 'marker' } };
      await publisher.publish(`${b.config.redisPrefix}:ws`, `elsewhere|${demo}|${JSON.stringify(marker)}`);
      await socket.next('message', (f) => f.data.msg === 'marker');

      expect(socket.frames.filter((f) => f.type === 'message').map((f) => f.data.msg)).toEqual(['marker']);
    } finally {
      socket?.ws.close();
      subscriber.disconnect();
      publisher.disconnect();
      await a.close();
      await b.close();
    }
  });
});
