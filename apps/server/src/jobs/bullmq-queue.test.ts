import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { BullJobQueue } from './bullmq-queue.ts';
import type { JobContext } from './job-queue.ts';

const redisUrl = process.env.REDIS_URL;

// The BullMQ side of the job queue (REDIS_URL set): what a scheduler's runs and a failing job see.
describe.skipIf(!redisUrl)('BullMQ job queue', () => {
  let connection: Redis | undefined;
  let queue: BullJobQueue | undefined;
  let prefix = '';

  function open(): BullJobQueue {
    connection = new Redis(redisUrl ?? '', { maxRetriesPerRequest: null });
    prefix = `test-jobs-${randomBytes(4).toString('hex')}`;
    queue = new BullJobQueue(connection, prefix);
    return queue;
  }

  afterEach(async () => {
    await queue?.close();
    const keys = await connection?.keys(`${prefix}:*`);
    if (keys?.length) {
      await connection?.del(...keys);
    }
    await connection?.quit();
  });

  it('runs a scheduled job again and again, each run a job of one attempt', async () => {
    const q = open();
    const runs: JobContext[] = [];
    const twice = new Promise<void>((resolve) => {
      q.handle('publish.sweep', (_payload, context) => {
        runs.push(context);
        if (runs.length === 2) {
          resolve();
        }
        return Promise.resolve();
      });
    });
    await q.every('publish.sweep', 100);
    await q.start();
    await twice;
    expect(runs.slice(0, 2)).toEqual([
      { attempt: 1, maxAttempts: 1 },
      { attempt: 1, maxAttempts: 1 },
    ]);
  });

  it('tries a failing job its attempts, then reports it failed once', async () => {
    const q = open();
    const attempts: JobContext[] = [];
    const failed = new Promise<Error>((resolve) => {
      q.handle(
        'publish.sweep',
        (_payload, context) => {
          attempts.push(context);
          return Promise.reject(new Error(`try ${context.attempt}`));
        },
        { onFailed: (_payload, error) => Promise.resolve(resolve(error)) },
      );
    });
    await q.enqueue('publish.sweep', {}, { attempts: 2 });
    await q.start();
    expect((await failed).message).toBe('try 2');
    expect(attempts).toEqual([
      { attempt: 1, maxAttempts: 2 },
      { attempt: 2, maxAttempts: 2 },
    ]);
  });

  it('queues again what the database says is unfinished when Redis comes back without the queue', async () => {
    const q = open();
    let unfinished: number[] = [];
    const rendered: number[] = [];
    const contexts: JobContext[] = [];
    const recovered = new Promise<void>((resolve) => {
      q.handle(
        'clip.render',
        (payload, context) => {
          rendered.push(payload.outputId);
          contexts.push(context);
          resolve();
          return Promise.resolve();
        },
        // The name's own tries (as its callers enqueue it), not the queue's default of 3.
        { recover: () => Promise.resolve(unfinished.map((outputId) => ({ outputId }))), attempts: 2 },
      );
    });
    q.handle('publish.sweep', () => Promise.resolve());
    await q.start();
    await q.every('publish.sweep', 3_600_000);
    // Redis loses this queue's data (a restart without persistence), then the connection comes back.
    const keys = await connection?.keys(`${prefix}:*`);
    await connection?.del(...(keys ?? []));
    unfinished = [7];
    connection?.disconnect(true);
    await recovered;
    expect(rendered).toEqual([7]);
    expect(contexts).toEqual([{ attempt: 1, maxAttempts: 2 }]);
    // The schedule is back too: it was set again before the unfinished jobs were queued.
    expect(await connection?.keys(`${prefix}:publish.sweep:repeat*`)).not.toEqual([]);
  });
});
