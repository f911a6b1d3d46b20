import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedJobQueue } from '../src/jobs/embedded-queue.ts';
import { createTestApp, type TestContext } from './helpers.ts';

// The DB-backed queue on its own, over the test database (SQLite, or PostgreSQL with DATABASE_URL);
// the app's own queue is off, so only this one claims. Time is the test clock; nothing sleeps.
let ctx: TestContext;
let queue: EmbeddedJobQueue;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' });
  queue = new EmbeddedJobQueue(ctx.db, undefined, () => ctx.clock.now);
});
afterAll(async () => {
  await queue.close();
  await ctx.close();
});

/** A promise with its resolve, for a handler to report that it ran. */
function signal<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('EmbeddedJobQueue', () => {
  it('runs due jobs of every name once, holds back a delayed one until its time, and retakes a lapsed lease', async () => {
    const media: number[] = [];
    const deliveries: number[] = [];
    const allMedia = signal<void>();
    const lapsed = signal<void>();
    const delayed = signal<void>();
    queue.handle('material.media', ({ materialId }) => {
      media.push(materialId);
      if (media.length === 2) {
        allMedia.resolve();
      }
      return Promise.resolve();
    });
    queue.handle('customer.deliver', ({ messageId }) => {
      deliveries.push(messageId);
      if (messageId === 99) {
        delayed.resolve();
      } else {
        lapsed.resolve();
      }
      return Promise.resolve();
    });
    // A job whose process died while running it: its lease has lapsed, so it is due again (its name
    // has no other job, so only the lapsed lease can make it due).
    const now = ctx.clock.now;
    await ctx.db
      .insertInto('job')
      .values({
        name: 'customer.deliver',
        payload: JSON.stringify({ messageId: 5 }),
        status: 'running',
        attempts: 1,
        max_attempts: 3,
        run_at: now - 60_000,
        locked_until: now - 1,
        last_error: '',
        created_at: now - 60_000,
        updated_at: now - 60_000,
      })
      .execute();
    await queue.start();
    await queue.enqueue('customer.deliver', { messageId: 99 }, { delayMs: 60_000 });
    await queue.enqueue('material.media', { materialId: 1 });
    await queue.enqueue('material.media', { materialId: 2 });

    await Promise.all([allMedia.promise, lapsed.promise]);
    expect(media.sort()).toEqual([1, 2]);
    // The delayed job was not due at any poll that ran the others.
    expect(deliveries).toEqual([5]);

    ctx.clock.advance(60_000);
    await delayed.promise;
    await queue.drain();
    expect(media.sort()).toEqual([1, 2]);
    expect(deliveries).toEqual([5, 99]);
    const left = await ctx.db
      .selectFrom('job')
      .select('id')
      .where('name', 'in', ['material.media', 'customer.deliver'])
      .execute();
    expect(left).toEqual([]);
  });
});
