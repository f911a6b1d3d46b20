import { RUNNER_TOKEN_HEADER, type ClaimedJob } from '@vidmatrix/contract/api/publish';
import { RUNNER_CLAIM_WAIT_MS } from '@vidmatrix/contract/rules/publish-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LongPolls } from '../src/modules/publish/long-poll.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, memberIdOf, runnerCall, until } from './publish-helpers.ts';

const BILIBILI = 5;
/** Well under RUNNER_CLAIM_WAIT_MS: a poll left waiting out its wait_ms fails these tests. */
const STATE_DEADLINE_MS = RUNNER_CLAIM_WAIT_MS / 2;

let ctx: TestContext;
let token: string;
let memberId: number;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' });
  token = (await login(ctx.app)).ApiToken;
  memberId = await memberIdOf(ctx.db, 'demo');
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
});

/** A long-poll claim over a real socket (inject has none to close). */
function longPoll(runnerToken: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/api/runner.Runner/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [RUNNER_TOKEN_HEADER]: runnerToken },
    body: JSON.stringify({ slots: 4, wait_ms: RUNNER_CLAIM_WAIT_MS }),
    signal,
  });
}

const polling = () => Promise.resolve(ctx.app.services.publish.longPolls.active);

describe('long-poll claims', () => {
  it('a runner that went away claims nothing: a job made due afterwards goes to the next runner at once', async () => {
    const gone = await createRunner(ctx.app, token, 'gone');
    const next = await createRunner(ctx.app, token, 'next');
    const aborted = new AbortController();
    const request = longPoll(gone.token, aborted.signal).catch((error: unknown) => error);
    await until('the long poll waits', polling, (n) => n === 1, STATE_DEADLINE_MS);
    aborted.abort();
    expect(await request).toBeInstanceOf(Error);
    await until('the long poll ends with its socket', polling, (n) => n === 0, STATE_DEADLINE_MS);

    const videos = await addVideos(ctx.db, memberId, ['lp.mp4']);
    const accounts = await addAccounts(ctx.db, memberId, [BILIBILI]);
    const batch = await memberCall(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
      material_ids: videos,
      enterprise_account_ids: accounts,
      title: '长轮询',
      description: '',
      topics: [],
      schedule: { spacing_sec: 0 },
    });
    expect(batch.code).toBe(200);
    const res = await runnerCall<{ jobs: ClaimedJob[] }>(ctx.app, next.token, 'claim', { slots: 4 });
    expect(res.data.jobs.map((j) => j.enterprise_account_id)).toEqual(accounts);
    const attempts = await ctx.db.selectFrom('publish_attempt').select('runner_id').execute();
    expect(attempts.map((a) => a.runner_id)).not.toContain(gone.id);
  });

  it('hands back what a look claimed while its request went away', async () => {
    const polls = new LongPolls();
    const gone = new AbortController();
    const released: number[][] = [];
    const found = await polls.poll(
      1,
      RUNNER_CLAIM_WAIT_MS,
      gone.signal,
      () => {
        gone.abort(); // the socket closes while the look claims
        return Promise.resolve([7, 8]);
      },
      (jobs) => {
        released.push(jobs);
        return Promise.resolve();
      },
    );
    expect(found).toEqual([]);
    expect(released).toEqual([[7, 8]]);
    expect(polls.active).toBe(0);
  });

  it('closing the server answers a waiting long poll now, with no job', async () => {
    const other = await createTestApp({ jobs: 'off' });
    try {
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherToken = (await login(other.app)).ApiToken;
      const runner = await createRunner(other.app, otherToken);
      const answer = fetch(`${otherBase}/api/runner.Runner/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [RUNNER_TOKEN_HEADER]: runner.token },
        body: JSON.stringify({ slots: 4, wait_ms: RUNNER_CLAIM_WAIT_MS }),
      }).then((r) => r.json() as Promise<{ code: number; data: { jobs: unknown[] } }>);
      await until(
        'the long poll waits',
        () => Promise.resolve(other.app.services.publish.longPolls.active),
        (n) => n === 1,
        STATE_DEADLINE_MS,
      );
      await other.app.close();
      expect(await answer).toMatchObject({ code: 200, data: { jobs: [] } });
    } finally {
      await other.close();
    }
  });
});
