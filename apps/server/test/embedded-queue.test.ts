import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedJobQueue } from '../src/jobs/embedded-queue.ts';
import { JOB_LEASE_MS as LEASE_MS, STALLED_JOB_ERROR } from '../src/jobs/job-queue.ts';
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

/** Polls `probe` until it answers a value (state, not time; the deadline only ends a broken run). */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A job whose process died while running its `attempts`-th of three attempts: its lease has lapsed. */
function insertLapsedJob(name: string, payload: unknown, attempts: number) {
  const now = ctx.clock.now;
  return ctx.db
    .insertInto('job')
    .values({
      name,
      payload: JSON.stringify(payload),
      status: 'running',
      attempts,
      max_attempts: 3,
      run_at: now - 60_000,
      locked_until: now - 1,
      last_error: '',
      created_at: now - 60_000,
      updated_at: now - 60_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
    await insertLapsedJob('customer.deliver', { messageId: 5 }, 1);
    await queue.start();
    await queue.enqueue('customer.deliver', { messageId: 99 }, { delayMs: 60_000 });
    await queue.enqueue('material.media', { materialId: 1 });
    await queue.enqueue('material.media', { materialId: 2 });

    await Promise.all([allMedia.promise, lapsed.promise]);
    expect(media.sort()).toEqual([1, 2]);
    // The delayed job was not due at any poll that ran the others.
    expect(deliveries).toEqual([5]);
    // A handler's return is not yet its completion: until the row is gone the job is still leased, and
    // a clock moved past the lease would rightly hand it out again (at least once, jobs.ts).
    await until('the three finished jobs to be completed', async () => {
      const running = await ctx.db.selectFrom('job').select('id').where('status', '=', 'running').execute();
      return running.length === 0 ? true : undefined;
    });

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

  it('gives a claimed job a short lease that its heartbeat extends while the handler runs', async () => {
    // A second queue, as another process would be; its heartbeat beats often so the test need not wait.
    const held = new EmbeddedJobQueue(ctx.db, undefined, () => ctx.clock.now, { heartbeatMs: 5 });
    const started = signal<void>();
    const release = signal<void>();
    let runs = 0;
    held.handle('clip.render', async () => {
      runs += 1;
      started.resolve();
      await release.promise;
    });
    const row = () =>
      ctx.db
        .selectFrom('job')
        .select(['status', 'attempts', 'locked_until'])
        .where('name', '=', 'clip.render')
        .executeTakeFirst();
    try {
      await held.start();
      await held.enqueue('clip.render', { outputId: 7 });
      await started.promise;
      const claimedAt = ctx.clock.now;
      // Claimed with the short lease, not ten minutes.
      const claimed = await row();
      expect(claimed).toMatchObject({ status: 'running' });
      expect([Number(claimed?.attempts), Number(claimed?.locked_until)]).toEqual([1, claimedAt + LEASE_MS]);

      // Two thirds into the lease, the heartbeat extends it from the queue's own clock.
      ctx.clock.advance((LEASE_MS * 2) / 3);
      const renewedTo = ctx.clock.now + LEASE_MS;
      await until('the lease renewed', async () => {
        const r = await row();
        return r && Number(r.locked_until) === renewedTo ? r : undefined;
      });
      // Past the claim's first lease: the job is still leased, so no process may retake it.
      ctx.clock.advance((LEASE_MS * 2) / 3);
      const now = ctx.clock.now;
      expect(claimedAt + LEASE_MS).toBeLessThan(now);
      const current = await row();
      expect(current?.status).toBe('running');
      expect(Number(current?.locked_until)).toBeGreaterThan(now);

      release.resolve();
      await held.drain();
      expect(await row()).toBeUndefined();
      expect(runs).toBe(1);
    } finally {
      release.resolve();
      await held.close();
    }
  });
  it('fails a job whose last attempt stalled, once, and tells its onFailed instead of running it again', async () => {
    const other = new EmbeddedJobQueue(ctx.db, undefined, () => ctx.clock.now);
    const failed = signal<{ payload: unknown; error: Error }>();
    let runs = 0;
    // A name the shared queue above does not handle, so only this queue can find the job.
    other.handle(
      'clip.render',
      () => {
        runs += 1;
        return Promise.resolve();
      },
      {
        onFailed: (payload, error) => {
          failed.resolve({ payload, error });
          return Promise.resolve();
        },
      },
    );
    // Its process died on the third of three attempts: the lease lapsed with no attempt left.
    const inserted = await insertLapsedJob('clip.render', { outputId: 41 }, 3);
    try {
      await other.start();
      const { payload, error } = await failed.promise;
      expect(payload).toEqual({ outputId: 41 });
      expect(error.message).toBe(STALLED_JOB_ERROR);
      const row = await ctx.db
        .selectFrom('job')
        .select(['status', 'attempts', 'last_error'])
        .where('id', '=', inserted.id)
        .executeTakeFirstOrThrow();
      expect({ ...row, attempts: Number(row.attempts) }).toEqual({
        status: 'failed',
        attempts: 3,
        last_error: STALLED_JOB_ERROR,
      });
      expect(runs).toBe(0);
    } finally {
      await other.close();
      await ctx.db.deleteFrom('job').where('id', '=', inserted.id).execute();
    }
  });

  it('lets a late finisher of a lost claim change nothing of the run another process took since', async () => {
    const late = new EmbeddedJobQueue(ctx.db, undefined, () => ctx.clock.now);
    const started = signal<void>();
    const release = signal<void>();
    late.handle('clip.render', async () => {
      started.resolve();
      await release.promise;
    });
    const row = () =>
      ctx.db.selectFrom('job').select(['status', 'attempts']).where('name', '=', 'clip.render').executeTakeFirst();
    try {
      await late.start();
      await late.enqueue('clip.render', { outputId: 8 });
      await started.promise;
      // Another process retook it (this one was paused past its lease): the claim moved on to attempt 2.
      await ctx.db.updateTable('job').set({ attempts: 2 }).where('name', '=', 'clip.render').execute();
      release.resolve();
      await late.close();
      const current = await row();
      expect(current && { ...current, attempts: Number(current.attempts) }).toEqual({ status: 'running', attempts: 2 });
    } finally {
      release.resolve();
      await late.close();
      await ctx.db.deleteFrom('job').where('name', '=', 'clip.render').execute();
    }
  });
});
