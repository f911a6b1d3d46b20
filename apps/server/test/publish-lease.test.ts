import { PUBLISH_LEASE_MS, PUBLISH_RETRY_BACKOFF_MS } from '@vidmatrix/contract/rules/publish-state';
import { describe, expect, it } from 'vitest';
import { addAccounts, addVideos, createRunner, memberCall, publishServerHooks, runnerCall } from './publish-helpers.ts';

// Claims under concurrency and the lease protocol (batches and hand-offs: publish.test.ts).

const XHS = 3;
const BILIBILI = 5;

const server = publishServerHooks();
const { addBatch, claim, jobState } = server;

describe('claims under concurrency', () => {
  it('8 runners claiming in parallel on 200 due jobs never claim one twice', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['c1.mp4', 'c2.mp4', 'c3.mp4', 'c4.mp4']);
    const accounts = await addAccounts(
      server.ctx.db,
      server.memberId,
      Array.from({ length: 50 }, () => XHS),
    );
    const batch = await addBatch(videos, accounts);
    expect(batch.data.job_count).toBe(200);
    const runners = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createRunner(server.ctx.app, server.token, `r${i}`)),
    );
    const claimed: number[] = [];
    let done = 0;
    await Promise.all(
      runners.map(async (runner) => {
        for (let round = 0; round < 10_000 && done < 200; round++) {
          const jobs = await claim(runner.token);
          for (const job of jobs) {
            claimed.push(job.job_id);
            expect((await runnerCall(server.ctx.app, runner.token, 'beforeSubmit', { job_id: job.job_id })).code).toBe(
              200,
            );
            const fin = await runnerCall<{ state: string }>(server.ctx.app, runner.token, 'finish', {
              job_id: job.job_id,
              outcome: 'published',
              submit_clicked: true,
              work_id: `w${job.job_id}`,
            });
            expect(fin.data.state).toBe('published');
            done++;
          }
        }
      }),
    );
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed).size).toBe(200);
    const attempts = await server.ctx.db
      .selectFrom('publish_attempt as a')
      .innerJoin('publish_job as j', 'j.id', 'a.job_id')
      .select('a.job_id')
      .where('j.batch_id', '=', batch.data.batch_id)
      .execute();
    expect(attempts).toHaveLength(200);
    const info = await memberCall<{ batch: { states: Record<string, number> } }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/info',
      { batch_id: batch.data.batch_id },
    );
    expect(info.data.batch.states).toEqual({ published: 200 });
  });

  it('keeps one job per account running at a time', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['o1.mp4', 'o2.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [BILIBILI]);
    await addBatch(videos, accounts);
    const a = await createRunner(server.ctx.app, server.token);
    const b = await createRunner(server.ctx.app, server.token);
    const first = await claim(a.token);
    expect(first).toHaveLength(1);
    expect(await claim(b.token)).toEqual([]);
    await runnerCall(server.ctx.app, a.token, 'beforeSubmit', { job_id: first[0]!.job_id });
    await runnerCall(server.ctx.app, a.token, 'finish', {
      job_id: first[0]!.job_id,
      outcome: 'published',
      submit_clicked: true,
    });
    const second = await claim(b.token);
    expect(second).toHaveLength(1);
    await runnerCall(server.ctx.app, b.token, 'finish', {
      job_id: second[0]!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'rule_violation' },
    });
  });
});

describe('leases', () => {
  it('a lease lost before submitting puts the job back in the queue', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['l1.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS]);
    await addBatch(videos, accounts);
    const lost = await createRunner(server.ctx.app, server.token);
    const [job] = await claim(lost.token);
    expect(job!.verify_only).toBe(false);
    expect(
      (
        await runnerCall(server.ctx.app, lost.token, 'progress', {
          job_id: job!.job_id,
          phase: 'uploading',
          percent: 40,
        })
      ).code,
    ).toBe(200);

    server.ctx.clock.advance(PUBLISH_LEASE_MS + 1);
    await server.ctx.app.services.publish.sweeper.sweep();
    const row = await jobState(job!.job_id);
    expect(row.state).toBe('queued');
    expect(row.lease_owner).toBeNull();
    expect(row.run_at).toBeGreaterThan(server.ctx.clock.now);
    // The runner that lost it can no longer move it, nor submit it.
    expect((await runnerCall(server.ctx.app, lost.token, 'beforeSubmit', { job_id: job!.job_id })).code).toBe(403);

    server.ctx.clock.advance(PUBLISH_RETRY_BACKOFF_MS[0] * 2);
    const next = await createRunner(server.ctx.app, server.token);
    const [again] = await claim(next.token);
    expect(again!.job_id).toBe(job!.job_id);
    expect(again!.verify_only).toBe(false);
    expect((await jobState(job!.job_id)).attempt_count).toBe(2);
    await runnerCall(server.ctx.app, next.token, 'finish', {
      job_id: job!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'rule_violation' },
    });
  });

  it('a lease lost after submitting sends the job to verification, never to a second submit', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['l2.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS]);
    await addBatch(videos, accounts);
    const lost = await createRunner(server.ctx.app, server.token);
    const [job] = await claim(lost.token);
    expect((await runnerCall(server.ctx.app, lost.token, 'beforeSubmit', { job_id: job!.job_id })).code).toBe(200);

    server.ctx.clock.advance(PUBLISH_LEASE_MS + 1);
    await server.ctx.app.services.publish.sweeper.sweep();
    const row = await jobState(job!.job_id);
    expect(row.state).toBe('verifying');
    expect(row.verify_only).toBe(1);

    const verifier = await createRunner(server.ctx.app, server.token);
    const [again] = await claim(verifier.token);
    expect(again).toMatchObject({ job_id: job!.job_id, verify_only: true });
    // Neither runner may submit it again.
    expect((await runnerCall(server.ctx.app, verifier.token, 'beforeSubmit', { job_id: job!.job_id })).code).toBe(403);
    expect(
      (
        await runnerCall(server.ctx.app, lost.token, 'finish', {
          job_id: job!.job_id,
          outcome: 'published',
          submit_clicked: true,
        })
      ).code,
    ).toBe(403);
    const fin = await runnerCall<{ state: string }>(server.ctx.app, verifier.token, 'finish', {
      job_id: job!.job_id,
      outcome: 'published',
      submit_clicked: false,
      work_id: 'found-1',
      permalink: 'https://example.test/w/found-1',
    });
    expect(fin.data.state).toBe('published');
    expect((await jobState(job!.job_id)).work_id).toBe('found-1');
  });

  it('heartbeats keep the lease and carry a cancellation back', async () => {
    const videos = await addVideos(server.ctx.db, server.memberId, ['h1.mp4']);
    const accounts = await addAccounts(server.ctx.db, server.memberId, [XHS]);
    const batch = await addBatch(videos, accounts);
    const runner = await createRunner(server.ctx.app, server.token);
    const [job] = await claim(runner.token);
    server.ctx.clock.advance(PUBLISH_LEASE_MS - 1000);
    const beat = await runnerCall<{ jobs: { held: boolean; cancel: boolean }[] }>(
      server.ctx.app,
      runner.token,
      'heartbeat',
      {
        job_ids: [job!.job_id],
      },
    );
    expect(beat.data.jobs[0]).toMatchObject({ held: true, cancel: false });
    server.ctx.clock.advance(2000);
    await server.ctx.app.services.publish.sweeper.sweep();
    expect((await jobState(job!.job_id)).state).toBe('claimed');

    const cancel = await memberCall<{ count: number }>(
      server.ctx.app,
      server.token,
      '/api/seoaivideo.BatchPublish/cancel',
      {
        batch_id: batch.data.batch_id,
      },
    );
    expect(cancel.data.count).toBe(1);
    const beat2 = await runnerCall<{ jobs: { held: boolean; cancel: boolean }[] }>(
      server.ctx.app,
      runner.token,
      'heartbeat',
      {
        job_ids: [job!.job_id],
      },
    );
    expect(beat2.data.jobs[0]).toMatchObject({ held: true, cancel: true });
    expect((await runnerCall(server.ctx.app, runner.token, 'beforeSubmit', { job_id: job!.job_id })).code).toBe(403);
    const fin = await runnerCall<{ state: string }>(server.ctx.app, runner.token, 'finish', {
      job_id: job!.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'cancelled' },
    });
    expect(fin.data.state).toBe('cancelled');
  });
});
