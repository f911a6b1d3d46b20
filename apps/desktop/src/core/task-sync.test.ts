import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import type { JobResult, PublishJob, RunHooks } from '@vidmatrix/publisher/types';
import { createMemoryLogger } from './log.ts';
import { startRunnerLoop, type RunnerApi } from './runner-loop.ts';
import { fileTokenStore, TaskSync, type Sealer } from './task-sync.ts';

const sealer: Sealer = {
  seal: (text) => Buffer.from(text).reverse().toString('base64'),
  open: (sealed) => Buffer.from(sealed, 'base64').reverse().toString(),
};

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'task-sync-'));
  const tokens = fileTokenStore(dir, sealer);
  const issued: number[] = [];
  const revoked: string[] = [];
  const loops: { token: string; member: number; stopped: boolean }[] = [];
  const sync = new TaskSync({
    tokens,
    issuer: {
      issue: (session) => {
        issued.push(session.memberId);
        return Promise.resolve(`runner-${session.memberId}-${issued.length}`);
      },
      revoke: (token) => {
        revoked.push(token);
        return Promise.resolve();
      },
    },
    startLoop: (token, session) => {
      const loop = { token, member: session.memberId, stopped: false };
      loops.push(loop);
      return {
        stop: () => {
          loop.stopped = true;
          return Promise.resolve();
        },
      };
    },
    log: createMemoryLogger(),
  });
  return { dir, tokens, sync, issued, revoked, loops };
}

const alice: DesktopSession = { memberId: 7, memberToken: 'member-token-7' };
const bob: DesktopSession = { memberId: 8, memberToken: 'member-token-8' };

describe('task sync', () => {
  it('starts the loop with a stored token on sign-in, stops it and forgets the token on sign-out', async () => {
    const { dir, tokens, sync, issued, revoked, loops } = await setup();
    await sync.signedIn(alice);
    expect(loops).toEqual([{ token: 'runner-7-1', member: 7, stopped: false }]);
    expect(await tokens.get(7)).toBe('runner-7-1');
    // Sealed at rest: the file never holds the token as written.
    expect(await readFile(join(dir, 'runner-tokens.json'), 'utf8')).not.toContain('runner-7-1');

    await sync.signedIn(alice);
    expect(loops).toHaveLength(1);

    await sync.signedOut();
    expect(loops[0]?.stopped).toBe(true);
    expect(await tokens.get(7)).toBeUndefined();
    expect(revoked).toEqual(['runner-7-1']);
    expect(sync.memberId).toBeUndefined();

    await sync.signedIn(alice);
    expect(issued).toEqual([7, 7]);
    expect(loops.at(-1)).toEqual({ token: 'runner-7-2', member: 7, stopped: false });
  });

  it('reuses the stored token after a restart and keeps it on shutdown', async () => {
    const first = await setup();
    await first.sync.signedIn(alice);
    await first.sync.shutdown();
    expect(first.loops[0]?.stopped).toBe(true);
    expect(await first.tokens.get(7)).toBe('runner-7-1');
    await first.sync.signedIn(alice);
    expect(first.issued).toEqual([7]);
    expect(first.loops.map((l) => l.token)).toEqual(['runner-7-1', 'runner-7-1']);
  });

  it('switches members: the first member’s loop stops and their token is forgotten', async () => {
    const { tokens, sync, loops } = await setup();
    // Not awaited in between: the calls are serialized.
    const done = Promise.all([sync.signedIn(alice), sync.signedIn(bob), sync.signedOut(), sync.signedIn(bob)]);
    await done;
    expect(loops.map((l) => [l.member, l.stopped])).toEqual([
      [7, true],
      [8, true],
      [8, false],
    ]);
    expect(await tokens.get(7)).toBeUndefined();
    expect(sync.memberId).toBe(8);
  });
});

describe('runner loop', () => {
  const job = (id: string): PublishJob => ({
    id,
    platform: 'douyin',
    account: { id: '1', profileDir: '/tmp/p' },
    videoPath: '/tmp/v.mp4',
    title: 't',
    description: '',
    topics: [],
  });
  const result: JobResult = { outcome: 'published', phase: 'verifying', submitClicked: true, connectorVersion: '1' };

  it('claims, runs with write-ahead submit, reports and finishes each job, then idles until stopped', async () => {
    const queue = [job('a'), job('b')];
    const calls: string[] = [];
    let idled!: () => void;
    const idle = new Promise<void>((resolve) => (idled = resolve));
    const api: RunnerApi = {
      claim: () => Promise.resolve(queue.shift()),
      phase: (id, phase) => {
        calls.push(`${id}:phase:${phase}`);
        return Promise.resolve({ cancelled: false });
      },
      progress: (id, percent) => {
        calls.push(`${id}:progress:${percent}`);
        return Promise.resolve();
      },
      markSubmitting: (id) => {
        calls.push(`${id}:submitting`);
        return Promise.resolve();
      },
      finish: (id, r) => {
        calls.push(`${id}:finish:${r.outcome}`);
        return Promise.resolve();
      },
    };
    const runJob = async (j: PublishJob, hooks: RunHooks) => {
      await hooks.onPhase?.('uploading');
      hooks.onProgress?.({ percent: 50, text: '50%' });
      await hooks.beforeSubmit?.();
      calls.push(`${j.id}:clicked`);
      return result;
    };
    const loop = startRunnerLoop({
      api,
      runJob,
      idle: (signal) => {
        idled();
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
      },
      log: createMemoryLogger(),
    });
    await idle;
    await loop.stop();
    expect(calls).toEqual([
      'a:phase:uploading',
      'a:progress:50',
      'a:submitting',
      'a:clicked',
      'a:finish:published',
      'b:phase:uploading',
      'b:progress:50',
      'b:submitting',
      'b:clicked',
      'b:finish:published',
    ]);
  });

  it('cancels the running job when stopped or when the server says so', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const finished: string[] = [];
    const api: RunnerApi = {
      claim: () => Promise.resolve(job('c')),
      phase: () => Promise.resolve({ cancelled: false }),
      progress: () => Promise.resolve(),
      markSubmitting: () => Promise.resolve(),
      finish: (id, r) => {
        finished.push(`${id}:${r.outcome}:${r.error?.reason}`);
        return Promise.resolve();
      },
    };
    const loop = startRunnerLoop({
      api,
      runJob: (_j, hooks) => {
        started();
        return new Promise((resolve) =>
          hooks.signal?.addEventListener('abort', () =>
            resolve({
              ...result,
              outcome: 'failed',
              submitClicked: false,
              error: { reason: 'cancelled', message: '', url: '', pageText: '' },
            }),
          ),
        );
      },
      idle: () => Promise.resolve(),
      log: createMemoryLogger(),
    });
    await running;
    await loop.stop();
    expect(finished).toEqual(['c:failed:cancelled']);
  });
});
