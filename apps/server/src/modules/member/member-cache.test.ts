import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemberCache } from './member-cache.ts';

const redisUrl = process.env.REDIS_URL;

describe('MemberCache', () => {
  it('forgets the sessions of one member only', () => {
    const cache = new MemberCache(() => 0);
    cache.sessions.set('a', { memberId: 1, sessionId: 's1', expiresAt: 10 }, cache.sessions.generation);
    cache.sessions.set('b', { memberId: 2, sessionId: 's2', expiresAt: 10 }, cache.sessions.generation);
    cache.dropSessions(1);
    expect(cache.sessions.get('a')).toBeUndefined();
    expect(cache.sessions.get('b')?.memberId).toBe(2);
  });

  describe.skipIf(!redisUrl)('linked through Redis', () => {
    const redis = redisUrl ? [new Redis(redisUrl), new Redis(redisUrl)] : [];
    const unlinks: (() => Promise<void>)[] = [];
    afterAll(async () => {
      await Promise.all(unlinks.map((unlink) => unlink()));
      await Promise.all(redis.map((r) => r.quit()));
    });

    it('drops on the other instances what one instance drops', async () => {
      const channel = `test-member-cache-${randomBytes(6).toString('hex')}`;
      const [one, two] = [new MemberCache(() => 0), new MemberCache(() => 0)];
      const fail = (err: unknown) => {
        throw err;
      };
      unlinks.push(await one.link(redis[0]!, channel, fail), await two.link(redis[1]!, channel, fail));
      two.sessions.set('t', { memberId: 7, sessionId: 's', expiresAt: 10 }, two.sessions.generation);
      two.infos.set(7, {} as never, two.infos.generation);
      one.dropSessions(7);
      one.dropInfo(7);
      await vi.waitFor(() => {
        expect(two.sessions.get('t')).toBeUndefined();
        expect(two.infos.get(7)).toBeUndefined();
      });
    });
  });
});
