import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLocker } from '../src/lib/redis-locker.ts';

const redisUrl = process.env.REDIS_URL;
const connections: Redis[] = [];

/** One server instance's locker: its own connections, the deployment's shared prefix. */
async function instance(prefix: string, acquireTimeoutMs?: number): Promise<RedisLocker> {
  const redis = new Redis(redisUrl ?? '');
  const subscriber = redis.duplicate();
  connections.push(redis, subscriber);
  const locker = new RedisLocker(redis, subscriber, prefix, acquireTimeoutMs);
  await locker.start();
  return locker;
}

afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});

describe.skipIf(!redisUrl)('tus Redis locker across instances', () => {
  it('hands an upload to the newer request after the holder on another instance releases it', async () => {
    const prefix = `test-tus-${randomBytes(4).toString('hex')}`;
    const [a, b] = [await instance(prefix), await instance(prefix)];
    const held = a.newLock('media/upload1');
    const events: string[] = [];
    // The holder's release callback is what tus wires to cancelling the older request.
    await held.lock(new AbortController().signal, async () => {
      events.push('asked');
      await held.unlock();
    });
    await b.newLock('media/upload1').lock(new AbortController().signal, () => undefined);
    events.push('acquired');
    expect(events).toEqual(['asked', 'acquired']);
    // Other uploads are not blocked.
    await a.newLock('media/upload2').lock(new AbortController().signal, () => undefined);
  });

  it('fails with a lock timeout while the holder keeps the upload', async () => {
    const prefix = `test-tus-${randomBytes(4).toString('hex')}`;
    const [a, b] = [await instance(prefix), await instance(prefix, 200)];
    const held = a.newLock('media/upload');
    await held.lock(new AbortController().signal, () => undefined);
    await expect(b.newLock('media/upload').lock(new AbortController().signal, () => undefined)).rejects.toMatchObject(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    await held.unlock();
    await b.newLock('media/upload').lock(new AbortController().signal, () => undefined);
  });
});
