import { Job } from '@vidmatrix/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS, type HandleOptions, type JobQueue } from '../src/jobs/job-queue.ts';
import type { OutboundMessage } from '../src/modules/customer/connector.ts';
import { registerCustomerJobs } from '../src/modules/customer/customer.jobs.ts';
import { CustomerRepository } from '../src/modules/customer/customer.repository.ts';
import {
  CustomerService,
  DELIVERY_ATTEMPTS,
  DELIVERY_LEASE_MS,
  DELIVERY_LEASE_RENEW_MS,
  type Repeat,
} from '../src/modules/customer/customer.service.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { addEnterpriseAccount, postCustomerMessage, testChannel, webhookSecretOf } from './realtime-helpers.ts';
import { call } from './upload-client.ts';

// A customer reply queued in Redis when Redis dies (found by scripts/cluster-check.mjs): the database
// row is the truth. When the queue comes back without its jobs, every reply still pending is queued
// again, but one an attempt is sending right now is left to it, so no reply goes twice; so is a job
// the queue runs again while its first run still sends.

let ctx: TestContext;
let token = '';
let conversationId = 0;
const sent: OutboundMessage[] = [];

beforeAll(async () => {
  ctx = await createTestApp(
    { redisUrl: undefined },
    {
      realtime: { channel: testChannel() },
      messageConnector: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
      },
    },
  );
  token = (await login(ctx.app)).ApiToken;
  const member = await webhookSecretOf(ctx.app, token);
  const account = await addEnterpriseAccount(ctx.app, token, '断连回复号');
  const inbound = await postCustomerMessage(
    ctx.app,
    member,
    { enterprise_account_id: account, customer_id: 'c-lost', content: '多少钱' },
    ctx.clock.now,
  );
  expect(inbound.statusCode).toBe(200);
  const list = await call<{ list: { conversation_id: number }[] }>(
    ctx.app,
    token,
    '/api/customer.DouyinCustomer/privateList',
  );
  conversationId = list.data.list[0]?.conversation_id ?? 0;
  await ctx.app.jobs.drain();
  // From here on no worker runs: the test plays the queue that lost its jobs.
  await ctx.app.jobs.close();
});

afterAll(async () => {
  await ctx.close();
});

const reply = async (content: string) => {
  const answer = await call<{ message_id: number }>(ctx.app, token, '/api/customer.DouyinCustomer/reply', {
    conversation_id: conversationId,
    content,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.message_id;
};
const statusOf = async (id: number) =>
  (await ctx.db.selectFrom('chat_message').select('delivery_status').where('id', '=', id).executeTakeFirstOrThrow())
    .delivery_status;

describe('a customer reply whose queued job was lost with Redis', () => {
  it('is queued again from the database and sent once', async () => {
    const id = await reply('还在，99元');
    const customers = ctx.app.services.customers;
    // What Redis coming back empty leaves: the reply pending, its job gone.
    expect(await customers.undelivered()).toContain(id);
    expect(await customers.deliver(id)).toBeUndefined();
    expect(await statusOf(id)).toBe('sent');
    expect(sent.filter((m) => m.content === '还在，99元')).toHaveLength(1);
    expect(await customers.undelivered()).not.toContain(id);
    // The job that was lost turns up after all (a worker had it in hand): nothing goes twice.
    expect(await customers.deliver(id)).toBeUndefined();
    expect(sent.filter((m) => m.content === '还在，99元')).toHaveLength(1);
  });

  it('a give-up that arrives after another run sent the reply leaves it sent', async () => {
    const id = await reply('明天发货');
    const customers = ctx.app.services.customers;
    expect(await customers.deliver(id)).toBeUndefined();
    expect(await statusOf(id)).toBe('sent');
    // A run of the same job stalled on a loaded machine (its lock lapsed, its last try used up): the
    // queue gives up on it after the reply went out. Shown 发送失败, the member would send it again.
    await customers.deliveryGaveUp(id);
    expect(await statusOf(id)).toBe('sent');
    expect(sent.filter((m) => m.content === '明天发货')).toHaveLength(1);
  });

  it('waits for an attempt that is sending it right now, and takes it once that attempt died', async () => {
    const id = await reply('包邮');
    const customers = ctx.app.services.customers;
    // An attempt of a worker that is still alive took the reply (its job was in hand, not in Redis).
    await ctx.db
      .updateTable('chat_message')
      .set({ attempts: 1, delivery_lease_until: ctx.clock.now + DELIVERY_LEASE_MS })
      .where('id', '=', id)
      .execute();
    expect(await customers.deliver(id)).toBe('held');
    expect(sent.filter((m) => m.content === '包邮')).toHaveLength(0);
    expect(await statusOf(id)).toBe('pending');
    // That worker died mid-send: its lease lapses and the resumed job sends the reply. The lease is
    // renewed while a sender lives (below), so it can be short: a dead sender's reply waits two job
    // leases at most (it was 5 minutes).
    expect(DELIVERY_LEASE_MS).toBeLessThanOrEqual(2 * JOB_LEASE_MS);
    ctx.clock.advance(DELIVERY_LEASE_MS + 1);
    expect(await customers.deliver(id)).toBeUndefined();
    expect(await statusOf(id)).toBe('sent');
    expect(sent.filter((m) => m.content === '包邮')).toHaveLength(1);
  });

  it('is what the delivery job gives a queue to queue again, as resumed jobs', async () => {
    const id = await reply('今天发货');
    let options: HandleOptions<{ messageId: number; resume?: boolean }> | undefined;
    const capture = {
      handle: (name: string, _handler: unknown, given: typeof options) => {
        if (name === Job.customerDeliver) {
          options = given;
        }
      },
    } as unknown as JobQueue;
    registerCustomerJobs(capture, { customers: ctx.app.services.customers });
    expect(await options?.recover?.()).toContainEqual({ messageId: id });
    // Queued again with a reply's own tries, as `reply()` queues it (the queue's default is 3).
    expect(options?.attempts).toBe(DELIVERY_ATTEMPTS);
  });

  it('stays held while its sender lives, however long the send takes, and is sent once', async () => {
    const id = await reply('慢慢发');
    // The renewal timer, ticked by hand.
    const ticks = new Set<() => Promise<void>>();
    const repeat: Repeat = (_ms, task) => {
      ticks.add(task);
      return () => {
        ticks.delete(task);
        return Promise.resolve();
      };
    };
    const tick = async () => {
      for (const task of ticks) {
        await task();
      }
    };
    const slowSent: OutboundMessage[] = [];
    let release = () => undefined as void;
    let sending = () => undefined as void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const slow = new CustomerService(
      {
        customerRepository: new CustomerRepository(ctx.db),
        enterpriseAccountRepository: { accountsByIds: () => Promise.resolve([]) },
        now: () => ctx.clock.now,
        jobs: { enqueue: () => Promise.resolve() },
        repeat,
      },
      {
        send: (message) => {
          slowSent.push(message);
          sending();
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    );
    const attempt = slow.deliver(id);
    await started;
    // Three leases pass while the connector sends; the sender renews on each tick.
    for (let passed = 0; passed <= 3 * DELIVERY_LEASE_MS; passed += DELIVERY_LEASE_RENEW_MS) {
      ctx.clock.advance(DELIVERY_LEASE_RENEW_MS);
      await tick();
    }
    // Redis lost the queue meanwhile, or the queue ran the job again because its lock lapsed (a
    // stalled process): either way the second attempt leaves the reply to its live sender.
    expect(await ctx.app.services.customers.deliver(id)).toBe('held');
    release();
    await attempt;
    expect(await statusOf(id)).toBe('sent');
    expect(slowSent.map((m) => m.content)).toEqual(['慢慢发']);
    expect(sent.filter((m) => m.content === '慢慢发')).toHaveLength(0);
    // The renewal stopped with the send.
    expect(ticks.size).toBe(0);
  });
});
